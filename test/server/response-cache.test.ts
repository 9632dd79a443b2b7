/**
 * Repeated Content reads are answered from validated cached bytes (server/partner-api/response-cache.ts).
 * What a partner must never notice: a stale page after a grant change or catalog import, another
 * partner's page, or a request that skipped authentication, limits or usage counting.
 */
import { describe, expect, it } from 'vitest';
import { cliActor, grants } from '../../server/services/index.js';
import { bearer, importForm, serverEngines, startServer, type TestServer } from '../helpers/server.js';

const SERIES = 'ser_7hx2k9qmbd';
const OTHER = 'ser_3fz8w1rtnc';

async function cacheCount(server: TestServer, result: 'hit' | 'miss'): Promise<number> {
  const metric = await server.runtime.metrics.responseCache.get();
  return metric.values.find((v) => v.labels.result === result)?.value ?? 0;
}

async function catalogIds(server: TestServer, token: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/partner/content/catalog`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((s) => s.id);
}

describe.each(serverEngines())('response cache (%s)', (_name, engine) => {
  it('answers a repeated read with the same bytes and ETag, still authenticated, limited and counted', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    const url = `${server.url}/api/partner/content/series/${SERIES}`;
    // Kept on its second answer (the URL had been asked for before), answered from the cache on the third.
    const [first, second, third] = [await fetch(url, { headers: bearer(token) }), await fetch(url, { headers: bearer(token) }), await fetch(url, { headers: bearer(token) })];
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(await cacheCount(server, 'hit')).toBe(1);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(await third.text()).toBe(body);
    expect(third.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(third.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(third.headers.get('ratelimit')).toMatch(/r=97/);

    // The cached path authenticates like every other.
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: bearer(`${token}x`) })).status).toBe(401);

    // Conditional and HEAD requests behave as HTTP says.
    // fetch adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and no-cache is never 304.
    const conditional = await fetch(url, { headers: { ...bearer(token), 'If-None-Match': first.headers.get('etag')!, 'Cache-Control': 'max-age=0' } });
    expect(conditional.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD', headers: bearer(token) });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    await server.runtime.recorder.flush();
    const day = new Date(server.clock.now()).toISOString().slice(0, 10);
    const usage = await fetch(`${server.url}/api/partner/analytics/usage?from=${day}&to=${day}&group_by=series`, { headers: bearer(token) });
    expect(usage.status).toBe(200);
    const rows = ((await usage.json()) as { items: Array<{ key: string; requests: number }> }).items;
    // Three 200s, the 304 and the HEAD; the two 401s have no partner.
    expect(rows.find((r) => r.key === SERIES)?.requests).toBe(5);
  });

  it('builds a page once for concurrent identical requests, and answers every one of them', async () => {
    const server = await startServer(engine);
    const token = await server.token(await server.partner({ [SERIES]: ['read'] }));
    const url = `${server.url}/api/partner/content/search?q=lighthouse`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(url, { headers: bearer(token) })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(await cacheCount(server, 'miss')).toBe(1);
    expect(await cacheCount(server, 'hit')).toBe(7);
  });

  it('is per partner: each sees only its own grants', async () => {
    const server = await startServer(engine);
    const a = await server.token(await server.partner({ [SERIES]: ['read'] }));
    const b = await server.token(await server.partner({ [OTHER]: ['read'] }));
    for (let round = 0; round < 3; round++) {
      expect(await catalogIds(server, a)).toEqual([SERIES]);
      expect(await catalogIds(server, b)).toEqual([OTHER]);
    }
    // Each partner's page is kept on its second answer.
    expect(await cacheCount(server, 'hit')).toBe(2);
  });

  it('keeps a page only once its URL has been asked for before, and again at once after a content change', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    const page = (query: string) => fetch(`${server.url}/api/partner/content/catalog?${query}`, { headers: bearer(token) }).then((res) => res.status);
    const counts = async () => [await cacheCount(server, 'hit'), await cacheCount(server, 'miss')];

    // Asked once each: built, not kept. Asked again: built again and kept. Then answered from the cache.
    expect([await page('limit=5'), await page('limit=6'), await page('limit=5')]).toEqual([200, 200, 200]);
    expect(await counts()).toEqual([0, 3]);
    expect(await page('limit=5')).toBe(200);
    expect(await counts()).toEqual([1, 3]);

    // A content change empties the cache; a URL asked for before is kept on its first answer after it.
    await server.store.setGrants(partner.id, OTHER, ['read'], new Date(server.clock.now()).toISOString());
    expect([await page('limit=5'), await page('limit=5')]).toEqual([200, 200]);
    expect(await counts()).toEqual([2, 4]);
  });

  it('serves no stale page after a grant change or a catalog import', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    expect(await catalogIds(server, token)).toEqual([SERIES]);
    expect(await catalogIds(server, token)).toEqual([SERIES]);

    const now = new Date(server.clock.now()).toISOString();
    await server.store.setGrants(partner.id, OTHER, ['read'], now);
    expect((await catalogIds(server, token)).sort()).toEqual([SERIES, OTHER].sort());
    await server.store.setGrants(partner.id, SERIES, [], now);
    expect(await catalogIds(server, token)).toEqual([OTHER]);
    expect((await fetch(`${server.url}/api/partner/content/series/${SERIES}`, { headers: bearer(token) })).status).toBe(403);

    const url = `${server.url}/api/partner/content/series/${OTHER}`;
    expect(((await (await fetch(url, { headers: bearer(token) })).json()) as { title: string }).title).not.toBe('Retitled for the cache test');
    await server.store.importCatalog([{ ...(await importForm(server, token, OTHER)), title: 'Retitled for the cache test' }], now);
    expect(((await (await fetch(url, { headers: bearer(token) })).json()) as { title: string }).title).toBe('Retitled for the cache test');
    expect((await catalogIds(server, token)).length).toBe(1);
  });

  it('serves no stale page after a bulk grant change through the service layer (CLI and studio API)', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    expect(await catalogIds(server, token)).toEqual([SERIES]);
    const ctx = { store: server.store, actor: cliActor('test'), now: new Date(server.clock.now()).toISOString() };
    await grants.setGrants(ctx, partner.id, [{ seriesId: SERIES, grants: [] }, { seriesId: OTHER, grants: ['read'] }]);
    expect(await catalogIds(server, token)).toEqual([OTHER]);
  });

  it('validates every new URL: a bad query after a good one is still refused', async () => {
    const server = await startServer(engine);
    const token = await server.token(await server.partner({ [SERIES]: ['read'] }));
    expect((await fetch(`${server.url}/api/partner/content/catalog?limit=5`, { headers: bearer(token) })).status).toBe(200);
    const bad = await fetch(`${server.url}/api/partner/content/catalog?limit=5&sort=nonsense`, { headers: bearer(token) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('validation_failed');
  });
});

describe('response cache settings', () => {
  it('RESPONSE_CACHE_MB=0 turns it off', async () => {
    const server = await startServer({ env: { RESPONSE_CACHE_MB: '0' } });
    const token = await server.token(await server.partner({ [SERIES]: ['read'] }));
    expect(await catalogIds(server, token)).toEqual([SERIES]);
    expect(await catalogIds(server, token)).toEqual([SERIES]);
    expect(await cacheCount(server, 'hit')).toBe(0);
  });
});
