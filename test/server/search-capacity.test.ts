/**
 * Search runs within a bounded capacity (server/search/): a search that takes long never holds up
 * other requests, a full instance refuses searches at once with 503 and Retry-After, and one
 * partner cannot hold more than the contract's `per_partner` searches. The slow search is
 * injected: a gate every search waits at until the test opens it (on SQLite the worker thread
 * blocks on it, as a long query would).
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { bearer, searchGate, serverEngines, startServer, type TestServer } from '../helpers/server.js';

const SERIES = 'ser_7hx2k9qmbd';
const capacity = loadContract().search;

function search(server: TestServer, token: string, q: string): Promise<Response> {
  return fetch(`${server.url}/api/partner/content/search?q=${encodeURIComponent(q)}`, { headers: bearer(token) });
}

/** Resolves once the server's search executor holds that many searches (the requests are on their way until then). */
async function holding(server: TestServer, running: number, queued: number): Promise<void> {
  const stats = () => server.runtime.search.stats();
  while (stats().running !== running || stats().queued !== queued) await new Promise((resolve) => setImmediate(resolve));
}

/** A search request whose answer the test can check for without waiting for it. */
function pending(request: Promise<Response>): { done: () => boolean; response: Promise<Response> } {
  let done = false;
  const response = request.finally(() => void (done = true));
  return { done: () => done, response };
}

describe.each(serverEngines())('search capacity (%s)', (_name, engine) => {
  it('serves cached reads while a slow search runs, and answers 503 with Retry-After while every slot is taken', async () => {
    const gate = searchGate();
    const server = await startServer({ ...engine, searchGate: gate.gate, env: { SEARCH_WORKERS: '1', SEARCH_QUEUE_LENGTH: '0' } });
    const slow = await server.token(await server.partner({ [SERIES]: ['read'] }, 'Slow'));
    const other = await server.token(await server.partner({ [SERIES]: ['read'] }, 'Other'));
    const catalog = `${server.url}/api/partner/content/catalog`;
    // Asked twice, so the page is kept (server/partner-api/seen-before.ts) and the reads below are cached ones.
    for (let i = 0; i < 2; i++) expect((await fetch(catalog, { headers: bearer(other) })).status).toBe(200);

    const running = pending(search(server, slow, 'lighthouse'));
    await holding(server, 1, 0);
    const refused = await search(server, other, 'keeper');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(capacity.retryAfterSeconds));
    expect(((await refused.json()) as { code: string }).code).toBe('search_capacity_exhausted');

    for (let i = 0; i < 5; i++) expect((await fetch(catalog, { headers: bearer(other) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/partner/content/series/${SERIES}`, { headers: bearer(other) })).status).toBe(200);
    expect(running.done()).toBe(false);

    gate.open();
    expect((await running.response).status).toBe(200);
    expect((await search(server, other, 'keeper')).status).toBe(200);
  });

  it(`lets one partner hold at most ${capacity.perPartner} searches, running or queued, and answers 429 with Retry-After past that`, async () => {
    const gate = searchGate();
    const server = await startServer({ ...engine, searchGate: gate.gate, env: { SEARCH_WORKERS: '1', SEARCH_QUEUE_LENGTH: '8' } });
    const greedy = await server.token(await server.partner({ [SERIES]: ['read'] }, 'Greedy'));
    const other = await server.token(await server.partner({ [SERIES]: ['read'] }, 'Other'));

    const held = Array.from({ length: capacity.perPartner }, (_, i) => pending(search(server, greedy, `held${i}`)));
    await holding(server, 1, capacity.perPartner - 1);
    const refused = await search(server, greedy, 'lighthouse');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(capacity.retryAfterSeconds));
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_concurrent_searches');

    // Another partner still gets a place in the queue.
    const queued = pending(search(server, other, 'keeper'));
    await holding(server, 1, capacity.perPartner);
    expect(held.some((h) => h.done()) || queued.done()).toBe(false);

    gate.open();
    for (const h of held) expect((await h.response).status).toBe(200);
    expect((await queued.response).status).toBe(200);
    expect((await search(server, greedy, 'lighthouse')).status).toBe(200);
  });
});
