/** A worker thread's module beside the calling one: the compiled file, or, run from sources, the TypeScript one through tsx. */
export function workerModule(callerUrl: string, name: string): { filename: string; execArgv: string[] } {
  const fromSources = callerUrl.endsWith('.ts');
  return { filename: new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, callerUrl).href, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}
