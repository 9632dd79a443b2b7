/**
 * `tsx scripts/bench-startup.ts [--runs 7] [--cwd DIR] [-- command args...]`: how long the server
 * takes from spawn to listening, and its memory once it listens, over several starts.
 *
 * By default it starts what `npm start` runs (package.json "start", after `npm run build`); give
 * another command after `--` to measure something else the same way (an older checkout's start,
 * say, with --cwd). Every start uses one SQLite file created by a first, unmeasured start, so
 * what is timed is a restart (migrations done, demo data present), which is what a deployment
 * does. The RSS is the largest of the started process and its descendants (a launcher such as
 * tsx runs the server in a child), read from /proc once the server has answered /readyz.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { descendants, memory } from './lib/process-stats.js';
import { start, startNodeArgs } from './lib/processes.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '7' }, cwd: { type: 'string' } },
});
const cwd = resolve(values.cwd ?? join(import.meta.dirname, '..'));
let command = positionals;
if (command.length === 0) {
  execFileSync(process.execPath, [join(cwd, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
  command = [process.execPath, ...startNodeArgs(cwd)];
}

const dir = mkdtempSync(join(tmpdir(), 'pcas-startup-'));
const env = { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: join(dir, 'catalog.db') };

async function startOnce(): Promise<{ ms: number; rssMb: number }> {
  const child = await start({ command: command[0]!, args: command.slice(1), cwd, env, ready: /listening on (http:\/\/localhost:\d+)/, readyTimeoutMs: 120_000 });
  try {
    if ((await fetch(`${child.ready[1]}/readyz`)).status !== 200) throw new Error('not ready after listening');
    return { ms: child.startMs, rssMb: Math.max(...descendants(child.pid).map((pid) => memory(pid).rssKb)) / 1024 };
  } finally {
    await child.stop();
  }
}

try {
  await startOnce(); // creates and seeds the database; not measured
  const runs: Array<{ ms: number; rssMb: number }> = [];
  for (let i = 0; i < Number(values.runs); i++) runs.push(await startOnce());
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const result = {
    command: command.join(' ').replace(process.execPath, 'node'),
    node: execFileSync(command[0]!.endsWith('node') ? command[0]! : process.execPath, ['--version']).toString().trim(),
    runs: runs.length,
    spawnToListeningMs: Math.round(median(runs.map((r) => r.ms))),
    rssAfterStartMb: Math.round(median(runs.map((r) => r.rssMb))),
    samples: runs.map((r) => ({ ms: Math.round(r.ms), rssMb: Math.round(r.rssMb) })),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
