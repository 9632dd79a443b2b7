import { describe, expect, it } from 'vitest';
import { bearer, startServer } from '../helpers/server.js';

const OPERATIONS: Array<[string, string, string?]> = [
  ['authenticate', '/api/partner/auth', '{"api_key":"pk_AAAAAAAAAAAAAAAAAAAAAAAA","api_secret":"sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}'],
  ['verifyToken', '/api/partner/auth/verify'],
  ['listEntitlements', '/api/partner/content/entitlements'],
  ['getCatalog', '/api/partner/content/catalog'],
  ['listChanges', '/api/partner/content/changes'],
  ['searchCatalog', '/api/partner/content/search?q=light'],
  ['getSeries', '/api/partner/content/series/ser_7hx2k9qmbd'],
  ['listEpisodes', '/api/partner/content/series/ser_7hx2k9qmbd/episodes'],
  ['getEpisode', '/api/partner/content/episodes/ep_4mq8z2xkwt'],
  ['resolveStream', '/api/partner/streaming/episodes/ep_4mq8z2xkwt'],
  ['getUsage', '/api/partner/analytics/usage?from=2026-11-01&to=2026-11-22'],
  ['listWebhookDeliveries', '/api/partner/webhooks/deliveries'],
];

describe('store failures', () => {
  it.each(OPERATIONS)('%s answers 500 problem+json revealing nothing when the store fails unexpectedly, and 503 when it is unavailable', async (_op, path, body) => {
    const server = await startServer();
    const token = await server.token(await server.partner({ ser_7hx2k9qmbd: ['read', 'stream'] }));
    const init = body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body } : { headers: bearer(token) };
    server.setFault('error');
    const failed = await fetch(server.url + path, init);
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', status: 500 });
    expect(text).not.toMatch(/SELECT|secret_table|at \/|\.ts:/);
    expect(server.logs()).toContain('secret_table');
    server.setFault('unavailable');
    const down = await fetch(server.url + path, init);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    expect(((await down.json()) as { code: string }).code).toBe('service_unavailable');
  });

  it('never sends a response that breaks the contract: 500 instead, and the log says what broke', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ ser_7hx2k9qmbd: ['read'] }));
    // Corrupt the stored title so the series no longer matches the contract (Title has maxLength 200).
    const original = server.store.getSeries.bind(server.store);
    server.store.getSeries = async (id) => {
      const s = await original(id);
      return s && { ...s, title: 'x'.repeat(300) };
    };
    const res = await fetch(`${server.url}/api/partner/content/series/ser_7hx2k9qmbd`, { headers: bearer(token) });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('xxxxxxxxxx');
    expect(server.logs()).toMatch(/title/);
  });
});

describe('HTTP hygiene', () => {
  it('echoes a given request id and generates one otherwise, in headers and problem bodies', async () => {
    const server = await startServer();
    const given = await fetch(`${server.url}/api/partner/content/catalog`, { headers: { 'X-Request-Id': 'partner-trace.42' } });
    expect(given.headers.get('x-request-id')).toBe('partner-trace.42');
    expect(((await given.json()) as { request_id: string }).request_id).toBe('partner-trace.42');
    const generated = await fetch(`${server.url}/api/partner/content/catalog`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
  });

  it('answers unknown paths with 404 and wrong methods with 405 and Allow, as problem+json', async () => {
    const server = await startServer();
    const unknown = await fetch(`${server.url}/api/partner/content/movies`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const outside = await fetch(`${server.url}/wp-admin`);
    expect(outside.status).toBe(404);
    const wrong = await fetch(`${server.url}/api/partner/content/catalog`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(((await wrong.json()) as { code: string }).code).toBe('method_not_allowed');
  });

  it('sends security headers and no x-powered-by', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
    // JSON responses carry the OWASP REST set; the document-only headers are for the HTML reference.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(docs.headers.get('x-dns-prefetch-control')).toBe('off');
  });

  it('reports readiness from the store', async () => {
    const server = await startServer();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.setFault('unavailable');
    // From state: the next ping (every READINESS_TIMEOUT_MS while no request reaches the store) finds the store down.
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 5_000, interval: 100 }).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.setFault(undefined);
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 5_000, interval: 100 }).toBe(200);
  });

  it('never writes a secret or a token into the logs', async () => {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read', 'stream'] });
    const token = await server.token(partner);
    await fetch(`${server.url}/api/partner/content/catalog`, { headers: bearer(token) });
    const stream = (await (await fetch(`${server.url}/api/partner/streaming/episodes/ep_4mq8z2xkwt`, { headers: bearer(token) })).json()) as { url: string };
    const signature = new URL(stream.url).searchParams.get('sig')!;
    await fetch(`${server.url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"api_key": "' + partner.apiSecret });
    const logs = server.logs();
    expect(logs).toContain('getCatalog');
    expect(logs).not.toContain(partner.apiSecret);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split('.')[2]!);
    expect(logs).toContain('resolveStream');
    expect(logs).not.toContain(signature);
  });
});
