/** Store contract, search: grants, ranking, prefix matching, hostile input, type filter, paging. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError, type SearchHitDoc, type Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { eid, episode, expectContractShape, pid, series, sid, T0, T1 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const B = pid('b');

const idOf = (h: SearchHitDoc) => (h.type === 'series' ? h.series.id : h.episode.id);

describe.each(ENGINES)('Store search (%s)', (_name, open) => {
  let store: Store;

  beforeEach(async () => {
    store = await open();
    await store.createPartner({ id: A, name: 'A', apiKey: 'key-a', secretHash: 'h', now: T0 });
    await store.createPartner({ id: B, name: 'B', apiKey: 'key-b', secretHash: 'h', now: T0 });
    await store.importCatalog(
      [
        series(sid(1), {
          title: 'The Lighthouse Keepers',
          synopsis: 'A daughter returns to a remote island.',
          short_synopsis: 'Logbooks rewritten.',
          episodes: [
            episode(eid(1), { title: 'The First Light', synopsis: 'Isla lights the lamp at the lighthouse.' }),
            episode(eid(2), { episode_number: 2, title: 'Fog Signal', synopsis: 'A signal from a wreck.' }),
          ],
        }),
        series(sid(2), { title: 'Paper Harbour', synopsis: 'A reporter and an old lighthouse on the quay.', short_synopsis: 'A forged manifest.' }),
        series(sid(3), { title: 'Small Hours', synopsis: 'Night bakers keep a café alive.', short_synopsis: 'Café comedy.' }),
        series(sid(4), { title: 'Secret Lighthouse', synopsis: 'Only partner B may read this one.' }),
        series(sid(5), { title: 'Lighthouse Streaming', synopsis: 'Partner A may stream but not read this one.' }),
      ],
      T0,
    );
    for (const n of [1, 2, 3]) await store.setGrants(A, sid(n), n === 2 ? ['read'] : ['read', 'stream'], T0);
    await store.setGrants(A, sid(5), ['stream'], T0);
    await store.setGrants(B, sid(4), ['read'], T0);
  });
  afterEach(async () => {
    await store.close();
  });

  const search = (q: string, extra: Partial<Parameters<Store['search']>[0]> = {}) => store.search({ partnerId: A, q, limit: 20, ...extra });

  // Series and episodes live in separate indexes, so only the set and the leading title hit
  // are asserted across types; order within one type is asserted in the ranking tests.
  const LIGHTHOUSE = [sid(1), eid(1), sid(2)];
  const expectLighthouse = (ids: string[]) => {
    expect(ids[0]).toBe(sid(1));
    expect([...ids].sort()).toEqual([...LIGHTHOUSE].sort());
  };

  it('finds only readable series and their episodes', async () => {
    const page = await search('lighthouse');
    expectLighthouse(page.items.map(idOf));
    expect(page.nextCursor).toBeNull();
    const scores = page.items.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s > 0 && s < 1).toBe(true);
    expect((await store.search({ partnerId: B, q: 'lighthouse', limit: 20 })).items.map(idOf)).toEqual([sid(4)]);
  });

  it("returns hits in the contract's SearchHit shape with the partner's grants", async () => {
    const items = (await search('lighthouse')).items;
    const [seriesHit, episodeHit, readOnly] = [items[0], items.find((h) => h.type === 'episode'), items.find((h) => idOf(h) === sid(2))];
    expect(seriesHit).toMatchObject({ type: 'series', series: { id: sid(1), title: 'The Lighthouse Keepers', grants: ['read', 'stream'], season_count: 1 } });
    expect(seriesHit && 'series' in seriesHit && 'synopsis' in seriesHit.series).toBe(false);
    expect(episodeHit).toMatchObject({ type: 'episode', series_title: 'The Lighthouse Keepers', episode: { id: eid(1), series_id: sid(1), grants: ['read', 'stream'] } });
    expect(readOnly).toMatchObject({ type: 'series', series: { id: sid(2), grants: ['read'] } });
    expectContractShape('SearchResults', { items, next_cursor: null });
  });

  it('matches the last word as a prefix, requires every word, and folds case and accents', async () => {
    expectLighthouse((await search('LIGHTHO')).items.map(idOf));
    expect((await search('lighthouse keep')).items.map(idOf)).toEqual([sid(1)]);
    expect((await search('lightho keepers')).items).toEqual([]);
    expect((await search('fog wreck')).items.map(idOf)).toEqual([eid(2)]);
    expect((await search('cafe')).items.map(idOf)).toEqual([sid(3)]);
  });

  it('answers an empty page to queries without words, and treats operators as plain words', async () => {
    for (const q of ['', '   ', '!!!', '"*', '()-:^']) expect(await search(q)).toEqual({ items: [], nextCursor: null });
    expect((await search('fog" OR "harbour')).items).toEqual([]);
    expect((await search('NEAR(fog signal)')).items).toEqual([]);
    expect((await search('title:fog')).items).toEqual([]);
    expectLighthouse((await search('-lighthouse*')).items.map(idOf));
  });

  it('filters by type', async () => {
    expect((await search('lighthouse', { type: 'series' })).items.map(idOf)).toEqual([sid(1), sid(2)]);
    expect((await search('lighthouse', { type: 'episode' })).items.map(idOf)).toEqual([eid(1)]);
  });

  it('ranks a title hit above a synopsis-only hit, and breaks ties by id', async () => {
    await store.importCatalog(
      [
        series(sid(20), { title: 'Nebula', synopsis: 'Deep space.' }),
        series(sid(21), { title: 'Orbit', synopsis: 'A crew studies a nebula far away.' }),
        series(sid(23), { title: 'Twin', synopsis: 'Identical twins.' }),
        series(sid(22), { title: 'Twin', synopsis: 'Identical twins.' }),
      ],
      T0,
    );
    for (const n of [20, 21, 22, 23]) await store.setGrants(A, sid(n), ['read'], T0);
    const nebula = (await search('nebula')).items;
    expect(nebula.map(idOf)).toEqual([sid(20), sid(21)]);
    expect(nebula[0]!.score).toBeGreaterThan(nebula[1]!.score);
    const twins = (await search('twin')).items;
    expect(twins.map(idOf)).toEqual([sid(22), sid(23)]);
    expect(twins[0]!.score).toBe(twins[1]!.score);
  });

  it('pages with a cursor bound to the query, without gaps or repeats', async () => {
    const whole = (await search('lighthouse')).items.map(idOf);
    const first = await search('lighthouse', { limit: 2 });
    expect(first.items.map(idOf)).toEqual(whole.slice(0, 2));
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]{1,512}$/);
    const second = await search('lighthouse', { limit: 2, cursor: first.nextCursor! });
    expect(second.items.map(idOf)).toEqual(whole.slice(2));
    expect(second.nextCursor).toBeNull();
    await expect(search('harbour', { limit: 2, cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(search('lighthouse', { limit: 2, type: 'series', cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(store.search({ partnerId: B, q: 'lighthouse', limit: 2, cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(search('lighthouse', { cursor: 'garbage' })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('follows imports: changed titles are re-indexed, removed episodes disappear', async () => {
    await store.importCatalog(
      [series(sid(1), { title: 'The Beacon', synopsis: 'A daughter returns to a remote island.', short_synopsis: 'Logbooks rewritten.', episodes: [] })],
      T1,
    );
    expect((await search('lighthouse')).items.map(idOf)).toEqual([sid(2)]);
    expect((await search('beacon')).items.map(idOf)).toEqual([sid(1)]);
    expect((await search('fog')).items).toEqual([]);
  });

  it('stops finding a series once its read grant is removed', async () => {
    await store.setGrants(A, sid(1), [], T1);
    expect((await search('lighthouse')).items.map(idOf)).toEqual([sid(2)]);
  });
});
