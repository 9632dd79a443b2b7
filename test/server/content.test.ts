import { describe, expect, it } from 'vitest';
import type { Grant } from '../../server/store/index.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

/** A partner with read on every seeded series (stream on none), and its token. */
async function readerOfAll(server: TestServer) {
  const all = await server.store.listAllSeries({ limit: 100 });
  const grants = Object.fromEntries(all.items.map((s) => [s.id, ['read'] as Grant[]]));
  const partner = await server.partner(grants);
  return { partner, token: await server.token(partner), series: all.items };
}

async function raw(server: TestServer, token: string, path: string) {
  const res = await fetch(server.url + path, { headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('getCatalog', () => {
  it('pages through every readable series exactly once, by title and by updated_at', async () => {
    const server = await startServer();
    const { token, series } = await readerOfAll(server);
    for (const sort of ['title', 'updated_at'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const { data, response } = await server.client.GET('/api/partner/content/catalog', {
          headers: bearer(token),
          params: { query: { limit: 7, sort, ...(cursor ? { cursor } : {}) } },
        });
        expect(response.status).toBe(200);
        expect(data!.items.length).toBeLessThanOrEqual(7);
        seen.push(...data!.items.map((s) => s.id));
        cursor = data!.next_cursor ?? undefined;
      } while (cursor);
      expect(seen.length).toBe(series.length);
      expect(new Set(seen).size).toBe(series.length);
    }
  });

  it('filters by genre and updated_since, and carries the grants on each item', async () => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const { data } = await server.client.GET('/api/partner/content/catalog', { headers: bearer(token), params: { query: { genre: 'comedy', limit: 100 } } });
    expect(data!.items.length).toBeGreaterThan(0);
    for (const s of data!.items) {
      expect(s.genres).toContain('comedy');
      expect(s.grants).toEqual(['read']);
    }
    const future = new Date(server.clock.now() + 60_000).toISOString();
    const none = await server.client.GET('/api/partner/content/catalog', { headers: bearer(token), params: { query: { updated_since: future } } });
    expect(none.data).toEqual({ items: [], next_cursor: null, changes_cursor: expect.any(String) });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['genre=opera', 'genre'],
    ['sort=random', 'sort'],
    ['updated_since=yesterday', 'updated_since'],
    ['shoe_size=9', 'shoe_size'],
  ])('answers 400 for %s', async (query, param) => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const res = await raw(server, token, `/api/partner/content/catalog?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer).join(' ')).toContain(param);
  });

  it.each([
    ['garbage', 'bm90LWEtY3Vyc29y'],
    ['a cursor of another query', 'OTHER'],
  ])('answers 400 invalid_cursor for %s', async (_name, cursor) => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    let value = cursor;
    if (cursor === 'OTHER') {
      const first = await server.client.GET('/api/partner/content/catalog', { headers: bearer(token), params: { query: { limit: 2, sort: 'updated_at' } } });
      value = first.data!.next_cursor!;
    }
    const res = await raw(server, token, `/api/partner/content/catalog?limit=2&sort=title&cursor=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_cursor');
  });
});

describe('searchCatalog', () => {
  it('ranks a title hit first and finds words by prefix', async () => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const { data } = await server.client.GET('/api/partner/content/search', { headers: bearer(token), params: { query: { q: 'lighthouse keep' } } });
    expect(data!.items[0]).toMatchObject({ type: 'series', series: { id: 'ser_7hx2k9qmbd' } });
    const scores = data!.items.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const episodes = await server.client.GET('/api/partner/content/search', { headers: bearer(token), params: { query: { q: 'fog signal', type: 'episode' } } });
    expect(episodes.data!.items.every((h) => h.type === 'episode')).toBe(true);
    expect(episodes.data!.items[0]).toMatchObject({ type: 'episode', episode: { id: 'ep_6rc1v8njpd' }, series_title: 'The Lighthouse Keepers' });
  });

  it.each([
    ['a missing q', ''],
    ['an empty q', 'q='],
    ['an overlong q', `q=${'a'.repeat(201)}`],
    ['an unknown type', 'q=x&type=movie'],
  ])('answers 400 for %s', async (_name, query) => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const res = await raw(server, token, `/api/partner/content/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it.each([
    ['garbage', 'bm90LWEtY3Vyc29y'],
    ['a cursor of another query', 'OTHER'],
  ])('answers 400 invalid_cursor for %s, refused on a search thread', async (_name, cursor) => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    let value = cursor;
    if (cursor === 'OTHER') {
      const first = await server.client.GET('/api/partner/content/search', { headers: bearer(token), params: { query: { q: 'the', limit: 1 } } });
      value = first.data!.next_cursor!;
      expect(value).toBeTruthy();
    }
    const res = await raw(server, token, `/api/partner/content/search?q=harbour&limit=1&cursor=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_cursor');
  });

  it('answers an empty page for punctuation only, encoded or not', async () => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    for (const q of [encodeURIComponent('"*) - (:'), "*)'(!"]) {
      const res = await raw(server, token, `/api/partner/content/search?q=${q}`);
      expect(res).toEqual({ status: 200, body: { items: [], next_cursor: null } });
    }
  });

  it("finds titles with apostrophes sent the way openapi-fetch sends them", async () => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const { response } = await server.client.GET('/api/partner/content/search', { headers: bearer(token), params: { query: { q: "keeper's (light)*" } } });
    expect(response.status).toBe(200);
  });
});

describe('series and episodes', () => {
  it('returns a series with its seasons, and its episodes in order, by season', async () => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const series = await server.client.GET('/api/partner/content/series/{series_id}', { headers: bearer(token), params: { path: { series_id: 'ser_7hx2k9qmbd' } } });
    expect(series.data).toMatchObject({ id: 'ser_7hx2k9qmbd', title: 'The Lighthouse Keepers', grants: ['read'] });
    expect(series.data!.seasons.length).toBe(series.data!.season_count);
    const season1 = await server.client.GET('/api/partner/content/series/{series_id}/episodes', {
      headers: bearer(token),
      params: { path: { series_id: 'ser_7hx2k9qmbd' }, query: { season: 1, limit: 100 } },
    });
    const numbers = season1.data!.items.map((e) => [e.season_number, e.episode_number]);
    expect(numbers[0]).toEqual([1, 1]);
    expect(numbers.every(([s]) => s === 1)).toBe(true);
    expect(numbers.map(([, e]) => e)).toEqual([...numbers.map(([, e]) => e)].sort((a, b) => a! - b!));
    const episode = await server.client.GET('/api/partner/content/episodes/{episode_id}', { headers: bearer(token), params: { path: { episode_id: 'ep_4mq8z2xkwt' } } });
    expect(episode.data).toMatchObject({ id: 'ep_4mq8z2xkwt', series_id: 'ser_7hx2k9qmbd', season_number: 1, episode_number: 1 });
  });

  it.each([
    ['/api/partner/content/series/not-an-id'],
    ['/api/partner/content/series/ser_7HX2K9QMBD/episodes'],
    ['/api/partner/content/episodes/ep_short'],
    ['/api/partner/content/series/ser_7hx2k9qmbd/episodes?season=0'],
  ])('answers 400 for %s', async (path) => {
    const server = await startServer();
    const { token } = await readerOfAll(server);
    const res = await raw(server, token, path);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});
