/** Store contract, catalog side: import semantics and catalog/episode/series reads, on every engine. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../server/errors.js';
import { demoCatalog } from '../../server/demo/catalog.js';
import type { Store } from '../../server/store/types.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, pid, series, sid, T0, T1, T2 } from './fixtures.js';

afterAll(removeTmpDbs);

describe.each(ENGINES)('Store catalog (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const twoEpisodes = () =>
    series(sid(1), {
      title: 'The Lighthouse Keepers',
      seasons: [
        { season_number: 2, title: 'Season 2', release_year: 2025 },
        { season_number: 1, title: 'Season 1', release_year: 2024 },
      ],
      episodes: [
        episode(eid(1), { season_number: 1, episode_number: 1, title: 'First Light' }),
        episode(eid(2), { season_number: 1, episode_number: 2, title: 'Fog Signal' }),
        episode(eid(3), { season_number: 2, episode_number: 1, title: 'Winter Crossing' }),
      ],
    });

  describe('importCatalog', () => {
    it('stores the series with derived counts, ordered seasons and normalized instants', async () => {
      const result = await store.importCatalog([twoEpisodes()], '2026-11-01T10:00:00Z');
      expect(result).toEqual({ seriesChanged: 1, seriesUnchanged: 0, episodesChanged: 3 });
      const doc = await store.getSeries(sid(1));
      expect(doc).toMatchObject({
        id: sid(1),
        title: 'The Lighthouse Keepers',
        season_count: 2,
        episode_count: 3,
        seasons: [
          { season_number: 1, title: 'Season 1', release_year: 2024, episode_count: 2 },
          { season_number: 2, title: 'Season 2', release_year: 2025, episode_count: 1 },
        ],
        availability: { starts_at: '2026-01-01T00:00:00.000Z', ends_at: null, territories: ['GB', 'IE'] },
        created_at: T0,
        updated_at: T0,
      });
      expect(doc).not.toHaveProperty('grants');
      expectContractShape('Series', { ...doc, grants: ['read'] });
      const ep = await store.getEpisode(eid(2));
      expect(ep).toEqual({ ...episode(eid(2), { season_number: 1, episode_number: 2, title: 'Fog Signal' }), series_id: sid(1),
        availability: { starts_at: '2026-01-01T00:00:00.000Z', ends_at: null, territories: ['GB', 'IE'] }, created_at: T0, updated_at: T0 });
      expectContractShape('Episode', { ...ep, grants: ['read', 'stream'] });
      expect(await store.countSeries()).toBe(1);
      expect(await store.seriesExists(sid(1))).toBe(true);
      expect(await store.seriesExists(sid(2))).toBe(false);
    });

    it('returns undefined for unknown series and episodes', async () => {
      expect(await store.getSeries(sid(99))).toBeUndefined();
      expect(await store.getEpisode(eid(99))).toBeUndefined();
    });

    it('is idempotent: a re-import changes nothing and keeps updated_at, whatever the key order', async () => {
      await store.importCatalog([twoEpisodes()], T0);
      const before = await store.getSeries(sid(1));
      const reordered = JSON.parse(JSON.stringify(twoEpisodes(), (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
      expect(await store.importCatalog([reordered], T1)).toEqual({ seriesChanged: 0, seriesUnchanged: 1, episodesChanged: 0 });
      expect(await store.getSeries(sid(1))).toEqual(before);
      expect((await store.getEpisode(eid(1)))?.updated_at).toBe(T0);
    });

    it("a changed episode bumps that episode and its series' updated_at, not the others", async () => {
      await store.importCatalog([twoEpisodes(), series(sid(2))], T0);
      const changed = twoEpisodes();
      changed.episodes[1] = { ...changed.episodes[1]!, synopsis: 'Rewritten.' };
      expect(await store.importCatalog([changed, series(sid(2))], T1)).toEqual({ seriesChanged: 1, seriesUnchanged: 1, episodesChanged: 1 });
      expect(await store.getSeries(sid(1))).toMatchObject({ created_at: T0, updated_at: T1 });
      expect(await store.getEpisode(eid(2))).toMatchObject({ synopsis: 'Rewritten.', created_at: T0, updated_at: T1 });
      expect((await store.getEpisode(eid(1)))?.updated_at).toBe(T0);
      expect((await store.getSeries(sid(2)))?.updated_at).toBe(T0);
    });

    it('removes episodes the file no longer lists for that series and re-derives counts', async () => {
      await store.importCatalog([twoEpisodes()], T0);
      const fewer = twoEpisodes();
      fewer.episodes = fewer.episodes.filter((e) => e.id !== eid(3));
      expect(await store.importCatalog([fewer], T1)).toMatchObject({ seriesChanged: 1, episodesChanged: 1 });
      expect(await store.getEpisode(eid(3))).toBeUndefined();
      expect(await store.getSeries(sid(1))).toMatchObject({ episode_count: 2, updated_at: T1, seasons: [{ episode_count: 2 }, { episode_count: 0 }] });
    });

    it('keeps series absent from the file untouched', async () => {
      await store.importCatalog([twoEpisodes(), series(sid(2))], T0);
      await store.importCatalog([series(sid(2), { title: 'Renamed' })], T1);
      expect(await store.getSeries(sid(1))).toMatchObject({ episode_count: 3, updated_at: T0 });
      expect(await store.getSeries(sid(2))).toMatchObject({ title: 'Renamed', updated_at: T1, created_at: T0 });
    });

    it('moves an episode between series and re-derives the old series', async () => {
      await store.importCatalog([twoEpisodes(), series(sid(2))], T0);
      const moved = series(sid(2), { episodes: [episode(eid(3), { season_number: 1, episode_number: 1 })] });
      await store.importCatalog([moved], T1);
      expect(await store.getEpisode(eid(3))).toMatchObject({ series_id: sid(2), created_at: T0, updated_at: T1 });
      expect(await store.getSeries(sid(1))).toMatchObject({ episode_count: 2, updated_at: T1 });
      expect(await store.getSeries(sid(2))).toMatchObject({ episode_count: 1 });
    });

    it('imports the demo catalog, reading back contract-valid documents', async () => {
      const catalog = demoCatalog();
      expect(await store.importCatalog(catalog, T0)).toMatchObject({ seriesChanged: 36, seriesUnchanged: 0 });
      expect(await store.importCatalog(catalog, T1)).toEqual({ seriesChanged: 0, seriesUnchanged: 36, episodesChanged: 0 });
      for (const s of catalog) {
        const doc = await store.getSeries(s.id);
        expectContractShape('Series', { ...doc, grants: ['read'] });
        expect(doc).toMatchObject({ title: s.title, episode_count: s.episodes.length, season_count: s.seasons.length });
      }
      const page = await store.listEpisodes({ seriesId: 'ser_7hx2k9qmbd', limit: 2 });
      expect(page.items.map((e) => e.id)).toEqual(['ep_4mq8z2xkwt', 'ep_6rc1v8njpd']);
      expectContractShape('EpisodeList', { items: page.items.map((e) => ({ ...e, grants: ['read'] })), next_cursor: page.nextCursor });
    });

    it('writes all of a batch or none of it', async () => {
      await expect(store.importCatalog([series(sid(1)), series(sid(2), { episodes: [episode('ep_BAD')] })], T0)).rejects.toThrow();
      expect(await store.countSeries()).toBe(0);
    });
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
      expectContractShape('SeriesList', { items: page.items, next_cursor: page.nextCursor });
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
      expect((await all({ partnerId: A, sort: 'title', limit: 1, genre: 'comedy', updatedSince: '2026-11-02T00:00:00Z' })).seen).toEqual([sid(15), sid(13)]);
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

  describe('listCatalog by title since an instant', () => {
    // Past 1,000 series updated since the instant the store walks the title index instead of
    // sorting them (shared/catalog-read.ts): both ways must give the same pages.
    const P = pid('p');
    const OLD = '2026-10-01T00:00:00.000Z';
    const NEW = '2026-11-01T00:00:00.000Z';
    const expected: { id: string; title: string; at: string; genre: 'comedy' | 'drama' }[] = [];
    beforeEach(async () => {
      await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: T0 });
      expected.length = 0;
      for (let i = 0; i < 1200; i++) {
        const title = `Series ${((i * 7919) % 1200).toString().padStart(4, '0')}`;
        expected.push({ id: sid(100 + i), title, at: i < 300 ? OLD : NEW, genre: i % 6 === 0 ? 'comedy' : 'drama' });
      }
      for (const at of [OLD, NEW]) {
        const batch = expected.filter((e) => e.at === at).map((e) => series(e.id, { title: e.title, genres: [e.genre] }));
        for (let i = 0; i < batch.length; i += 500) await store.importCatalog(batch.slice(i, i + 500), at);
      }
      // Every series readable but every eleventh.
      for (const [i, e] of expected.entries()) if (i % 11 !== 0) await store.setGrants(P, e.id, ['read'], T0);
    });

    it.each([
      ['an instant before every series (the title walk)', OLD, undefined],
      ['an instant before most series of a genre (the title walk)', OLD, 'drama' as const],
      ['an instant a few series have reached (the sort)', NEW, 'comedy' as const],
    ])('pages %s in title order', async (_label, since, genre) => {
      const want = expected
        .filter((e, i) => i % 11 !== 0 && e.at >= since && (genre === undefined || e.genre === genre))
        .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1))
        .map((e) => e.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listCatalog({ partnerId: P, sort: 'title', limit: 100, updatedSince: since, ...(genre ? { genre } : {}), cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(seen).toEqual(want);
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
