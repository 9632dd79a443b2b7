/**
 * Generates a benchmark catalog into a database (never a committed data file): the deterministic
 * demo catalog of server/demo/catalog.ts at any size, written through the Store's importCatalog in
 * batches, plus one "Bench Partner" with the demo's grant pattern (read and stream on most
 * series, read only on every fifth, nothing on every seventh). Its key and secret go to a
 * manifest beside the database, so benchmark runs reuse a catalog instead of importing it again.
 *
 *   npm run bench:catalog -- --series 100000 --episodes-per-season 5   # 100k series, 1.1M episodes
 *   tsx scripts/generate-catalog.ts --series 2000 --database ./data/bench.db
 *   npm run bench:catalog -- --series 100000 --episodes-per-season 5 --vocabulary zipf   # Zipf-distributed words
 *
 * Without --database the catalog is cached under .tmp/bench/, keyed by its size; a PostgreSQL
 * catalog's manifest (`--database postgres://...`) lives there too.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import { createPartner } from '../server/services/partner-credentials.js';
import { demoCatalogBatches, demoSeriesId } from '../server/demo/catalog.js';
import { openStore, parseDatabaseUrl, type Grant, type Store } from '../server/store/index.js';

const root = resolve(import.meta.dirname, '..');
export const BENCH_DIR = join(root, '.tmp/bench');
/** Bump when the generated content, its tidying or the manifest changes, so stale caches are rebuilt. */
const FORMAT = 3;
/** When every series of a generated catalog was imported (its updated_at). */
export const NOW = '2026-01-15T00:00:00.000Z';

export interface CatalogSpec {
  series: number;
  /** Fixed episodes per season; the demo's 4 to 10 when undefined. */
  episodesPerSeason?: number | undefined;
  /** Where to write; default a SQLite file under .tmp/bench/ named by the size. */
  databaseUrl?: string | undefined;
  /** The generated text's vocabulary (server/demo/catalog.ts); default small. */
  vocabulary?: 'small' | 'zipf' | undefined;
}

export interface CatalogManifest {
  format: number;
  databaseUrl: string;
  engine: 'sqlite' | 'postgres';
  series: number;
  episodes: number;
  episodesPerSeason: number | null;
  /** Absent in catalogs written before the Zipf vocabulary existed: small. */
  vocabulary?: 'small' | 'zipf';
  partner: { id: string; apiKey: string; apiSecret: string };
  /** Grants of the bench partner per series index: i % 7 === 6 none, i % 5 === 4 read, else read and stream. */
  grantPattern: 'demo';
  generatedAt: string;
  importSeconds: number;
}

/** The grants the bench partner holds on the series at index. */
export function benchGrants(index: number): Grant[] {
  if (index % 7 === 6) return [];
  return index % 5 === 4 ? ['read'] : ['read', 'stream'];
}

function sizeKey(spec: CatalogSpec): string {
  return `catalog-${spec.series}s-${spec.episodesPerSeason ?? 'v'}e${spec.vocabulary === 'zipf' ? '-zipf' : ''}`;
}

/** The database URL a spec caches into. */
export function defaultDatabaseUrl(spec: CatalogSpec): string {
  return join(BENCH_DIR, `${sizeKey(spec)}.db`);
}

function manifestPath(databaseUrl: string): string {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.engine === 'sqlite') return `${target.path}.json`;
  return join(BENCH_DIR, `pg-${createHash('sha256').update(target.url).digest('hex').slice(0, 12)}.json`);
}

/**
 * The catalog import tidies what it wrote (the store's afterBulkImport); the bench partner's
 * 85,715 grants are written after it, one small change each, as the studio would, so they get
 * what autovacuum would eventually give them: statistics (without them PostgreSQL estimated 2
 * grant rows and sorted all 85,715 for every catalog page) and a visibility map.
 */
export async function tidyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/** Creates the URL's database when the server has none of that name (as `createdb` would). */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The manifest of a complete catalog matching spec at its URL, or undefined. */
export function readManifest(spec: CatalogSpec): CatalogManifest | undefined {
  const url = spec.databaseUrl ?? defaultDatabaseUrl(spec);
  const path = manifestPath(url);
  if (!existsSync(path)) return undefined;
  const m = JSON.parse(readFileSync(path, 'utf8')) as CatalogManifest;
  const target = parseDatabaseUrl(url);
  if (target.engine === 'sqlite' && !existsSync(target.path)) return undefined;
  const sameSize = m.series === spec.series && m.episodesPerSeason === (spec.episodesPerSeason ?? null);
  const sameWords = (m.vocabulary ?? 'small') === (spec.vocabulary ?? 'small');
  return m.format === FORMAT && sameSize && sameWords && m.databaseUrl === url ? m : undefined;
}

