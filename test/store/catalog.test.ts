/** Store contract, catalog side: catalog, episode and series reads, on every engine (imports: catalog-import.test.ts). */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError, type Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, pid, series, sid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

describe.each(ENGINES)('Store catalog (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe('listCatalog', () => {
    const A = pid('a');
    const B = pid('b');
    const titles = ['Zebra Crossing', 'apple Orchard', 'Élan Vital', 'Mirror', 'Bridge', 'Canal', 'Delta'];

    beforeEach(async () => {
      await store.createPartner({ id: A, name: 'A', apiKey: 'key-a', secretHash: 'h', now: T0 });
      await store.createPartner({ id: B, name: 'B', apiKey: 'key-b', secretHash: 'h', now: T0 });
      // Imported one by one at different instants, in an order unlike both sorts.
      const at = ['2026-11-05T00:00:00Z', '2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z', '2026-11-03T00:00:00Z', '2026-11-07T00:00:00Z', '2026-11-02T00:00:00Z', '2026-11-04T00:00:00Z'];
      for (const [i, title] of titles.entries()) {
        const genres = i % 2 === 0 ? (['drama'] as const) : (['comedy', 'drama'] as const);
        await store.importCatalog([series(sid(10 + i), { title, genres: [...genres] })], at[i]!);
        await store.setGrants(A, sid(10 + i), i === 3 ? ['read'] : ['read', 'stream'], T0);
      }
      await store.importCatalog([series(sid(30), { title: 'Hidden' }), series(sid(31), { title: 'Stream Only' })], T0);
      await store.setGrants(A, sid(31), ['stream'], T0);
      await store.setGrants(B, sid(30), ['read'], T0);
    });

    async function all(query: Omit<Parameters<Store['listCatalog']>[0], 'cursor'>) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.listCatalog({ ...query, cursor });
        expect(page.items.length).toBeLessThanOrEqual(query.limit);
        seen.push(...page.items.map((s) => s.id));
        if (page.nextCursor !== null) expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]{1,512}$/);
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined && pages < 50);
      return { seen, pages };
    }

    it('lists only series the partner can read, each with its grants', async () => {
      const page = await store.listCatalog({ partnerId: A, sort: 'title', limit: 100 });
      expect(page.items.map((s) => s.id).sort()).toEqual(titles.map((_, i) => sid(10 + i)).sort());
      expect(page.items.find((s) => s.id === sid(13))?.grants).toEqual(['read']);
      expect(page.items.find((s) => s.id === sid(10))?.grants).toEqual(['read', 'stream']);
      expect(page.nextCursor).toBeNull();
      expectContractShape('SeriesList', { items: page.items, next_cursor: page.nextCursor, changes_cursor: await store.changesCursor(A, T0) });
      const other = await store.listCatalog({ partnerId: B, sort: 'title', limit: 100 });
      expect(other.items.map((s) => s.id)).toEqual([sid(30)]);
    });

    it('sorts by title (case and accents folded) and pages through every series exactly once', async () => {
      const { seen, pages } = await all({ partnerId: A, sort: 'title', limit: 2 });
      expect(seen.map((id) => titles[parseInt(id.slice(4), 36) - 10])).toEqual(['apple Orchard', 'Bridge', 'Canal', 'Delta', 'Élan Vital', 'Mirror', 'Zebra Crossing']);
      expect(pages).toBe(4);
    });

    it('sorts by updated_at then id, least recent first, across pages', async () => {
      const { seen } = await all({ partnerId: A, sort: 'updated_at', limit: 3 });
      expect(seen).toEqual([sid(11), sid(15), sid(12), sid(13), sid(16), sid(10), sid(14)]);
    });

    it('gives a null nextCursor when the last page is exactly full', async () => {
      const page = await store.listCatalog({ partnerId: A, sort: 'title', limit: 7 });
      expect(page.items).toHaveLength(7);
      expect(page.nextCursor).toBeNull();
    });

    it('filters by genre and by updated_since (inclusive), also while paging', async () => {
      const comedy = await all({ partnerId: A, sort: 'title', limit: 1, genre: 'comedy' });
      expect(comedy.seen).toEqual([sid(11), sid(15), sid(13)]);
      // Every one of these series is a drama: the genre's own order is the catalog's, in both sorts.
      for (const sort of ['title', 'updated_at'] as const) {
        expect((await all({ partnerId: A, sort, limit: 2, genre: 'drama' })).seen).toEqual((await all({ partnerId: A, sort, limit: 100 })).seen);
      }
      for (const sort of ['title', 'updated_at'] as const) {
        expect((await all({ partnerId: A, sort, limit: 1, genre: 'comedy', updatedSince: '2026-11-02T00:00:00Z' })).seen).toEqual([sid(15), sid(13)]);
      }
      const recent = await all({ partnerId: A, sort: 'updated_at', limit: 2, updatedSince: '2026-11-04T00:00:00Z' });
      expect(recent.seen).toEqual([sid(16), sid(10), sid(14)]);
      const since = await store.listCatalog({ partnerId: A, sort: 'updated_at', limit: 10, updatedSince: '2026-11-07T01:00:00+01:00' });
      expect(since.items.map((s) => s.id)).toEqual([sid(14)]);
      expect(since.items[0]).toMatchObject({ updated_at: '2026-11-07T00:00:00.000Z', genres: ['drama'] });
    });

    it('keeps a genre page in the order of the series\' own keys after an episode moved away re-derived one', async () => {
      await store.importCatalog([series(sid(40), { title: 'Moved From', genres: ['comedy'], episodes: [episode(eid(40))] })], '2026-10-01T00:00:00Z');
      await store.setGrants(A, sid(40), ['read'], T0);
      expect((await all({ partnerId: A, sort: 'updated_at', limit: 2, genre: 'comedy' })).seen).toEqual([sid(40), sid(11), sid(15), sid(13)]);
      await store.importCatalog([series(sid(41), { title: 'Moved To', genres: ['drama'], episodes: [episode(eid(40))] })], '2026-11-09T00:00:00Z');
      expect((await all({ partnerId: A, sort: 'updated_at', limit: 2, genre: 'comedy' })).seen).toEqual([sid(11), sid(15), sid(13), sid(40)]);
    });

    it('rejects garbage, tampered and cross-query cursors', async () => {
      const first = await store.listCatalog({ partnerId: A, sort: 'title', limit: 2 });
      const cursor = first.nextCursor!;
      const reject = (q: Partial<Parameters<Store['listCatalog']>[0]>) =>
        expect(store.listCatalog({ partnerId: A, sort: 'title', limit: 2, ...q })).rejects.toBeInstanceOf(InvalidCursorError);
      await reject({ cursor: 'not-a-cursor' });
      await reject({ cursor: 'a'.repeat(513) });
      await reject({ cursor: 'has spaces' });
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const tampered = Buffer.from(JSON.stringify({ ...decoded, k: ['a', sid(10)] })).toString('base64url');
      await reject({ cursor: tampered });
      await reject({ cursor, sort: 'updated_at' });
      await reject({ cursor, genre: 'comedy' });
      await reject({ cursor, updatedSince: T0 });
      await reject({ cursor, partnerId: B });
      // The untouched cursor still works, with a different page size even.
      expect((await store.listCatalog({ partnerId: A, sort: 'title', limit: 5, cursor })).items).toHaveLength(5);
    });

    it('keeps cursors within 512 characters even for long non-Latin titles', async () => {
      const long = (c: string) => c.repeat(200);
      await store.importCatalog([series(sid(40), { title: long('漢') }), series(sid(41), { title: long('字') }), series(sid(42), { title: long('語') })], T0);
      for (const n of [40, 41, 42]) await store.setGrants(B, sid(n), ['read'], T0);
      const { seen } = await all({ partnerId: B, sort: 'title', limit: 1 });
      expect(seen).toEqual([sid(30), sid(41), sid(40), sid(42)]);
    });
  });

  describe('listEpisodes, listAllSeries', () => {
    beforeEach(async () => {
      const s = series(sid(1), {
        seasons: [1, 2].map((n) => ({ season_number: n, title: `Season ${n}`, release_year: 2024 })),
        episodes: [
          episode(eid(5), { season_number: 2, episode_number: 1 }),
          episode(eid(1), { season_number: 1, episode_number: 3 }),
          episode(eid(9), { season_number: 1, episode_number: 1 }),
          episode(eid(2), { season_number: 1, episode_number: 2 }),
        ],
      });
      await store.importCatalog([s, series(sid(3)), series(sid(2))], T0);
    });

    it('lists episodes in season then episode order, pages, and filters by season', async () => {
      const first = await store.listEpisodes({ seriesId: sid(1), limit: 3 });
      expect(first.items.map((e) => e.id)).toEqual([eid(9), eid(2), eid(1)]);
      expect(first.items[0]).not.toHaveProperty('grants');
      const second = await store.listEpisodes({ seriesId: sid(1), limit: 3, cursor: first.nextCursor! });
      expect(second).toEqual({ items: [expect.objectContaining({ id: eid(5), series_id: sid(1) })], nextCursor: null });
      const season2 = await store.listEpisodes({ seriesId: sid(1), season: 2, limit: 10 });
      expect(season2.items.map((e) => e.id)).toEqual([eid(5)]);
      await expect(store.listEpisodes({ seriesId: sid(1), season: 1, limit: 3, cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
      expect((await store.listEpisodes({ seriesId: sid(3), limit: 5 })).items).toEqual([]);
    });

    it('lists every series by id for the studio', async () => {
      const first = await store.listAllSeries({ limit: 2 });
      expect(first.items.map((s) => s.id)).toEqual([sid(1), sid(2)]);
      expect(first.items[0]).not.toHaveProperty('grants');
      const rest = await store.listAllSeries({ limit: 2, cursor: first.nextCursor! });
      expect(rest).toEqual({ items: [expect.objectContaining({ id: sid(3) })], nextCursor: null });
      await expect(store.listAllSeries({ limit: 2, cursor: 'eyJ4IjoxfQ' })).rejects.toBeInstanceOf(InvalidCursorError);
    });

    it('rejects page sizes outside 1..100', async () => {
      await expect(store.listAllSeries({ limit: 0 })).rejects.toThrow(RangeError);
      await expect(store.listEpisodes({ seriesId: sid(1), limit: 101 })).rejects.toThrow(RangeError);
    });
  });
});
