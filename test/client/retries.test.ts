import { describe, expect, it } from 'vitest';
import { defaultRetryConfig, hintSpread, PartnerApiError, PartnerNetworkError, type RetryEvent } from '../../client/index.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';
import { clientFor, closedPort, problem, readerOfAll, startProxy } from './support.js';

const CATALOG = '/api/partner/content/catalog';

/** Spends the partner's whole Content budget of the current window (100 requests). */
async function exhaustContent(server: TestServer, token: string): Promise<void> {
  for (let i = 0; i < 100; i++) expect((await fetch(`${server.url}${CATALOG}?limit=1`, { headers: bearer(token) })).status).toBe(200);
}

const retryAfterMs = (headers: Headers | undefined) => Number(headers?.get('retry-after')) * 1000;
/** The wait after a server asked for `ms` on retry `attempt`, with the test's jitter of 0.5. */
const jittered = (ms: number, attempt = 1) => ms + Math.floor(0.5 * hintSpread(attempt, defaultRetryConfig, ms));

describe('429 and 503: retried after the wait the server asks for', () => {
  it('a server answering 429 with Retry-After twice, then 200, leads to success after those waits and their jitter', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    let limited = 0;
    const proxy = await startProxy(server.url, (req) => {
      if (!req.url?.startsWith(CATALOG) || ++limited > 2) return { kind: 'forward' };
      // Retry-After must win over the RateLimit reset that comes with it.
      const retryAfter = limited === 1 ? '7' : '2';
      return { kind: 'answer', status: 429, headers: { 'Retry-After': retryAfter, RateLimit: '"100-in-1min"; r=0; t=42' }, body: problem(429, 'rate_limited') };
    });
    const events: RetryEvent[] = [];
    const { client, waits } = clientFor(proxy, partner, { onRetry: (e) => events.push(e) });

    const page = await client.catalog.list({ limit: 5 });

    expect(waits).toEqual([jittered(7000, 1), jittered(2000, 2)]);
    expect(events.map((e) => [e.attempt, e.status, e.delayMs])).toEqual([[1, 429, 7350], [2, 429, 2500]]);
    const direct = await server.client.GET(CATALOG, { headers: bearer((await client.auth.token()).access_token), params: { query: { limit: 5 } } });
    expect(page).toEqual(direct.data);
    expect(proxy.seen.filter((r) => r.startsWith(`GET ${CATALOG}`))).toHaveLength(3);
  });

  it("after the real limiter's 429, waits its Retry-After (which the fake sleep lets pass on the server's clock) and succeeds", async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    // express-rate-limit computes Retry-After against the wall clock, not the server's injected
    // one, so a real sleep of `ms` would resume at Date.now() + ms: move the server's clock there.
    const { client, wire, waits } = clientFor(server, partner, { sleep: async (ms) => void (waits.push(ms), server.clock.set(Date.now() + ms)) });
    await exhaustContent(server, (await client.auth.token()).access_token);

    const page = await client.catalog.list({ limit: 3 });

    expect(page.items).toHaveLength(3);
    const statuses = wire.exchanges.filter((e) => e.path.startsWith(CATALOG));
    expect(statuses.map((e) => e.status)).toEqual([429, 200]);
    expect(statuses[0]!.headers?.get('ratelimit')).toMatch(/r=0; t=\d+/);
    expect(waits).toEqual([jittered(retryAfterMs(statuses[0]!.headers))]);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(66_000);
  });

  it('a persistent 429 ends in the typed error after the configured retries', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const { client, wire, waits } = clientFor(server, partner, { retry: { maxRetries: 2 } });
    await exhaustContent(server, (await client.auth.token()).access_token);

    const error = await client.catalog.list().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PartnerApiError);
    const attempts = wire.exchanges.filter((e) => e.path.startsWith(CATALOG));
    expect(attempts.map((e) => e.status)).toEqual([429, 429, 429]);
    expect(waits).toEqual(attempts.slice(0, 2).map((e, i) => jittered(retryAfterMs(e.headers), i + 1)));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', requestId: attempts[2]!.headers?.get('x-request-id') });
    expect((error as PartnerApiError).problem?.detail).toMatch(/Content limit of 100 requests per minute/);
    expect((error as PartnerApiError).retryAfterMs).toBe(retryAfterMs(attempts[2]!.headers));
  });

  it('retries a 503 after its Retry-After, and does not retry a 500', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const { client, wire, waits } = clientFor(server, partner, { sleep: async (ms) => void (waits.push(ms), server.setFault(undefined)) });
    await client.auth.token();
    server.setFault('unavailable');
    expect((await client.catalog.list({ limit: 1 })).items).toHaveLength(1);
    expect(waits).toEqual([jittered(5000)]);

    server.setFault('error');
    await expect(client.catalog.list({ limit: 1 })).rejects.toMatchObject({ name: 'PartnerApiError', status: 500, code: 'internal_error' });
    expect(waits).toEqual([jittered(5000)]);
    expect(wire.exchanges.filter((e) => e.path.startsWith(CATALOG)).map((e) => e.status)).toEqual([503, 200, 500]);
  });
});

