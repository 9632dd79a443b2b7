/**
 * Inputs the validator lets through but JavaScript cannot hold, bodies that do not match their
 * encoding, and paths longer than a problem document may quote: each is answered with a problem
 * document the contract describes, never a 500 (issue 14, "Found").
 */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contractViolations } from '../helpers/contract-responses.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

const SERIES = 'ser_7hx2k9qmbd';

async function reader(server: TestServer): Promise<string> {
  const all = await server.store.listAllSeries({ limit: 100 });
  return server.token(await server.partner(Object.fromEntries(all.items.map((s) => [s.id, ['read' as const]]))));
}

/** Sends a request and checks the answer against the contract; returns the status and parsed body. */
async function call(server: TestServer, operationId: string | undefined, path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  const violations = contractViolations({ operationId, method: init.method ?? 'GET', status: res.status, headers: res.headers, body: text });
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any>, violations };
}

const PAGINATED: Array<[operationId: string, path: string]> = [
  ['listEntitlements', '/api/partner/content/entitlements?'],
  ['getCatalog', '/api/partner/content/catalog?'],
  ['searchCatalog', '/api/partner/content/search?q=light&'],
  ['listEpisodes', `/api/partner/content/series/${SERIES}/episodes?`],
  ['getUsage', '/api/partner/analytics/usage?from=2026-11-01&to=2026-11-22&'],
];

describe('numbers JavaScript cannot hold', () => {
  it.each(PAGINATED)('%s answers limit=Infinity, -Infinity and 1e309 with 400 validation_failed, not 500', async (operationId, path) => {
    const server = await startServer();
    const token = await reader(server);
    for (const value of ['Infinity', '-Infinity', '1e309']) {
      const res = await call(server, operationId, `${path}limit=${value}`, { headers: bearer(token) });
      expect(res.status, value).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ location: 'query', pointer: 'limit' })]);
      expect(res.violations).toEqual([]);
    }
  });

  it('listEpisodes answers season=Infinity with 400, not an empty page', async () => {
    const server = await startServer();
    const res = await call(server, 'listEpisodes', `/api/partner/content/series/${SERIES}/episodes?season=Infinity`, { headers: bearer(await reader(server)) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: 'season' })]);
  });
});

describe('updated_since', () => {
  it('reads a leap second (2026-12-31T23:59:60Z, which the validator accepts) as the instant after it, not a 500', async () => {
    const server = await startServer();
    const token = await reader(server);
    const leap = await call(server, 'getCatalog', '/api/partner/content/catalog?limit=100&updated_since=2026-12-31T23%3A59%3A60Z', { headers: bearer(token) });
    expect(leap.status).toBe(200);
    expect(leap.violations).toEqual([]);
    const after = await call(server, 'getCatalog', '/api/partner/content/catalog?limit=100&updated_since=2027-01-01T00%3A00%3A00Z', { headers: bearer(token) });
    expect(leap.body).toEqual(after.body);
  });

  it('accepts unencoded colons, as curl sends them (RFC 3986 allows ":" in a query)', async () => {
    const server = await startServer();
    const token = await reader(server);
    const plain = await call(server, 'getCatalog', '/api/partner/content/catalog?limit=100&updated_since=1970-01-01T00:00:00Z', { headers: bearer(token) });
    expect(plain.status).toBe(200);
    const encoded = await call(server, 'getCatalog', '/api/partner/content/catalog?limit=100&updated_since=1970-01-01T00%3A00%3A00Z', { headers: bearer(token) });
    expect(plain.body).toEqual(encoded.body);
    expect((plain.body.items as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('bodies that do not match their Content-Encoding', () => {
  it('authenticate answers a plain JSON body sent as gzip with 400 malformed_request, not 500', async () => {
    const server = await startServer();
    const partner = await server.partner();
    const body = JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await call(server, 'authenticate', '/api/partner/auth', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body });
      expect(res.status, encoding).toBe(400);
      expect(res.body.code).toBe('malformed_request');
      expect(res.violations).toEqual([]);
    }
    // The same credentials, really compressed, still authenticate.
    const gzipped = await fetch(`${server.url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gzipSync(body) });
    expect(gzipped.status).toBe(200);
  });

  it('a bearer operation without a token answers 401 whatever body it carries', async () => {
    const server = await startServer();
    // fetch sends no body with GET: node:http does.
    const res = await new Promise<{ status: number; headers: Headers; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/partner/content/catalog`, { method: 'GET', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }, (r) => {
        let body = '';
        r.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: r.statusCode!, headers: new Headers(r.headers as Record<string, string>), body }));
      });
      req.on('error', reject);
      req.end('{"a":1}');
    });
    expect(res.status).toBe(401);
    expect(contractViolations({ operationId: 'getCatalog', method: 'GET', ...res })).toEqual([]);
  });
});

describe('very long paths', () => {
  it.each([
    ['getSeries', `/api/partner/content/series/${'x'.repeat(3000)}`],
    [undefined, `/api/partner/${'y'.repeat(3000)}`],
    ['getSeries', `/api/partner/content/series/${'%E2%80%AE'.repeat(400)}`],
  ])('an error for %s with a 3,000-character path is a problem document within the contract (instance at most 2,048)', async (operationId, path) => {
    const server = await startServer();
    const token = await reader(server);
    const res = await call(server, operationId, path, { headers: bearer(token) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.violations).toEqual([]);
  });
});

describe('HEAD', () => {
  it('answers HEAD on an operation as its GET without a body, whether or not the page is cached', async () => {
    const server = await startServer({ env: { RESPONSE_CACHE_MB: '0' } });
    const res = await fetch(`${server.url}/api/partner/content/catalog?limit=1`, { method: 'HEAD', headers: bearer(await reader(server)) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('');
  });
});
