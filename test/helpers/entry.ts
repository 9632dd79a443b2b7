/** Starts the real entry point (`npm start`: the compiled server under plain node) as a child process on a free port. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { start, type Child } from '../../scripts/lib/processes.js';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Entry {
  child: Child;
  /** e.g. http://localhost:41234 */
  base: string;
}

/**
 * What `npm start` runs, read from package.json so tests start the server exactly as studios do:
 * one node process running the compiled server (`npm test` builds it first when sources changed).
 * The script `exec`s node so that npm's shell hands signals straight to the server.
 */
const START = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.replace(/^exec /, '').split(' ');
if (START[0] !== 'node') throw new Error(`package.json "start" no longer runs node: ${START.join(' ')}`);
export const SERVER_COMMAND = process.execPath;
export const SERVER_ARGS = START.slice(1);

/**
 * Resolves once /readyz no longer says the instance is warming up (server/platform/warm-up.ts):
 * ready, or unready for another reason (a store that is down). Warm-up is bounded by
 * WARMUP_TIMEOUT_MS, so this ends; polled every 20 ms.
 */
export async function untilWarm(base: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/readyz`);
    const body = await res.text();
    if (res.status === 200 || !body.includes('warming up')) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Boots the server as `npm start` does, with PORT=0 and the given environment; resolves once it listens and has warmed up. */
export async function startEntry(env: Record<string, string>): Promise<Entry> {
  const child = await start({
    command: SERVER_COMMAND,
    args: SERVER_ARGS,
    cwd: ROOT,
    env: { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    ready: /listening on (http:\/\/localhost:\d+)/,
    name: 'server',
  });
  await untilWarm(child.ready[1]!);
  return { child, base: child.ready[1]! };
}

/** The demo partner's credentials, as the first start prints them. */
export function demoCredentials(output: string): { api_key: string; api_secret: string } {
  const apiKey = /api_key\s+(pk_\S+)/.exec(output)?.[1];
  const apiSecret = /api_secret\s+(sk_\S+)/.exec(output)?.[1];
  if (!apiKey || !apiSecret) throw new Error(`no demo credentials in the server's output:\n${output}`);
  return { api_key: apiKey, api_secret: apiSecret };
}
