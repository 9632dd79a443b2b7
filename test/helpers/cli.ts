/** Runs the real admin CLI as a child process, the way operators do, against a temporary SQLite file. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** The compiled CLI, as `npm run admin` runs it (`npm test` builds it first when sources changed). */
const ENTRY = join(ROOT, 'dist/server/cli/admin.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/server/cli/admin.js ...args` with the given extra environment. */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    // DEBUG is removed so tests see what operators see (no stack traces) unless a test sets it.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DEBUG: undefined, ...env };
    const child = spawn(process.execPath, [ENTRY, ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 128 : -1), stdout, stderr }));
  });
}

/** A CLI bound to its own temporary database file. */
export interface TempCli {
  dir: string;
  dbPath: string;
  run(...args: string[]): Promise<CliResult>;
  /** Runs with --json, requires exit 0 and returns the parsed stdout document. */
  json<T = Record<string, unknown>>(...args: string[]): Promise<T>;
  /** Writes a file into the temporary directory and returns its path. */
  file(name: string, content: unknown): Promise<string>;
  cleanup(): Promise<void>;
}

/** A fresh temporary directory and database path (the file is created by the CLI on first use). */
export async function tempCli(): Promise<TempCli> {
  const dir = await mkdtemp(join(tmpdir(), 'admin-cli-'));
  const dbPath = join(dir, 'catalog.db');
  const run = (...args: string[]) => runCli(args, { DATABASE_URL: dbPath });
  return {
    dir,
    dbPath,
    run,
    async json<T>(...args: string[]) {
      const result = await run(...args, '--json');
      if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
    async file(name, content) {
      const path = join(dir, name);
      await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** True when the output carries a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+\(?.+:\d+:\d+\)?$/m.test(text);
}
