/**
 * `tsx scripts/bench-store.ts [--series N] [--iterations N] [--database URL]`: CPU per store call,
 * without HTTP, on a generated catalog (scripts/generate-catalog.ts): what an engine or driver
 * change costs where the server calls the store. Each mix is varied the way partners vary it
 * (ids, genres, sorts, page sizes, cursors, search words drawn from the catalog's vocabulary),
 * warmed up, then timed by process.cpuUsage(); the event loop turns between calls, so per-turn
 * memos (partner state on SQLite) behave as under load. One line of JSON per mix, and a table.
 */
import { parseArgs } from 'node:util';
import { ensureCatalog } from './generate-catalog.js';
import { demoEpisodeId, demoSeriesId } from '../server/demo/catalog.js';
import { openStore } from '../server/store/index.js';

const { values: args } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '3000' },
    database: { type: 'string' },
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

const manifest = await ensureCatalog({ series, databaseUrl: args.database }, { log: (line) => console.error(line) });
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
await store.close();
console.log(`\n| Store call (${series} series, ${process.version}) | CPU µs per call |\n|---|---|`);
for (const x of results) console.log(`| ${x.mix} | ${x.cpuMicrosPerCall} |`);
