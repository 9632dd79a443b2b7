/** Store contract, catalog side: import semantics, on every engine. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../server/demo/catalog.js';
import type { Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, series, sid, T0, T1 } from './fixtures.js';

afterAll(removeTmpDbs);

describe.each(ENGINES)('Store catalog import (%s)', (_name, open) => {
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

});
