/**
 * `npm run bench:varied`: what partners send, measured apart from the repeated, cached mix of
 * `npm run bench`: mostly distinct searches and catalog pages (scripts/lib/bench-queries.ts,
 * seeded), which the response cache cannot answer, and a mixed run of searching clients beside
 * clients of the cached catalog page, which reports the cached page's p99 under search load.
 *
 *   npm run bench:varied                                  # 100,000 series, 1.1M episodes (SQLite)
 *   npm run bench:varied -- --database postgres://postgres@127.0.0.1:5432/pcas_bench_100000s_5e
 *   npm run bench:varied -- --series 2000 --seconds 3     # quick
 *   npm run bench:varied -- --vocabulary zipf             # a catalog of Zipf-distributed words (server/demo/zipf-text.ts)
 *   npm run bench:varied -- --only search                 # search, catalog, cached, mixed (comma-separated)
 *   npm run bench:varied -- --only cached --cached-rate 15000 --env LOG_LEVEL=warn
 *                                                         # the cached page at a fixed rate: CPU per request
 *                                                         # compared between servers at the same load
 *
 * Runs: varied searches (10 clients), varied catalog pages (10 clients), the cached catalog page
 * alone (20 clients), then both of the first and third at once. Each prints rps, p50, p99,
 * refusals (non-2xx), timeouts, and the server's CPU ms per request and peak RSS (worker threads
 * included: they are threads of the one process). JSON goes to .tmp/bench/varied-<name>.json.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCatalog, NOW, type CatalogManifest } from './generate-catalog.js';
import { authenticate } from './lib/bench-mixes.js';
import { envAssignments } from './lib/bench-options.js';
import { zipfVocabulary } from '../server/demo/zipf-text.js';
import { signedCatalogCursors, variedCatalogPages, variedSearches } from './lib/bench-queries.js';
import { load, type Measured } from './lib/bench-sampling.js';
import { mb, memory, servingPid } from './lib/process-stats.js';
import { start, startNodeArgs, stopAll } from './lib/processes.js';
import { warmCatalog } from './lib/warm-catalog.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '100000' },
    'episodes-per-season': { type: 'string', default: '5' },
    database: { type: 'string' },
    vocabulary: { type: 'string', default: 'small' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    seed: { type: 'string', default: '17' },
    only: { type: 'string', default: 'search,catalog,mixed' },
    name: { type: 'string', default: 'varied' },
    env: { type: 'string', multiple: true, default: [] },
    'cached-rate': { type: 'string' },
  },
});
const workDir = join(root, '.tmp/bench');
mkdirSync(workDir, { recursive: true });
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const runs = new Set(values.only.split(','));
const cachedRate = values['cached-rate'] === undefined ? undefined : Number(values['cached-rate']);
if (cachedRate !== undefined && !(Number.isInteger(cachedRate) && cachedRate > 0)) throw new RangeError(`--cached-rate must be a positive integer, got ${values['cached-rate']}`);
/** The server's cursor key for this run, so that the benchmark can make cursors as the server does. */
const cursorKey = { id: 'bench', secret: randomBytes(32) };

function startServer(manifest: CatalogManifest) {
  const argv = startNodeArgs(root);
  const extra = envAssignments(values.env);
  // The benchmark signs its catalog cursors with cursorKey: a key of the caller's would make every cursor page a 400.
  if ('CURSOR_SIGNING_KEYS' in extra) throw new RangeError('--env CURSOR_SIGNING_KEYS: the benchmark gives its server its own cursor key');
  const env = { CURSOR_SIGNING_KEYS: `${cursorKey.id}=${cursorKey.secret.toString('base64url')}`, PORT: '0', STUDIO_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: manifest.databaseUrl, BENCH_RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: 'info', METRICS_PORT: '0', NODE_ENV: 'development', ...extra };
  return start({ name: 'server', command: process.execPath, args: argv, cwd: root, env, ready: /listening on http:\/\/localhost:(\d+)/, logFile: join(workDir, 'varied-server.log'), readyTimeoutMs: 120_000, stopTimeoutMs: 15_000 });
}

const row = (label: string, m: Measured) =>
  `| ${label} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${m.timeouts} | ${m.cpuMsPerRequest ?? ''} | ${m.peakRssMb} |`;

async function main(): Promise<void> {
  if (values.vocabulary !== 'small' && values.vocabulary !== 'zipf') throw new RangeError(`--vocabulary must be small or zipf, got ${values.vocabulary}`);
  const vocabulary = values.vocabulary;
  const manifest = await ensureCatalog({ series: Number(values.series), episodesPerSeason: Number(values['episodes-per-season']), databaseUrl: values.database, vocabulary }, { log: console.log });
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
  await warmCatalog(manifest.databaseUrl);
  const server = await startServer(manifest);
  const url = `http://127.0.0.1:${server.ready[1]}`;
  const pid = servingPid(server.pid);
  const headers = { authorization: `Bearer ${await authenticate(url, manifest)}` };
  const seed = Number(values.seed);
  const searches = variedSearches(50_000, seed, vocabulary === 'zipf' ? zipfVocabulary() : undefined);
  const pages = variedCatalogPages(50_000, seed, signedCatalogCursors({ partnerId: manifest.partner.id, series: manifest.series, updatedAt: NOW }, cursorKey));
  const settings = (connections: number) => ({ root, workDir, connections, durationSeconds: seconds });
  const target = (paths: string[], distinct: boolean, rate?: number) => ({ url, paths, headers, watchPid: pid, distinct, ...(rate !== undefined ? { rate } : {}) });
  const results: Record<string, Measured> = {};
  console.log(`catalog: ${manifest.series} series, ${manifest.episodes} episodes, ${manifest.vocabulary ?? "small"} vocabulary (${manifest.engine}); server RSS ${mb(memory(pid).rssKb)} MB; ${searches.length} searches, ${pages.length} catalog pages`);
  console.log('| run | req/s | p50 ms | p99 ms | non-2xx | timeouts | CPU ms/req | peak RSS MB |\n|---|---|---|---|---|---|---|---|');
  const report = (label: string, m: Measured) => {
    results[label] = m;
    console.log(row(label, m));
  };
  // Each run starts further into the lists, so no run repeats what an earlier one asked.
  let offset = 0;
  const next = (list: string[]) => list.slice((offset += 10_000) % list.length).concat(list);
  if (runs.has('search')) report('varied searches, 10 clients', await load(settings(10), target(next(searches), true), warmup));
  if (runs.has('catalog')) report('varied catalog pages, 10 clients', await load(settings(10), target(next(pages), true), warmup));
  if (runs.has('mixed') || runs.has('cached')) {
    const label = `cached catalog page alone, 20 clients${cachedRate === undefined ? '' : ` at ${cachedRate}/s`}`;
    report(label, await load(settings(20), target(['/api/partner/content/catalog'], false, cachedRate), warmup));
  }
  if (runs.has('mixed')) {
    const [searching, cached] = await Promise.all([
      load(settings(10), target(next(searches), true), warmup),
      load(settings(20), target(['/api/partner/content/catalog'], false), warmup),
    ]);
    report('mixed: varied searches, 10 clients', searching);
    report('mixed: cached catalog page, 20 clients', cached);
  }
  writeFileSync(join(workDir, `${values.name}.json`), JSON.stringify({ manifest: { ...manifest, partner: undefined }, seconds, seed, results }, null, 2));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