async function grantAll(store: Store, partnerId: string, series: number): Promise<void> {
  // Bounded concurrency: one connection for SQLite anyway, round trips overlap on PostgreSQL.
  const CONCURRENCY = 8;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < series; i = next++) {
      const grants = benchGrants(i);
      if (grants.length) await store.setGrants(partnerId, demoSeriesId(i), grants, NOW);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Writes the catalog and the bench partner unless a complete one is cached; returns its manifest.
 * A SQLite catalog is written to a temporary file and renamed when complete, so an interrupted
 * run is never mistaken for a catalog.
 */
export async function ensureCatalog(
  spec: CatalogSpec,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<CatalogManifest> {
  const log = options.log ?? (() => {});
  const url = spec.databaseUrl ?? defaultDatabaseUrl(spec);
  const cached = options.force ? undefined : readManifest({ ...spec, databaseUrl: url });
  if (cached) {
    // Pending migrations now, so a benchmark's start-up time is not a one-off migration's.
    await (await openStore(url)).close();
    return cached;
  }
  if (!Number.isInteger(spec.series) || spec.series < 1) throw new RangeError(`--series must be a positive integer, got ${spec.series}`);

  const target = parseDatabaseUrl(url);
  let writeUrl = url;
  if (target.engine === 'sqlite') {
    mkdirSync(dirname(target.path), { recursive: true });
    writeUrl = `${target.path}.partial`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(writeUrl + suffix, { force: true });
  } else {
    await ensurePostgresDatabase(url);
  }
  mkdirSync(BENCH_DIR, { recursive: true });

  const started = performance.now();
  const store = await openStore(writeUrl);
  let episodes = 0;
  let partner;
  try {
    if ((await store.countSeries()) > 0 && target.engine === 'postgres') {
      throw new Error(`${url} already holds a catalog: give the bench its own database or schema`);
    }
    // Only now: a refused run (a PostgreSQL catalog asked for with another spec) keeps the manifest of the catalog there.
    rmSync(manifestPath(url), { force: true });
    let done = 0;
    let lastLog = 0;
    const totals = { seriesChanged: 0, seriesUnchanged: 0, episodesChanged: 0 };
    for (const batch of demoCatalogBatches({ series: spec.series, episodesPerSeason: spec.episodesPerSeason, vocabulary: spec.vocabulary ?? 'small', batchSize: 500 })) {
      const result = await store.importCatalog(batch, NOW);
      for (const k of ['seriesChanged', 'seriesUnchanged', 'episodesChanged'] as const) totals[k] += result[k];
      done += batch.length;
      for (const s of batch) episodes += s.episodes.length;
      if (performance.now() - lastLog > 5000 || done === spec.series) {
        lastLog = performance.now();
        log(`  imported ${done}/${spec.series} series, ${episodes} episodes (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    // As an import job of many batches does at its end (server/services/catalog-import.ts).
    await store.afterBulkImport(totals);
    partner = await createPartner(store, 'Bench Partner', NOW);
    await grantAll(store, partner.partner.id, spec.series);
  } finally {
    await store.close();
  }
  if (target.engine === 'sqlite') {
    for (const suffix of ['-wal', '-shm']) rmSync(writeUrl + suffix, { force: true });
    renameSync(writeUrl, target.path);
  } else {
    await tidyPostgres(url);
  }
  const manifest: CatalogManifest = {
    format: FORMAT,
    databaseUrl: url,
    engine: target.engine,
    series: spec.series,
    episodes,
    episodesPerSeason: spec.episodesPerSeason ?? null,
    vocabulary: spec.vocabulary ?? 'small',
    partner: { id: partner.partner.id, apiKey: partner.partner.apiKey, apiSecret: partner.apiSecret },
    grantPattern: 'demo',
    generatedAt: new Date().toISOString(),
    importSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(manifestPath(url), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      series: { type: 'string', default: '100000' },
      'episodes-per-season': { type: 'string' },
      database: { type: 'string' },
      vocabulary: { type: 'string', default: 'small' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log('usage: tsx scripts/generate-catalog.ts [--series N] [--episodes-per-season K] [--vocabulary small|zipf] [--database URL] [--force]');
  if (values.vocabulary !== 'small' && values.vocabulary !== 'zipf') throw new RangeError(`--vocabulary must be small or zipf, got ${values.vocabulary}`);
  const spec: CatalogSpec = {
    series: Number(values.series),
    episodesPerSeason: values['episodes-per-season'] === undefined ? undefined : Number(values['episodes-per-season']),
    databaseUrl: values.database,
    vocabulary: values.vocabulary,
  };
  const m = await ensureCatalog(spec, { force: values.force, log: (l) => console.log(l) });
  console.log(`catalog: ${m.series} series, ${m.episodes} episodes in ${m.databaseUrl} (imported in ${m.importSeconds} s; manifest beside it)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
