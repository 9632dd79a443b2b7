/**
 * `tsx scripts/bench-import-impact.ts [--series 3000] [--phase-ms 20000] [--concurrency 8] [--engines sqlite,postgres]`:
 * what a catalog import through the CLI does to partners. For each engine it starts the server
 * as `npm start` does (fresh SQLite file, or a fresh PostgreSQL schema of PG_URL, default the
 * test database), sends the demo partner's reads (catalog pages, series, searches) at a fixed
 * concurrency for one phase with nothing else running, then again while `npm run admin -- catalog
 * import` upserts `--series` generated series (paced by the studio contract's x-catalog-import),
 * then once more after it, and prints partner p50/p99 before, during and after, the machine's load
 * average at each, and how long the import took. The rise is read against the mean of before and
 * after, so a machine whose load drifts (other jobs) shows it as before ≠ after. Measurements, not
 * a test: put the row in docs/performance.md with the machine it ran on.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { demoCatalog } from '../server/demo/catalog.js';
import { start, startNodeArgs } from './lib/processes.js';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '3000' },
    'phase-ms': { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '8' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});
const root = resolve(import.meta.dirname, '..');
const SERIES = Number(values.series);
const PHASE_MS = Number(values['phase-ms']);
const CONCURRENCY = Number(values.concurrency);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Partner reads at CONCURRENCY until stop() resolves; latencies in ms. */
async function partnerLoad(base: string, token: string, until: Promise<unknown>) {
  const headers = { Authorization: `Bearer ${token}` };
  const first = await fetch(`${base}/api/partner/content/catalog?limit=20`, { headers });
  if (first.status !== 200) throw new Error(`the first catalog page answered ${first.status}: ${await first.text()}`);
  const catalog = (await first.json()) as { items: Array<{ id: string }> };
  const paths = [
    '/api/partner/content/catalog?limit=20',
    '/api/partner/content/search?q=harbour',
    '/api/partner/content/search?q=the',
    ...catalog.items.slice(0, 10).map((s) => `/api/partner/content/series/${s.id}`),
  ];
  const ms: number[] = [];
  let errors = 0;
  const statuses: Record<number, number> = {};
  let done = false;
  void until.then(() => (done = true));
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; !done; i++) {
        const t = performance.now();
        const res = await fetch(base + paths[i % paths.length]!, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) {
          errors++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
        ms.push(performance.now() - t);
      }
    }),
  );
  ms.sort((a, b) => a - b);
  return { requests: ms.length, errors, statuses, p50: Math.round(percentile(ms, 50) * 10) / 10, p99: Math.round(percentile(ms, 99) * 10) / 10 };
}

async function measure(engine: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-import-impact-'));
  const schema = `bench_import_${Date.now().toString(36)}`;
  const admin = new pg.Pool({ connectionString: PG_URL, max: 1 });
  let databaseUrl = join(dir, 'catalog.db');
  if (engine === 'postgres') {
    await admin.query(`create schema ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  const env = { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: databaseUrl, BENCH_RATE_LIMIT_MULTIPLIER: '1000000', USAGE_SPOOL_DIR: dir };
  const server = await start({ command: process.execPath, args: startNodeArgs(root), cwd: root, env, ready: /listening on (http:\/\/localhost:\d+)/, readyTimeoutMs: 120_000, name: 'server' });
  try {
    const base = server.ready[1]!;
    while ((await fetch(`${base}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 50));
    const apiKey = /api_key\s+(pk_\S+)/.exec(server.output())?.[1];
    const apiSecret = /api_secret\s+(sk_\S+)/.exec(server.output())?.[1];
    const auth = await fetch(`${base}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ api_key: apiKey, api_secret: apiSecret }) });
    const token = ((await auth.json()) as { access_token: string }).access_token;
    const phase = () => new Promise((r) => setTimeout(r, PHASE_MS));
    const before = { ...(await partnerLoad(base, token, phase())), load: loadavg()[0]!.toFixed(1) };

    // The demo catalog's series with other content, and SERIES - 36 new ones.
    const file = join(dir, 'import.json');
    writeFileSync(file, JSON.stringify({ series: demoCatalog({ series: Math.max(SERIES, 36), seed: 2 }) }));
    const importStarted = performance.now();
    const importer = spawn(process.execPath, ['dist/server/cli/admin.js', 'catalog', 'import', file, '--json'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'inherit'] });
    const imported = new Promise<number>((r) => importer.on('exit', (code) => r(code ?? 1)));
    const during = { ...(await partnerLoad(base, token, imported)), load: loadavg()[0]!.toFixed(1) };
    const importMs = Math.round(performance.now() - importStarted);
    if ((await imported) !== 0) throw new Error(`${engine}: the import failed`);
    const after = { ...(await partnerLoad(base, token, phase())), load: loadavg()[0]!.toFixed(1) };
    const baseline = (before.p99 + after.p99) / 2;
    return { engine, series: SERIES, concurrency: CONCURRENCY, before, during, after, importMs, p99Rise: `${Math.round((during.p99 / baseline - 1) * 100)}%` };
  } finally {
    await server.stop();
    if (engine === 'postgres') await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const engine of values.engines.split(',') as Array<'sqlite' | 'postgres'>) console.log(JSON.stringify(await measure(engine)));
