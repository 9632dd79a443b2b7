/** Starts the real entry point (`npm start` runs `tsx server/main.ts`) as a child process on a free port. */
import { join, resolve } from 'node:path';
import { start, type Child } from './child.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

export interface Entry {
  child: Child;
  /** e.g. http://localhost:41234 */
  base: string;
}

/**
 * How `npm start` runs the server: one node process with tsx as its loader. (The `tsx` launcher
 * relays SIGTERM to a child process and SIGKILLs it unless it acknowledges within about 30 ms,
 * which a server busy with requests often cannot: no graceful shutdown.)
 */
export const SERVER_COMMAND = process.execPath;
export const SERVER_ARGS = ['--max-semi-space-size=4', '--import', 'tsx', 'server/main.ts'];

/** Boots the server as `npm start` does, with PORT=0 and the given environment; resolves once it listens. */
export async function startEntry(env: Record<string, string>): Promise<Entry> {
  const child = await start({
    command: SERVER_COMMAND,
    args: SERVER_ARGS,
    cwd: ROOT,
    env: { PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    ready: /listening on (http:\/\/localhost:\d+)/,
    name: 'server',
  });
  return { child, base: child.ready[1]! };
}

/** The demo partner's credentials, as the first start prints them. */
export function demoCredentials(output: string): { api_key: string; api_secret: string } {
  const apiKey = /api_key\s+(pk_\S+)/.exec(output)?.[1];
  const apiSecret = /api_secret\s+(sk_\S+)/.exec(output)?.[1];
  if (!apiKey || !apiSecret) throw new Error(`no demo credentials in the server's output:\n${output}`);
  return { api_key: apiKey, api_secret: apiSecret };
}
