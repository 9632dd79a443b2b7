import { describe, expect, it } from 'vitest';
import type { Grant } from '../../server/store/index.js';
import { bearer, importForm, serverEngines, startServer, type TestServer } from '../helpers/server.js';

// SQLite with in-process limits, and PostgreSQL with Redis limits (test/helpers/server.ts).
const ENGINES = serverEngines();

const SERIES = 'ser_7hx2k9qmbd';
const EPISODE = 'ep_4mq8z2xkwt';
const OTHER_SERIES = 'ser_9kd4p6vyja';

type Op = 'getSeries' | 'listEpisodes' | 'getEpisode' | 'resolveStream';
const PATHS: Record<Op, (ids: { series: string; episode: string }) => string> = {
  getSeries: ({ series }) => `/api/partner/content/series/${series}`,
  listEpisodes: ({ series }) => `/api/partner/content/series/${series}/episodes`,
  getEpisode: ({ episode }) => `/api/partner/content/episodes/${episode}`,
  resolveStream: ({ episode }) => `/api/partner/streaming/episodes/${episode}`,
};

async function call(server: TestServer, token: string, op: Op, ids = { series: SERIES, episode: EPISODE }) {
  const res = await fetch(server.url + PATHS[op](ids), { headers: bearer(token) });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

async function visible(server: TestServer, token: string): Promise<{ catalog: boolean; search: boolean }> {
  const catalog = await server.client.GET('/api/partner/content/catalog', { headers: bearer(token), params: { query: { limit: 100 } } });
  const search = await server.client.GET('/api/partner/content/search', { headers: bearer(token), params: { query: { q: 'lighthouse keepers' } } });
  return {
    catalog: catalog.data!.items.some((s) => s.id === SERIES),
    search: search.data!.items.some((hit) => (hit.type === 'series' ? hit.series.id : hit.episode.series_id) === SERIES),
  };
}

// partner's grants on the series -> expected status of each operation about it, and whether lists show it
const MATRIX: Array<[Grant[], Record<Op, number>, boolean]> = [
  [[], { getSeries: 403, listEpisodes: 403, getEpisode: 403, resolveStream: 403 }, false],
  [['read'], { getSeries: 200, listEpisodes: 200, getEpisode: 200, resolveStream: 403 }, true],
  [['stream'], { getSeries: 403, listEpisodes: 403, getEpisode: 403, resolveStream: 200 }, false],
  [['read', 'stream'], { getSeries: 200, listEpisodes: 200, getEpisode: 200, resolveStream: 200 }, true],
];

describe.each(ENGINES)('grants: partner x grant x operation (%s)', (_engine, engine) => {
  it.each(MATRIX)('grants %j', async (grants, expected, listed) => {
    const server = await startServer(engine);
    const episode = await server.store.getEpisode(EPISODE);
    // Precondition: the demo episode is inside its availability window now, so only grants decide.
    expect(Date.parse(episode!.availability.starts_at)).toBeLessThan(server.clock.now());
    const partner = await server.partner(grants.length ? { [SERIES]: grants, [OTHER_SERIES]: ['read', 'stream'] } : { [OTHER_SERIES]: ['read'] });
    const token = await server.token(partner);
    for (const op of Object.keys(expected) as Op[]) {
      const res = await call(server, token, op);
      expect({ op, status: res.status }).toEqual({ op, status: expected[op] });
      if (res.status === 403) expect(res.code).toBe('forbidden');
    }
    expect(await visible(server, token)).toEqual({ catalog: listed, search: listed });
  });

  it.each(Object.keys(PATHS) as Op[])('%s answers 404 for an id that does not exist, whatever the grants', async (op) => {
    const server = await startServer(engine);
    const token = await server.token(await server.partner({ [SERIES]: ['read', 'stream'] }));
    const res = await call(server, token, op, { series: 'ser_0000000000', episode: 'ep_0000000000' });
    expect(res).toEqual({ status: 404, code: 'not_found' });
  });

  it('lists entitlements with the grants per series, and nothing of other partners', async () => {
    const server = await startServer(engine);
    const mine = await server.partner({ [SERIES]: ['stream'], [OTHER_SERIES]: ['read', 'stream'] });
    await server.partner({ ser_3fz8w1rtnc: ['read'] }, 'Someone else');
    const { data } = await server.client.GET('/api/partner/content/entitlements', { headers: bearer(await server.token(mine)) });
    expect(data!.items.map((e) => [e.series_id, e.grants])).toEqual([
      [SERIES, ['stream']],
      [OTHER_SERIES, ['read', 'stream']],
    ].sort());
    expect(data!.next_cursor).toBeNull();
  });

  it('decides every request on the grants and catalog of that moment, though checks are remembered in between', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read', 'stream'] });
    const other = await server.partner({ [SERIES]: ['read'] }, 'Another partner');
    const [token, otherToken] = [await server.token(partner), await server.token(other)];
    const now = new Date(server.clock.now()).toISOString();
    expect((await call(server, token, 'resolveStream')).status).toBe(200);
    expect((await call(server, token, 'resolveStream')).status).toBe(200);
    // Per partner: another partner's grants are its own.
    expect(await call(server, otherToken, 'resolveStream')).toEqual({ status: 403, code: 'forbidden' });

    await server.store.setGrants(partner.id, SERIES, ['read'], now);
    expect(await call(server, token, 'resolveStream')).toEqual({ status: 403, code: 'forbidden' });
    expect((await call(server, token, 'getEpisode')).status).toBe(200);
    await server.store.setGrants(partner.id, SERIES, ['read', 'stream'], now);
    expect((await call(server, token, 'resolveStream')).status).toBe(200);

    // A catalog import that moves the episode's window into the future applies at once.
    const series = await importForm(server, token, SERIES);
    const later = new Date(server.clock.now() + 86_400_000).toISOString();
    const episodes = series.episodes.map((e) => (e.id === EPISODE ? { ...e, availability: { ...e.availability, starts_at: later } } : e));
    await server.store.importCatalog([{ ...series, episodes }], now);
    expect(await call(server, token, 'resolveStream')).toEqual({ status: 451, code: 'outside_availability_window' });
  });
});
