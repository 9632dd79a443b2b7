/**
 * Faults of the shared engines, seen through the real server: PostgreSQL and Redis are reached
 * through TCP proxies the test cuts (`down`: connections reset) or stalls (`blackhole`), then
 * restores. Every answer must be a problem+json 503 or a normal answer, never a 500, within a
 * bound, and the instance must recover by itself.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate, authenticateOnceBack, expectUnavailable, proxyTo, request } from '../helpers/fault-requests.js';
import { bearer, startServer } from '../helpers/server.js';
import { createTestSchema, reportSkipped, skipReason, TEST_DATABASE_URL, TEST_REDIS_URL, type TestSchema } from '../helpers/services.js';
import { viaProxy } from '../helpers/tcp-proxy.js';

const SERIES = 'ser_7hx2k9qmbd';

const skipped = skipReason({ postgres: true, redis: true });
if (skipped) reportSkipped('Fault tests of PostgreSQL and Redis', skipped);

const schemas: TestSchema[] = [];
afterAll(async () => {
  await Promise.all(schemas.splice(0).map((s) => s.drop()));
});

describe.skipIf(skipped)('PostgreSQL down', () => {
  it('answers 503 problem+json and fails /readyz at once, recovers when it returns, and bounds a hanging database', async () => {
    const proxy = await proxyTo(TEST_DATABASE_URL);
    const schema = await createTestSchema();
    schemas.push(schema);
    const server = await startServer({
      env: { DATABASE_URL: viaProxy(schema.url, proxy), DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1000' },
    });
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    // /readyz answers from the state the store's operations leave (server/http/readiness.ts), so
    // it is asked after them, and at once.
    const calls = () => [
      request(server, '/api/partner/content/catalog', { headers: bearer(token) }),
      request(server, `/api/partner/content/series/${SERIES}`, { headers: bearer(token) }),
      request(server, '/api/partner/content/search?q=lighthouse', { headers: bearer(token) }),
      authenticate(server, partner),
    ];

    proxy.set('down');
    for (const answer of await Promise.all(calls())) expectUnavailable(answer, 2_000);
    expectUnavailable(await request(server, '/readyz'), 500);
    expect((await request(server, '/healthz')).status).toBe(200);

    proxy.set('up');
    const [catalog, series, search] = await Promise.all(calls());
    expect([catalog!.status, series!.status, search!.status]).toEqual([200, 200, 200]);
    expect((await request(server, '/readyz')).status).toBe(200);

    // Hanging: connections open but nothing answers. Bounded by the statement timeout (+1 s on
    // the client) or the connect timeout, never by the partner's patience.
    proxy.set('blackhole');
    for (const answer of await Promise.all(calls())) expectUnavailable(answer, 4_000);
    expectUnavailable(await request(server, '/readyz'), 500);

    proxy.set('up');
    expect((await authenticateOnceBack(server, partner)).status).toBe(200);
    expect((await request(server, '/readyz')).status).toBe(200);
    expect((await request(server, '/api/partner/content/catalog', { headers: bearer(token) })).status).toBe(200);
    expect(server.logs()).not.toMatch(/"statusCode":500/);
  });
});

describe.skipIf(skipped)('Redis down', () => {
  async function redisServer(env: Record<string, string> = {}) {
    const proxy = await proxyTo(TEST_REDIS_URL);
    const server = await startServer({ limits: 'redis', env: { REDIS_URL: viaProxy(TEST_REDIS_URL, proxy), REDIS_TIMEOUT_MS: '300', ...env } });
    return { proxy, server };
  }

  it('fails closed for Authentication (503) and open for Content and Streaming, then authenticates again by itself when it returns', async () => {
    const { proxy, server } = await redisServer();
    const partner = await server.partner({ [SERIES]: ['read', 'stream'] });
    const token = await server.token(partner);

    proxy.set('down');
    expectUnavailable(await authenticate(server, partner), 1_000);
    // verifyToken has a budget of its own (TokenVerification), which fails open.
    expect((await request(server, '/api/partner/auth/verify', { headers: bearer(token) })).status).toBe(200);
    const content = await request(server, '/api/partner/content/catalog', { headers: bearer(token) });
    expect(content.status).toBe(200);
    expect(content.ms).toBeLessThan(1_000);
    expect((await request(server, '/api/partner/streaming/episodes/ep_4mq8z2xkwt', { headers: bearer(token) })).status).toBe(200);
    // Open, but not unlimited: this instance counts the window itself meanwhile.
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await request(server, `/api/partner/content/series/${SERIES}`, { headers: bearer(token) })).status);
    expect(statuses.filter((s) => s === 200).length).toBe(99); // the catalog call above took one
    expect(statuses.at(-1)).toBe(429);
    expect((await request(server, '/readyz')).status).toBe(200);

    proxy.set('up');
    expect((await authenticateOnceBack(server, partner)).status).toBe(200);
    expect(server.logs()).not.toMatch(/"statusCode":500/);
    expect(server.logs()).toMatch(/redis unavailable/);
  });

  it('bounds a hanging Redis by REDIS_TIMEOUT_MS per command in both failure modes', async () => {
    const { proxy, server } = await redisServer();
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);
    proxy.set('blackhole');
    const [auth, content] = await Promise.all([
      authenticate(server, partner),
      request(server, '/api/partner/content/catalog', { headers: bearer(token) }),
    ]);
    // Before the breaker's window has passed each command waits its timeout: authenticate sends
    // three (its address's failure count, its release, the partner's limit), plus its secret hash.
    expectUnavailable(auth, 3 * 300 + 1_500);
    expect(content.status).toBe(200);
    expect(content.ms).toBeLessThan(1_500);
  });

  it('starts without Redis, serving with the failure modes, and picks it up when it appears', async () => {
    const { proxy, server } = await (async () => {
      const proxy = await proxyTo(TEST_REDIS_URL);
      proxy.set('down');
      const server = await startServer({ limits: 'redis', env: { REDIS_URL: viaProxy(TEST_REDIS_URL, proxy), REDIS_TIMEOUT_MS: '300' } });
      return { proxy, server };
    })();
    const partner = await server.partner({ [SERIES]: ['read'] });
    expectUnavailable(await authenticate(server, partner), 1_000);
    proxy.set('up');
    expect((await authenticateOnceBack(server, partner)).status).toBe(200);
  });
});
