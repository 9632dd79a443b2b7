/**
 * `tsx scripts/bench-feed.ts [--series N] [--episodes K] [--partners P] [--share F] [--reads R] [--database URL]`
 * or `tsx scripts/bench-feed.ts --catalog .tmp/bench/<catalog>.json [--reads R]`:
 * the change feed's cost, without HTTP. On a fresh store (a temporary SQLite file, or the PostgreSQL
 * database of --database, which it fills: use an empty one), imports N series of K episodes, grants
 * each of P partners `read` on a share F of the series, then imports the catalog again with every
 * series' availability window moved and one episode of each retitled: that import's events (one
 * per changed item per holder, fanned out by the store) per second, and the import's time beside
 * the first one's. Then R feed pages of 100, from random positions of random partners' feeds:
 * p50 and p99 in ms. One line of JSON, then a summary.
 *
 * With --catalog (a generated catalog's manifest, scripts/generate-catalog.ts) it works on a copy
 * of that catalog instead (a file copy on SQLite, a database made from it as a template on
 * PostgreSQL), so the feed is measured at 1.1M episodes without importing them first: the change
 * import moves every window of the generated catalog and retitles an episode per series, and the
 * bench partner (holding most series) is the one whose feed is read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, type ImportSeries, type Store } from '../server/store/index.js';
import { catalogCopy } from './lib/catalog-copy.js';

const { values: args } = parseArgs({
  options: {
    series: { type: 'string', default: '3000' },
    episodes: { type: 'string', default: '20' },
    partners: { type: 'string', default: '20' },
    share: { type: 'string', default: '0.3' },
    reads: { type: 'string', default: '2000' },
    database: { type: 'string' },
    catalog: { type: 'string' },
  },
});
const [seriesCount, episodeCount, partnerCount, share, reads] = [args.series, args.episodes, args.partners, args.share, args.reads].map(Number) as [number, number, number, number, number];
const BATCH = 500;
const NOW = Date.parse('2026-11-01T00:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

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

const sid = (i: number) => `ser_${i.toString(36).padStart(10, '0')}`;
const eid = (i: number, e: number) => `ep_${(i * 1000 + e).toString(36).padStart(10, '0')}`;

function seriesOf(i: number, version: 0 | 1): ImportSeries {
  const availability = { starts_at: version ? '2027-01-01T00:00:00Z' : '2026-01-01T00:00:00Z', ends_at: null, territories: ['GB', 'US'] };
  return {
    id: sid(i), title: `Series ${i}`, original_title: null, synopsis: `The synopsis of series ${i}.`, short_synopsis: `Series ${i}.`,
    genres: ['drama'], content_ratings: [{ country: 'GB', system: 'BBFC', rating: '15' }], original_language: 'en', audio_languages: ['en'],
    subtitle_languages: ['en'], release_year: 2024, end_year: null, status: 'returning', seasons: [{ season_number: 1, title: 'Season 1', release_year: 2024 }],
    artwork: [], availability,
    episodes: Array.from({ length: episodeCount }, (_, e) => ({
      id: eid(i, e), season_number: 1, episode_number: e + 1, title: version && e === 0 ? `Retitled ${e + 1}` : `Episode ${e + 1}`, synopsis: `Episode ${e + 1}.`,
      duration_seconds: 2700, air_date: '2026-02-01', content_ratings: [], audio_languages: ['en'], subtitle_languages: ['en'], artwork: [], availability, stream_formats: ['hls'],
    })),
  };
}

async function importAll(store: Store, version: 0 | 1, now: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < seriesCount; i += BATCH) {
    await store.importCatalog(Array.from({ length: Math.min(BATCH, seriesCount - i) }, (_, k) => seriesOf(i + k, version)), now);
  }
  return performance.now() - started;
}

const dir = args.database || args.catalog ? undefined : mkdtempSync(join(tmpdir(), 'bench-feed-'));
const copy = args.catalog ? await catalogCopy(args.catalog) : undefined;
const store = await openStore(copy?.url ?? args.database ?? join(dir!, 'feed.db'));
try {
  const firstImportMs = copy ? 0 : await importAll(store, 0, at(0));
  const r = random(7);
  const partners: string[] = copy ? [copy.manifest.partner.id] : [];
  let grants = 0;
  for (let p = 0; p < (copy ? 0 : partnerCount); p++) {
    const id = `ptn_${p.toString(36).padStart(10, '0')}`;
    await store.createPartner({ id, name: `Partner ${p}`, apiKey: `pk_bench_${p}`, secretHash: 'x', now: at(0) });
    partners.push(id);
    for (let i = 0; i < seriesCount; i++) if (r() < share) (await store.setGrants(id, sid(i), ['read'], at(1)), grants++);
  }
  const starts = await Promise.all(partners.map((p) => store.changesCursor(p, at(2))));
  const before = await Promise.all(partners.map(async (p, i) => (await cursorsAlong(store, p, starts[i]!)).events));
  const changeImportMs = copy ? await copy.importChanged(store, at(3)) : await importAll(store, 1, at(3));
  const after = await Promise.all(partners.map(async (p, i) => (await cursorsAlong(store, p, starts[i]!)).events));
  const written = after.reduce((s, n) => s + n, 0) - before.reduce((s, n) => s + n, 0);

  // Feed pages from random positions: a partner's cursor after some of its events.
  const positions = await Promise.all(partners.map(async (p, i) => (await cursorsAlong(store, p, starts[i]!)).cursors));
  const latencies: number[] = [];
  for (let k = 0; k < (partners.length ? reads : 0); k++) {
    const p = Math.floor(r() * partners.length);
    const list = positions[p]!;
    const cursor = list[Math.floor(r() * list.length)];
    const started = performance.now();
    await store.listChanges({ partnerId: partners[p]!, cursor, limit: 100, now: at(4), retainedSince: at(-86_400_000) });
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const q = (f: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0) * 100) / 100;
  const result = {
    engine: store.engine, series: copy?.manifest.series ?? seriesCount, episodes: copy?.manifest.episodes ?? seriesCount * episodeCount, partners: partners.length, grants,
    firstImportMs: Math.round(firstImportMs), changeImportMs: Math.round(changeImportMs), eventsWritten: written,
    eventsPerSecond: Math.round(written / (changeImportMs / 1000)) || 0, feedPageP50Ms: q(0.5), feedPageP99Ms: q(0.99), reads,
  };
  console.log(JSON.stringify(result));
  console.log(`${result.engine}: ${written} events in ${result.changeImportMs} ms (${result.eventsPerSecond}/s; first import ${result.firstImportMs} ms); feed page p50 ${result.feedPageP50Ms} ms, p99 ${result.feedPageP99Ms} ms`);
} finally {
  await store.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await copy?.remove();
}

/** The cursors of the partner's feed pages of 100 after cursor (the first included), and how many events they hold. */
async function cursorsAlong(store: Store, partnerId: string, cursor: string): Promise<{ cursors: string[]; events: number }> {
  const cursors = [cursor];
  let events = 0;
  for (let c = cursor; ; ) {
    const page = await store.listChanges({ partnerId, cursor: c, limit: 100, now: at(4), retainedSince: at(-86_400_000) });
    if (page.events.length === 0) return { cursors, events };
    events += page.events.length;
    c = page.nextCursor;
    cursors.push(c);
  }
}
