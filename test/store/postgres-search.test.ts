/**
 * PostgreSQL search (server/store/postgres/search.ts, search-index.ts): the documents and queries
 * it builds, the dictionary's document counts kept exact through imports, completions, and the two
 * ways of reading a block giving the same hits in the same order (only the cost differs).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/store/shared/schema.js';
import { lexemes, searchDocument } from '../../server/store/postgres/search-index.js';
import { guardedPool } from '../../server/store/postgres/pool.js';
import { BLOCK_READING, completions, rankingStatement, rankPostgresHits, SEARCH_SESSION, tsquery, type BlockReading } from '../../server/store/postgres/search.js';
import { openStore, type Store } from '../../server/store/index.js';
import { COMMON_MATCHES } from '../../server/store/shared/search.js';
import { searchTokens } from '../../server/store/shared/search-terms.js';
import { reportSkipped, skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpSchema } from './engines.js';
import { eid, episode, pid, series, sid, T0, T1 } from './fixtures.js';

afterAll(removeTmpDbs);

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('PostgreSQL search tests', skipped);

const none = { series: { docs: 0, titles: 0 }, episode: { docs: 0, titles: 0 } };

describe('PostgreSQL search documents and queries', () => {
  it('folds case and accents, weights fields, and keeps every word a plain lexeme', () => {
    expect(searchDocument([['Café Society', 'A'], ["It's l'été!", 'C']])).toBe("'cafe':1A 'society':2A 'it':3C 's':4C 'l':5C 'ete':6C");
    expect(searchDocument([['東京 2049', 'A']])).toBe("'東京':1A '2049':2A");
  });

  it('requires every part (the last word as its completions, or as a prefix when none is known), titles by weight A; punctuation alone is no word', () => {
    const parts = [{ words: ['lighthouse'], prefix: false, counts: none }, { words: ['keep', 'keeper', 'keepers'], prefix: false, counts: none }];
    expect(tsquery(parts)).toBe("'lighthouse' & ('keep' | 'keeper' | 'keepers')");
    expect(tsquery(parts, 'A')).toBe("'lighthouse':A & ('keep':A | 'keeper':A | 'keepers':A)");
    expect(tsquery([{ words: ['fog'], prefix: false, counts: none }, { words: ["o'r"], prefix: true, counts: none }])).toBe("'fog' & 'o''r':*");
    expect(tsquery([{ words: ['zq'], prefix: true, counts: none }], 'A')).toBe("'zq':*A");
    expect(lexemes(searchTokens('"*()^:-').join(' '))).toEqual([]);
    expect(lexemes('\u0301')).toEqual([]);
  });
});

describe.skipIf(skipped)('PostgreSQL search dictionary and blocks', () => {
  const A = pid('a');
  let url: string;
  let store: Store;
  // A connection of the test's own, for the dictionary's statements.
  let db: Kysely<Database>;
  const rows = async <R extends pg.QueryResultRow>(text: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    url = (await tmpSchema()).url;
    store = await openStore(url);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(new pg.Pool({ connectionString: url, max: 1 })) }) });
    await store.createPartner({ id: A, name: 'A', apiKey: 'key-a', secretHash: 'h', now: T0 });
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
  });

  // Every count the dictionary holds, and the same counted afresh from the documents.
  const stored = () => rows(`select term, series_docs, series_title_docs, episode_docs, episode_title_docs from search_terms
    where series_docs + series_title_docs + episode_docs + episode_title_docs > 0 order by term`);
  const recounted = () => rows(`select term, sum(sd)::int as series_docs, sum(st)::int as series_title_docs, sum(ed)::int as episode_docs, sum(et)::int as episode_title_docs from (
      select unnest(tsvector_to_array(document) || '{""}'::text[]) as term, 1 sd, 0 st, 0 ed, 0 et from series_search
      union all select unnest(tsvector_to_array(ts_filter(document, '{a}'))), 0, 1, 0, 0 from series_search
      union all select unnest(tsvector_to_array(document) || '{""}'::text[]), 0, 0, 1, 0 from episodes_search
      union all select unnest(tsvector_to_array(ts_filter(document, '{a}'))), 0, 0, 0, 1 from episodes_search
    ) words group by term order by term`);

  it('keeps each word\'s document counts exact through imports that add, change and remove documents', async () => {
    const first = [
      series(sid(1), { title: 'Harbour Lights', synopsis: 'A harbour town.', episodes: [episode(eid(1), { title: 'Harbour', synopsis: 'Lights out.' }), episode(eid(2), { episode_number: 2, title: 'Fog', synopsis: 'Harbour fog.' })] }),
      series(sid(2), { title: 'Fog Signal', synopsis: 'Signals.' }),
    ];
    await store.importCatalog(first, T0);
    expect(await stored()).toEqual(await recounted());
    expect((await stored()).find((r) => r.term === 'harbour')).toEqual({ term: 'harbour', series_docs: 1, series_title_docs: 1, episode_docs: 2, episode_title_docs: 1 });
    // Titles and synopses change, an episode goes, another comes.
    await store.importCatalog(
      [series(sid(1), { title: 'Beacon', synopsis: 'A town.', episodes: [episode(eid(3), { title: 'Signal Fire', synopsis: 'Harbour signal.' })] }), first[1]!],
      T1,
    );
    expect(await stored()).toEqual(await recounted());
    expect((await stored()).find((r) => r.term === 'harbour')).toEqual({ term: 'harbour', series_docs: 0, series_title_docs: 0, episode_docs: 1, episode_title_docs: 0 });
    expect((await stored()).find((r) => r.term === '')).toMatchObject({ series_docs: 2, episode_docs: 1 });
  });

  it('completes a word to words some document still holds, shortest first', async () => {
    expect((await completions(db, 'sig')).map((t) => t.term)).toEqual(['signal', 'signals']);
    // "lights" was only in documents that changed.
    expect((await completions(db, 'ligh')).map((t) => t.term)).toEqual([]);
  });

  it('reads a block in order, through the index, or both, and always answers the same hits in the same order', async () => {
    const episodes = Array.from({ length: COMMON_MATCHES + 200 }, (_, i) =>
      episode(eid(100 + i), { season_number: 1 + Math.floor(i / 500), episode_number: 1 + (i % 500), title: i % 97 === 3 ? `Tide Mill ${i}` : `Chapter ${i}`, synopsis: `The tide turns for ${i % 3 === 0 ? 'mill' : 'farm'} workers, story ${i}.` }),
    );
    await store.importCatalog([series(sid(10), { title: 'Tidewater', synopsis: 'Tides.', seasons: [1, 2, 3].map((n) => ({ season_number: n, title: `Season ${n}`, release_year: 2020 })), episodes })], T1);
    await store.setGrants(A, sid(10), ['read'], T1);
    const pages = await rows<{ n: number }>(`select pg_relation_size('episodes_search') / 8192 as n`);
    expect(Number(pages[0]!.n)).toBeGreaterThan(4);

    const readings: BlockReading[] = [BLOCK_READING, { scanPages: 0, rowCost: 0 }, { scanPages: 1, rowCost: 0 }, { scanPages: 3, rowCost: 0 }, { scanPages: 3, rowCost: Infinity }];
    // Connections as the store's search pool makes them: with search's planner settings.
    const searchDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(new pg.Pool({ connectionString: url, max: 1 }), { session: SEARCH_SESSION }) }) });
    try {
      // `the 11`, `mill 12`: the last word completes to several words (11, 110, 1100, ...) that only some of the
      // other words' matches hold, so a block may be narrowed to the other words and test each match (rowCost 0: always, Infinity: never).
      for (const q of ['tide', 'tide mill', 'mill workers', 'farm tide', 'the 11', 'mill 12']) {
        for (const [offset, limit] of [[0, 26], [26, 101], [990, 20]] as const) {
          const request = { partnerId: A, tokens: searchTokens(q), type: undefined, limit, offset };
          const answers = [];
          for (const reading of readings) answers.push(await rankPostgresHits(searchDb, request, reading));
          for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
        }
      }
      // Narrowed, the index is asked for `the` alone and each match tested for the whole query.
      const narrowed = await rankingStatement(searchDb, { partnerId: A, tokens: searchTokens('the 11'), type: 'episode', limit: 26, offset: 0 }, { scanPages: 0, rowCost: 0 });
      const compiled = narrowed!.compile(searchDb);
      const plan = (await searchDb.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` })).rows.map((r) => r['QUERY PLAN']);
      const conditions = plan.filter((line) => /Index Cond|Recheck Cond/.test(line));
      expect(conditions.length).toBeGreaterThan(0);
      for (const line of conditions) expect(line).not.toContain("'110'");
      expect(plan.some((line) => /Filter: .*'110'/.test(line))).toBe(true);
    } finally {
      await searchDb.destroy();
    }
    const tide = await store.search({ partnerId: A, q: 'tide', limit: 30 });
    expect(tide.items.slice(0, 12).map((h) => (h.type === 'series' ? h.series.title : h.episode.title).split(' ')[0])).toEqual(['Tidewater', ...Array(11).fill('Tide')]);
  });
});
