/**
 * `tsx scripts/bench-store.ts [--series N] [--episodes-per-season K] [--vocabulary small|zipf] [--iterations N] [--database URL]`:
 * CPU per store call, without HTTP, on a generated catalog (scripts/generate-catalog.ts): what an
 * engine or driver change costs where the server calls the store. Each mix is varied the way partners vary it
 * (ids, genres, sorts, page sizes, cursors, search words drawn from the catalog's vocabulary),
 * warmed up, then timed by process.cpuUsage(); the event loop turns between calls, so per-turn
 * memos (partner state on SQLite) behave as under load. One line of JSON per mix, and a table.
 * Then bench:varied's catalog pages and searches (scripts/lib/bench-queries.ts), timed by shape.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ensureCatalog, NOW } from './generate-catalog.js';
import { signedCatalogCursors, variedCatalogPages, variedSearches } from './lib/bench-queries.js';
import { zipfVocabulary } from '../server/demo/zipf-text.js';
import { demoEpisodeId, demoSeriesId } from '../server/demo/catalog.js';
import { openStore, type CatalogQuery } from '../server/store/index.js';
import { warmCatalog } from './lib/warm-catalog.js';

const { values: args } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '3000' },
    database: { type: 'string' },
    'episodes-per-season': { type: 'string' },
    vocabulary: { type: 'string', default: 'small' },
  },
});
const series = Number(args.series);
const iterations = Number(args.iterations);

/** A small deterministic generator (mulberry32), so every run draws the same workload. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const episodesPerSeason = args['episodes-per-season'] === undefined ? undefined : Number(args['episodes-per-season']);
if (args.vocabulary !== 'small' && args.vocabulary !== 'zipf') throw new RangeError(`--vocabulary must be small or zipf, got ${args.vocabulary}`);
const manifest = await ensureCatalog({ series, episodesPerSeason, vocabulary: args.vocabulary, databaseUrl: args.database }, { log: (line) => console.error(line) });
await warmCatalog(manifest.databaseUrl);
const store = await openStore(manifest.databaseUrl);
const partnerId = manifest.partner.id;
const r = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

// Search words from the catalog itself: titles of a sample of series.
const words: string[] = [];
for (let i = 0; i < 200; i++) {
  const s = await store.getSeries(demoSeriesId(Math.floor(r() * series)));
  for (const w of s?.title.toLowerCase().match(/\p{L}{3,}/gu) ?? []) words.push(w);
}

type Mix = { name: string; run: () => Promise<unknown> };
const mixes: Mix[] = [
  { name: 'readPartnerState', run: () => store.readPartnerState(partnerId) },
  { name: 'getSeries', run: () => store.getSeries(demoSeriesId(Math.floor(r() * series))) },
  { name: 'getEpisode', run: () => store.getEpisode(demoEpisodeId(Math.floor(r() * series), 1, 1)) },
  { name: 'getGrants', run: () => store.getGrants(partnerId, demoSeriesId(Math.floor(r() * series))) },
  {
    name: 'listCatalog (varied, 3 pages)',
    run: async () => {
      const query = { partnerId, genre: r() < 0.5 ? pick(['drama', 'comedy', 'documentary', 'thriller'] as const) : undefined, sort: pick(['title', 'updated_at'] as const), limit: pick([10, 25, 50, 100]) };
      let cursor: string | undefined;
      for (let page = 0; page < 3; page++) {
        const result = await store.listCatalog({ ...query, cursor });
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
    },
  },
  {
    name: 'search (varied 1-3 words)',
    run: () => {
      const n = 1 + Math.floor(r() * 3);
      const q = Array.from({ length: n }, (_, i) => (i === n - 1 && r() < 0.5 ? pick(words).slice(0, 3) : pick(words))).join(' ');
      return store.search({ partnerId, q, type: undefined, limit: 25 });
    },
  },
];

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const results: Array<{ mix: string; cpuMicrosPerCall: number; calls: number }> = [];
for (const mix of mixes) {
  const calls = mix.name.startsWith('search') || mix.name.startsWith('listCatalog') ? Math.ceil(iterations / 10) : iterations;
  for (let i = 0; i < Math.ceil(calls / 5); i++) {
    await mix.run();
    await turn();
  }
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    await mix.run();
    await turn();
  }
  const used = process.cpuUsage(start);
  const result = { mix: mix.name, cpuMicrosPerCall: Math.round(((used.user + used.system) / calls) * 10) / 10, calls };
  results.push(result);
  console.log(JSON.stringify(result));
}
console.log(`\n| Store call (${series} series, ${process.version}) | CPU µs per call |\n|---|---|`);
for (const x of results) console.log(`| ${x.mix} | ${x.cpuMicrosPerCall} |`);

/**
 * Times each of bench:varied's requests (the first 200 a second time, as warm-up) in the store,
 * grouped by the shape `run` names, and prints a table: a shape that costs several times the
 * others shows here, where a mixed run only shows a higher p99.
 */
async function byShape(title: string, paths: string[], run: (query: URLSearchParams) => Promise<string>): Promise<void> {
  const shapes = new Map<string, number[]>();
  for (const [pass, list] of [paths.slice(0, 200), paths].entries()) {
    for (const path of list) {
      const started = performance.now();
      const shape = await run(new URL(path, 'http://bench').searchParams);
      const ms = performance.now() - started;
      await turn();
      if (pass === 1) shapes.set(shape, [...(shapes.get(shape) ?? []), ms]);
    }
  }
  console.log(`\n| ${title} | requests | mean ms | p99 ms |\n|---|---|---|---|`);
  for (const [shape, times] of [...shapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`| ${shape} | ${times.length} | ${mean.toFixed(2)} | ${times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!.toFixed(2)} |`);
  }
}

// The store signs and reads cursors with the bench's key, as bench:varied's server does.
const cursorKey = { id: 'bench', secret: randomBytes(32) };
store.useCursorKeys([cursorKey]);
const count = Math.ceil(iterations / 10);
const pages = variedCatalogPages(count + 10_000, 17, signedCatalogCursors({ partnerId, series: manifest.series, updatedAt: NOW }, cursorKey)).slice(10_000);
await byShape("Catalog page shape (bench:varied's pages)", pages, async (q) => {
  // The list holds only the contract's genres and sorts (variedCatalogPages).
  const query: CatalogQuery = { partnerId, genre: (q.get('genre') ?? undefined) as CatalogQuery['genre'], updatedSince: q.get('updated_since') ?? undefined, sort: (q.get('sort') ?? 'title') as CatalogQuery['sort'], limit: Number(q.get('limit')), cursor: q.get('cursor') ?? undefined };
  await store.listCatalog(query);
  return `${query.sort}, ${query.genre ? 'a genre' : 'every genre'}${query.updatedSince ? ', since an instant' : ''}, ${query.cursor ? 'after a cursor' : 'first page'}`;
});
const searches = variedSearches(count + 10_000, 17, manifest.vocabulary === 'zipf' ? zipfVocabulary() : undefined).slice(10_000);
await byShape("Search shape (bench:varied's searches)", searches, async (q) => {
  const text = q.get('q')!;
  const page = await store.search({ partnerId, q: text, type: undefined, limit: 25 });
  const words = text.split(' ').length;
  return `${words} word${words > 1 ? 's' : ''}, ${page.items.length ? 'hits' : 'no hit'}`;
});
await store.close();
