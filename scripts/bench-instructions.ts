/**
 * `tsx scripts/bench-instructions.ts [--requests 3000] [--warmup 4000] [--path URL_PATH ...] [--log-level warn] [--env NAME=value ...] [DIR ...]`:
 * machine instructions per request of the compiled server (`DIR/dist/server/main.js`, this
 * checkout by default, under this checkout's `npm start` flags), counted by valgrind's callgrind.
 *
 * CPU time per request moves with whatever else the machine runs; an instruction count does not,
 * so two checkouts can be compared on a busy machine, or across machines. It is a count, not a
 * time: cache misses and memory growth do not show in it, so it complements `npm run bench
 * -- --baseline DIR` rather than replacing it. Each server runs under callgrind with collection
 * off, is warmed up (so V8 has optimised the hot path), and collects only while the measured
 * requests run (callgrind_control -i on/off). The demo catalog of a fresh SQLite file is served;
 * the default path is the cached catalog page; several --path are sent in turn, and
 * `--env RESPONSE_CACHE_MB=0` makes every page an uncached one. Needs Debian's `valgrind`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { envAssignments } from './lib/bench-options.js';
import { freePort, start, startNodeArgs } from './lib/processes.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '4000' },
    path: { type: 'string', multiple: true, default: ['/api/partner/content/catalog'] },
    'log-level': { type: 'string', default: 'warn' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const requests = Number(values.requests);
const paths = values.path;
const extraEnv = envAssignments(values.env);
const warmup = Number(values.warmup);
const root = resolve(import.meta.dirname, '..');
const checkouts = (positionals.length ? positionals : [root]).map((d) => resolve(d));
const HOST = '127.0.0.1';
// vgdb finds a process's control pipe by the HOST and USER its environment had: give both the same.
const controlEnv = { ...process.env, HOST, USER: process.env.USER ?? 'bench' };

function call(agent: Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = request({ host: HOST, port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

async function measure(checkout: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-instructions-'));
  const port = await freePort();
  const out = join(dir, 'callgrind.out');
  const server = await start({
    name: `callgrind ${checkout}`,
    command: 'valgrind',
    args: ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, ...startNodeArgs(root, checkout)],
    env: { ...controlEnv, DATABASE_URL: join(dir, 'catalog.db'), PORT: String(port), LOG_LEVEL: values['log-level'], METRICS_PORT: '0', BENCH_RATE_LIMIT_MULTIPLIER: '1000000', NODE_ENV: 'development', ...extraEnv },
    ready: /api_secret\s+(\S+)/,
    readyTimeoutMs: 300_000,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const key = /api_key\s+(\S+)/.exec(server.output())![1]!;
    const auth = await call(agent, port, 'POST', '/api/partner/auth', { 'content-type': 'application/json' }, JSON.stringify({ api_key: key, api_secret: server.ready[1] }));
    const headers = { authorization: `Bearer ${(JSON.parse(auth.body) as { access_token: string }).access_token}` };
    const run = async (n: number) => {
      let sent = 0;
      const connection = async () => {
        while (sent < n) {
          const path = paths[sent++ % paths.length]!;
          const r = await call(agent, port, 'GET', path, headers);
          if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body.slice(0, 300)}`);
        }
      };
      await Promise.all([connection(), connection(), connection(), connection()]);
    };
    await run(warmup);
    execFileSync('callgrind_control', ['-i', 'on', String(server.pid)], { env: controlEnv, stdio: 'ignore' });
    await run(requests);
    execFileSync('callgrind_control', ['-i', 'off', String(server.pid)], { env: controlEnv, stdio: 'ignore' });
  } finally {
    agent.destroy();
    await server.stop();
  }
  // One file per thread; the event loop's is the one with the most instructions.
  const totals = readdirSync(dir)
    .filter((f) => f.startsWith('callgrind.out'))
    .map((f) => Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1] ?? 0));
  rmSync(dir, { recursive: true, force: true });
  return Math.max(...totals) / requests;
}

for (const checkout of checkouts) {
  const perRequest = await measure(checkout);
  console.log(`${checkout}: ${Math.round(perRequest).toLocaleString('en')} instructions per request (${requests} requests of ${paths.join(', ')} after ${warmup})`);
}
