import { describe, expect, it } from 'vitest';
import { bearer, serverEngines, startServer, type TestServer } from '../helpers/server.js';

// SQLite with in-process limits, and PostgreSQL with Redis limits (test/helpers/server.ts).
const ENGINES = serverEngines();

function authenticate(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe.each(ENGINES)('rate limits (per partner, per group, from the contract) (%s)', (_engine, engine) => {
  it('answers the 11th authenticate in a minute with 429, Retry-After and RateLimit headers', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const creds = { api_key: partner.apiKey, api_secret: partner.apiSecret };
    for (let i = 1; i <= 10; i++) {
      const res = await authenticate(server, creds);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toMatch(/^"10-in-1min"; q=10; w=60/);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"10-in-1min"; r=${10 - i}; t=\\d+`));
    }
    const limited = await authenticate(server, creds);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/r=0/);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');
    // Wrong secrets do not spend the partner's budget (they are limited per client address instead):
    // the answer to a wrong one is still 401, so nobody learns more than before.
    expect((await authenticate(server, { ...creds, api_secret: 'sk_' + 'x'.repeat(43) })).status).toBe(401);
  });

  it('opens a new window after a minute (injected clock, no sleeping)', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const creds = { api_key: partner.apiKey, api_secret: partner.apiSecret };
    for (let i = 0; i < 10; i++) await authenticate(server, creds);
    expect((await authenticate(server, creds)).status).toBe(429);
    await server.advance(61_000);
    expect((await authenticate(server, creds)).status).toBe(200);
  });

  it('answers the 101st content call with 429, and leaves another partner untouched', async () => {
    const server = await startServer(engine);
    const a = await server.partner({ ser_7hx2k9qmbd: ['read'] }, 'A');
    const b = await server.partner({ ser_7hx2k9qmbd: ['read'] }, 'B');
    const [ta, tb] = [await server.token(a), await server.token(b)];
    const catalog = (t: string) => fetch(`${server.url}/api/partner/content/catalog?limit=1`, { headers: bearer(t) });
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await catalog(ta)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await catalog(ta);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toMatch(/q=100; w=60/);
    // Other operations of the same group share the budget; other groups do not.
    expect((await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(ta) })).status).toBe(429);
    expect((await fetch(`${server.url}/api/partner/auth/verify`, { headers: bearer(ta) })).status).toBe(200);
    expect((await catalog(tb)).status).toBe(200);
  });

  it('counts unknown api keys as failed authentications of the client address', async () => {
    const server = await startServer(engine);
    const unknown = { api_key: 'pk_' + 'Q'.repeat(24), api_secret: 'sk_' + 'Q'.repeat(43) };
    for (let i = 0; i < 20; i++) expect((await authenticate(server, unknown)).status).toBe(401);
    const limited = await authenticate(server, { ...unknown, api_key: 'pk_' + 'R'.repeat(24) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBe('"failed-authentication"; q=20; w=60');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The partner whose key it is keeps its whole budget, from anywhere else (auth-abuse.test.ts).
  });

  it('keys failed authentications by the forwarded address only when trust proxy is configured', async () => {
    const unknown = { api_key: 'pk_' + 'Q'.repeat(24), api_secret: 'sk_' + 'Q'.repeat(43) };
    const proxied = await startServer({ ...engine, env: { TRUST_PROXY: 'loopback' } });
    for (let i = 0; i < 20; i++) await authenticate(proxied, unknown, { 'X-Forwarded-For': '203.0.113.7' });
    expect((await authenticate(proxied, unknown, { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(429);
    expect((await authenticate(proxied, unknown, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(401);
    // Without TRUST_PROXY a forged X-Forwarded-For changes nothing: the connection's address counts.
    const direct = await startServer(engine);
    for (let i = 0; i < 20; i++) await authenticate(direct, unknown, { 'X-Forwarded-For': `198.51.100.${i}` });
    expect((await authenticate(direct, unknown, { 'X-Forwarded-For': '192.0.2.200' })).status).toBe(429);
  });
});

describe('rate-limit headers with an injected clock (in-process limits)', () => {
  // The injected clock only exists in-process; Redis windows run on Redis's own time.
  it.each([
    ['behind', -3_600_000],
    ['ahead', 3_600_000],
  ])('tells the real wait in Retry-After and RateLimit when the server clock is an hour %s of the wall clock', async (_name, offset) => {
    const { ManualClock } = await import('../../server/platform/clock.js');
    const server = await startServer({ clock: new ManualClock(Date.now() + offset) });
    const partner = await server.partner();
    const creds = { api_key: partner.apiKey, api_secret: partner.apiSecret };
    for (let i = 0; i < 10; i++) await authenticate(server, creds);
    server.clock.advance(20_000);
    const limited = await authenticate(server, creds);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(35);
    expect(retryAfter).toBeLessThanOrEqual(41);
    expect(Number(/t=(\d+)/.exec(limited.headers.get('ratelimit')!)![1])).toBe(retryAfter);
  });
});
