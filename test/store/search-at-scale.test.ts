/**
 * Search at scale on every engine (sqlite/search.ts, postgres/search.ts): a query part in
 * COMMON_MATCHES documents or more switches to bounded ranking (title matches first, a bounded
 * candidate set, consistent paging) and the last word completes from the word dictionary. The
 * catalog here is just large enough to cross the threshold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MATCHES, MAX_BOUNDED_HITS } from '../../server/store/shared/search.js';
import type { SearchHitDoc, Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, pid, series, sid, T0 } from './fixtures.js';

const A = pid('a');
const idOf = (h: SearchHitDoc) => (h.type === 'series' ? h.series.id : h.episode.id);
const title = (h: SearchHitDoc) => (h.type === 'series' ? h.series.title : h.episode.title);

afterAll(removeTmpDbs);

describe.each(ENGINES)('search at scale (%s)', (_name, open) => {
  let store: Store;
  const EPISODES = COMMON_MATCHES + 300;

  beforeAll(async () => {
    store = await open();
    await store.createPartner({ id: A, name: 'A', apiKey: 'key-a', secretHash: 'h', now: T0 });
    // Every episode's synopsis says "common"; only a few titles do.
    const episodes = Array.from({ length: EPISODES }, (_, i) =>
      episode(eid(i + 1), {
        season_number: 1 + Math.floor(i / 500),
        episode_number: 1 + (i % 500),
        title: i % 400 === 7 ? `Common Ground ${i}` : `Chapter ${i}`,
        synopsis: `A common story, number ${i}.`,
      }),
    );
    await store.importCatalog(
      [
        series(sid(1), {
          title: 'Commonplace Book',
          synopsis: 'Many episodes.',
          seasons: Array.from({ length: 5 }, (_, k) => ({ season_number: k + 1, title: `Season ${k + 1}`, release_year: 2020 })),
          episodes,
        }),
        series(sid(2), { title: 'Quiet Shore', synopsis: 'Nothing common here but this word.' }),
        series(sid(3), { title: 'Hidden', synopsis: 'A common word, but not readable by A.' }),
      ],
      T0,
    );
    await store.setGrants(A, sid(1), ['read'], T0);
    await store.setGrants(A, sid(2), ['read', 'stream'], T0);
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  it('ranks title matches of a common word first and pages through a bounded candidate set', async () => {
    const first = await store.search({ partnerId: A, q: 'common', limit: 100 });
    expectContractShape('SearchResults', { items: first.items, next_cursor: first.nextCursor });
    // The last word is a prefix: the series "Commonplace Book" is a title match, then the four "Common Ground" episodes.
    expect(first.items.slice(0, 5).map(title)).toEqual(['Commonplace Book', 'Common Ground 7', 'Common Ground 407', 'Common Ground 807', 'Common Ground 1207']);
    expect(first.items.slice(5).some((h) => title(h).startsWith('Common'))).toBe(false);
    // Then the other readable matches: series before episodes, each in the index's order (id order
    // on SQLite, the table's physical order on PostgreSQL, which for this one import is id order too).
    expect(idOf(first.items[5]!)).toBe(sid(2));
    const rest = first.items.slice(6).map(idOf);
    expect(rest).toEqual([...rest].sort());
    const scores = first.items.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s > 0 && s < 1).toBe(true);

    const seen = first.items.map(idOf);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await store.search({ partnerId: A, q: 'common', limit: 100, cursor });
      seen.push(...page.items.map(idOf));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(MAX_BOUNDED_HITS);
    expect(seen).toContain(sid(2));
    expect(seen).not.toContain(sid(3));
  });

  it('still requires every word and completes the last one', async () => {
    const items = (await store.search({ partnerId: A, q: 'common grou', limit: 100 })).items;
    expect(items.length).toBe(Math.ceil((EPISODES - 7) / 400));
    for (const hit of items) expect(hit.type === 'episode' && hit.episode.title.startsWith('Common Ground')).toBe(true);
    expect((await store.search({ partnerId: A, q: 'commonp', limit: 10 })).items.map(idOf)).toEqual([sid(1)]);
  });

  it('filters a bounded query by type', async () => {
    const series = (await store.search({ partnerId: A, q: 'common', type: 'series', limit: 10 })).items;
    expect(series.map(idOf)).toEqual([sid(1), sid(2)]);
    const episodes = (await store.search({ partnerId: A, q: 'common', type: 'episode', limit: 5 })).items;
    expect(episodes.map(title)).toEqual(['Common Ground 7', 'Common Ground 407', 'Common Ground 807', 'Common Ground 1207', 'Chapter 0']);
  });

  it('learns the words of later imports', async () => {
    await store.importCatalog([series(sid(4), { title: 'Zephyrine Tales', synopsis: 'Winds.' })], T0);
    await store.setGrants(A, sid(4), ['read'], T0);
    expect((await store.search({ partnerId: A, q: 'zephyr', limit: 10 })).items.map(idOf)).toEqual([sid(4)]);
  });
});