describe('network failures: distinguishable from API errors, retried on GET only', () => {
  it('retries a GET whose connection was reset, with exponential backoff and jitter', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    let resets = 0;
    const proxy = await startProxy(server.url, (req) => (req.url?.startsWith(CATALOG) && ++resets <= 2 ? { kind: 'reset' } : { kind: 'forward' }));
    const { client, waits } = clientFor(proxy, partner);
    expect((await client.catalog.list({ limit: 2 })).items).toHaveLength(2);
    // random() is 0.5: half of 500 ms, then half of 1000 ms.
    expect(waits).toEqual([250, 500]);
  });

  it('does not retry a POST (authenticate) after a network error', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const proxy = await startProxy(server.url, () => ({ kind: 'reset' }));
    const { client, waits } = clientFor(proxy, partner);
    const error = await client.catalog.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerNetworkError);
    expect(error).not.toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ timedOut: false, attempts: 1, method: 'POST' });
    expect(proxy.seen).toEqual(['POST /api/partner/auth']);
    expect(waits).toEqual([]);
  });

  it('rides out a refused connection for outageMs, then gives up with a PartnerNetworkError', async () => {
    const server = await startServer();
    const { client, waits } = clientFor(server, await readerOfAll(server));
    await client.auth.token();
    await server.close();
    const error = await client.catalog.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerNetworkError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    // maxRetries as usual, then on while the outage is younger than 10 s, in at most 10 retries,
    // the waits cut to what is left of the 10 s (the fake clock moves only by the waits).
    expect(waits.slice(0, 3)).toEqual([250, 500, 1000]);
    expect(error).toMatchObject({ timedOut: false, attempts: 11, method: 'GET' });
    expect(waits.reduce((a, b) => a + b)).toBeLessThan(10_000);
    expect(waits.reduce((a, b) => a + b)).toBeGreaterThan(9_000);
  });

  it('retries a refused authenticate (POST): nothing was sent', async () => {
    const server = await startServer();
    const nobody = `http://127.0.0.1:${await closedPort()}`;
    let attempts = 0;
    // The first two attempts go to a port where nothing listens, as during an instance's restart.
    const { client, waits, wire } = clientFor(server, await readerOfAll(server), {
      fetch: async (request, init) => (++attempts <= 2 ? fetch(request.url.replace(server.url, nobody), { method: request.method, body: await request.text(), signal: init.signal }) : wire.fetch(request, init)),
    });
    expect((await client.catalog.list({ limit: 1 })).items).toHaveLength(1);
    expect(waits).toEqual([250, 500]);
    expect(wire.exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /api/partner/auth 200', 'GET /api/partner/content/catalog?limit=1 200']);
  });

  it('times out a stalled attempt, retries the GET, and reports a timeout when every attempt stalls', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    let stalls = 1;
    const proxy = await startProxy(server.url, (req) => (req.url?.startsWith(CATALOG) && stalls-- > 0 ? { kind: 'hang' } : { kind: 'forward' }));
    const { client, waits } = clientFor(proxy, partner, { retry: { maxRetries: 1 } });
    await client.auth.token();
    // Long enough for a forwarded attempt on a loaded machine; the stalled one costs this once.
    expect((await client.catalog.list({ limit: 1 }, { timeoutMs: 500 })).items).toHaveLength(1);
    expect(waits).toEqual([250]);

    stalls = Infinity;
    const error = await client.catalog.list({ limit: 1 }, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerNetworkError);
    expect(error).toMatchObject({ timedOut: true, attempts: 2 });
  });
});

describe('AbortSignal', () => {
  it('aborts a call during its wait between attempts, with the signal reason and no further attempt', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const proxy = await startProxy(server.url, (req) =>
      req.url?.startsWith(CATALOG) ? { kind: 'answer', status: 429, headers: { 'Retry-After': '30' }, body: problem(429, 'rate_limited') } : { kind: 'forward' },
    );
    const controller = new AbortController();
    const waits: number[] = [];
    // Waits until aborted, as a real sleep of 30 s would be.
    const sleep = (ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        waits.push(ms);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        controller.abort();
      });
    const { client } = clientFor(proxy, partner, { sleep });
    const error = await client.catalog.list({}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(waits).toEqual([jittered(30_000)]);
    expect(proxy.seen.filter((r) => r.startsWith(`GET ${CATALOG}`))).toHaveLength(1);

    const before = proxy.seen.length;
    await expect(client.catalog.list({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(proxy.seen.length).toBe(before);
  });
});
