/**
 * Authentication abuse without lockout (issue 14): failed authentications are limited per client
 * address and never spend the budget of the partner whose key was presented; requests to bearer
 * operations without a valid token are limited per client address too. Addresses are simulated
 * with TRUST_PROXY=loopback and X-Forwarded-For.
 */
import { describe, expect, it } from 'vitest';
import { contractViolations } from '../helpers/contract-responses.js';
import { bearer, serverEngines, startServer, type TestPartner, type TestServer } from '../helpers/server.js';

const ENGINES = serverEngines();
const SERIES = 'ser_7hx2k9qmbd';
const PROXIED = { env: { TRUST_PROXY: 'loopback' } };

function from(address: string): Record<string, string> {
  return { 'X-Forwarded-For': address };
}

async function authenticate(server: TestServer, body: { api_key: string; api_secret: string }, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(contractViolations({ operationId: 'authenticate', method: 'POST', status: res.status, headers: res.headers, body: text })).toEqual([]);
  return { status: res.status, code: (JSON.parse(text) as { code?: string }).code };
}

const wrongSecret = (p: TestPartner) => ({ api_key: p.apiKey, api_secret: 'sk_' + 'W'.repeat(43) });
const rightSecret = (p: TestPartner) => ({ api_key: p.apiKey, api_secret: p.apiSecret });

describe.each(ENGINES)('authentication abuse (%s)', (_name, engine) => {
  it('with 10 wrong secrets sent for a partner\'s key from other addresses, that partner authenticates at once', async () => {
    const server = await startServer({ ...engine, ...PROXIED });
    const victim = await server.partner({ [SERIES]: ['read'] });
    for (let i = 0; i < 10; i++) expect((await authenticate(server, wrongSecret(victim), from(`203.0.113.${i + 1}`))).status).toBe(401);
    // Ten more from one address, past that address's own limit.
    for (let i = 0; i < 30; i++) await authenticate(server, wrongSecret(victim), from('198.51.100.66'));
    const own = await authenticate(server, rightSecret(victim), from('192.0.2.10'));
    expect(own.status).toBe(200);
  });

  it('limits failed authentications per client address: 429 past the limit there, 401 elsewhere', async () => {
    const server = await startServer({ ...engine, ...PROXIED });
    const victim = await server.partner();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await authenticate(server, wrongSecret(victim), from('203.0.113.50'))).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Even the right secret is refused from that address while its window lasts: the limit is checked before the hash.
    expect((await authenticate(server, rightSecret(victim), from('203.0.113.50'))).status).toBe(429);
    expect((await authenticate(server, wrongSecret(victim), from('203.0.113.51'))).status).toBe(401);
    expect((await authenticate(server, rightSecret(victim), from('203.0.113.52'))).status).toBe(200);
    await server.advance(61_000);
    expect((await authenticate(server, rightSecret(victim), from('203.0.113.50'))).status).toBe(200);
  });

  it('counts a partner\'s successful authentications in its own 10 per minute, and not its failed ones', async () => {
    const server = await startServer({ ...engine, ...PROXIED });
    const partner = await server.partner();
    for (let i = 0; i < 5; i++) expect((await authenticate(server, wrongSecret(partner), from('192.0.2.1'))).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await authenticate(server, rightSecret(partner), from('192.0.2.1'))).status).toBe(200);
    expect(await authenticate(server, rightSecret(partner), from('192.0.2.2'))).toEqual({ status: 429, code: 'rate_limited' });
  });

  it('1,000 invalid-token requests from one address end in 429s, and other partners are unaffected', async () => {
    const server = await startServer({ ...engine, ...PROXIED });
    const other = await server.partner({ [SERIES]: ['read'] });
    const otherToken = await server.token(other);
    const paths = ['/api/partner/content/catalog', '/api/partner/auth/verify', `/api/partner/content/series/${SERIES}`];
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 20) {
      const batch = Array.from({ length: 20 }, (_, j) =>
        fetch(server.url + paths[(i + j) % paths.length], { headers: { ...bearer(`not.a.token${i + j}`), ...from('203.0.113.99') } }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 401).length).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBe(980);
    expect(statuses.slice(-900).every((s) => s === 429)).toBe(true);
    // Other partners are unaffected, from any address, the same one included.
    for (const address of ['192.0.2.7', '203.0.113.99']) {
      const res = await fetch(`${server.url}/api/partner/content/catalog`, { headers: { ...bearer(otherToken), ...from(address) } });
      expect(res.status).toBe(200);
    }
    expect((await authenticate(server, rightSecret(other), from('192.0.2.7'))).status).toBe(200);
  });
});

describe('requests without a valid token', () => {
  it('are limited per client address whether the token is missing, malformed or expired', async () => {
    const server = await startServer(PROXIED);
    const partner = await server.partner({ [SERIES]: ['read'] });
    const expired = await server.token(partner);
    server.clock.advance(86_401_000);
    const kinds: Array<Record<string, string>> = [{}, { Authorization: 'Basic dXNlcjpwYXNz' }, bearer('x.y.z'), bearer(expired)];
    const last: Response[] = [];
    for (let i = 0; i < 21; i++) last.push(await fetch(`${server.url}/api/partner/content/catalog`, { headers: { ...kinds[i % kinds.length], ...from('198.51.100.1') } }));
    expect(last.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(401));
    const limited = last[20]!;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const text = await limited.text();
    expect(contractViolations({ operationId: 'getCatalog', method: 'GET', status: 429, headers: limited.headers, body: text })).toEqual([]);
    // A fresh token from that address is served: only failures are limited.
    const fresh = await server.token(partner);
    expect((await fetch(`${server.url}/api/partner/content/catalog`, { headers: { ...bearer(fresh), ...from('198.51.100.1') } })).status).toBe(200);
  });

  it('are watched per key: a metric by partner and a log line naming the partner and the address', async () => {
    const server = await startServer(PROXIED);
    const partner = await server.partner();
    await authenticate(server, wrongSecret(partner), from('203.0.113.77'));
    await authenticate(server, { api_key: 'pk_' + 'Z'.repeat(24), api_secret: 'sk_' + 'Z'.repeat(43) }, from('203.0.113.77'));
    await fetch(`${server.url}/api/partner/auth/verify`, { headers: { ...bearer('x.y.z'), ...from('203.0.113.78') } });
    const metrics = await server.runtime.metrics.registry.metrics();
    expect(metrics).toContain(`partner_api_failed_authentications_total{credential="api_key",partner="${partner.id}"} 1`);
    expect(metrics).toContain('partner_api_failed_authentications_total{credential="api_key",partner="unknown"} 1');
    expect(metrics).toContain('partner_api_failed_authentications_total{credential="bearer",partner="unknown"} 1');
    const line = server.logs().split('\n').find((l) => l.includes('authentication failed for a known API key'));
    expect(JSON.parse(line!)).toMatchObject({ partnerId: partner.id, clientAddress: '203.0.113.77', reason: 'wrong_secret' });
    expect(server.logs()).not.toContain('W'.repeat(43));
  });
});
