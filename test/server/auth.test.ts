import { describe, expect, it } from 'vitest';
import { cliActor, partners } from '../../server/services/index.js';
import { bearer, serverEngines, startServer } from '../helpers/server.js';

// SQLite with in-process limits, and PostgreSQL with Redis limits (test/helpers/server.ts).
const ENGINES = serverEngines();

const LIGHTHOUSE = 'ser_7hx2k9qmbd';

async function post(url: string, body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  const res = await fetch(`${url}/api/partner/auth`, { method: 'POST', headers, body });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, any> };
}

describe.each(ENGINES)('authenticate (%s)', (_engine, engine) => {
  it('exchanges a key and secret for a 24-hour bearer token', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const { data, response } = await server.client.POST('/api/partner/auth', {
      body: { api_key: partner.apiKey, api_secret: partner.apiSecret },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(data).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(Date.parse(data!.expires_at) - server.clock.now()).toBeGreaterThan(86_399_000);
    const verify = await server.client.GET('/api/partner/auth/verify', { headers: bearer(data!.access_token) });
    expect(verify.response.status).toBe(200);
    expect(verify.data).toMatchObject({ valid: true, partner_id: partner.id });
  });

  it.each([
    ['a wrong secret', (p: { apiKey: string }) => ({ api_key: p.apiKey, api_secret: 'sk_' + 'A'.repeat(43) })],
    ['an unknown key', (p: { apiSecret: string }) => ({ api_key: 'pk_' + 'B'.repeat(24), api_secret: p.apiSecret })],
  ])('answers 401 invalid_credentials for %s', async (_name, body) => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const res = await post(server.url, JSON.stringify(body(partner as never)));
    expect(res.status).toBe(401);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it.each([
    ['a missing api_secret', '{"api_key":"pk_AAAAAAAAAAAAAAAAAAAAAAAA"}'],
    ['an extra property', '{"api_key":"pk_AAAAAAAAAAAAAAAAAAAAAAAA","api_secret":"sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","scope":"admin"}'],
    ['a number for api_key', '{"api_key":12,"api_secret":"sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}'],
    ['a malformed key', '{"api_key":"nope","api_secret":"sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}'],
    ['an array body', '[]'],
  ])('answers 400 validation_failed for %s, listing the problems', async (_name, body) => {
    const server = await startServer(engine);
    const res = await post(server.url, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(res.body.errors[0].location).toBe('body');
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const server = await startServer(engine);
    const res = await post(server.url, '{"api_key": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_json');
  });

  it('answers 413 for an oversized body and 415 for a body that is not JSON', async () => {
    const server = await startServer(engine);
    const big = await post(server.url, JSON.stringify({ api_key: 'x'.repeat(20_000) }));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
    const text = await post(server.url, 'api_key=a&api_secret=b', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('unsupported_media_type');
  });

  it('never accepts credentials in the URL', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const res = await fetch(`${server.url}/api/partner/auth?api_key=${partner.apiKey}&api_secret=${partner.apiSecret}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: Array<{ location: string; pointer: string }> };
    expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location: 'query', pointer: 'api_key' })]));
  });

  it('refuses a disabled partner, and its existing tokens, at once', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const token = await server.token(partner);
    await server.store.setPartnerDisabled(partner.id, true, new Date(server.clock.now()).toISOString());
    const verify = await server.client.GET('/api/partner/auth/verify', { headers: bearer(token) });
    expect(verify.response.status).toBe(401);
    const auth = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }));
    expect(auth.status).toBe(403);
    expect(auth.type).toMatch(/^application\/problem\+json/);
    expect(auth.body.code).toBe('partner_disabled');
  });

  it('tells only the right secret that its partner is disabled: a wrong one gets invalid_credentials; re-enabled, the same secret works', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const at = () => new Date(server.clock.now()).toISOString();
    await server.store.setPartnerDisabled(partner.id, true, at());
    const wrong = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: 'sk_' + 'A'.repeat(43) }));
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_credentials']);
    const right = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }));
    expect([right.status, right.body.code]).toEqual([403, 'partner_disabled']);
    await server.store.setPartnerDisabled(partner.id, false, at());
    const again = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }));
    expect(again.status).toBe(200);
  });
});

describe('verifyToken and token lifetime', () => {
  it('answers 401 without a token, with a malformed header, and with garbage', async () => {
    const server = await startServer();
    for (const headers of [{}, { Authorization: 'Basic abc' }, { Authorization: 'Bearer not-a-jwt' }]) {
      const res = await server.client.GET('/api/partner/auth/verify', { headers });
      expect(res.response.status).toBe(401);
      expect(res.response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.error).toMatchObject({ status: 401 });
    }
  });

  it('expires a token after 24 hours (injected clock)', async () => {
    const server = await startServer();
    const partner = await server.partner();
    const token = await server.token(partner);
    server.clock.advance(86_400_000 - 1_000);
    expect((await server.client.GET('/api/partner/auth/verify', { headers: bearer(token) })).response.status).toBe(200);
    server.clock.advance(2_000);
    const expired = await server.client.GET('/api/partner/auth/verify', { headers: bearer(token) });
    expect(expired.response.status).toBe(401);
    expect(expired.error?.code).toBe('token_expired');
  });

  it('answers 400 for an unknown query parameter', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner());
    const res = await fetch(`${server.url}/api/partner/auth/verify?debug=1`, { headers: bearer(token) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
  });
});

describe.each(ENGINES)('secret regeneration (%s)', (_engine, engine) => {
  it('revokes the old secret and every earlier token on the very next request', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const oldToken = await server.token(partner);
    // Through the service layer the CLI and the studio API call.
    const regenerated = await partners.regenerateSecret({ store: server.store, actor: cliActor('test'), now: new Date(server.clock.now()).toISOString() }, partner.id);

    const oldTokenNow = await server.client.GET('/api/partner/content/catalog', { headers: bearer(oldToken) });
    expect(oldTokenNow.response.status).toBe(401);
    expect(oldTokenNow.error?.code).toBe('token_revoked');
    const oldSecret = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }));
    expect(oldSecret.status).toBe(401);

    // A token issued in the same second, after the regeneration, is valid.
    const fresh = await server.token({ ...partner, apiSecret: regenerated.apiSecret });
    expect((await server.client.GET('/api/partner/content/catalog', { headers: bearer(fresh) })).response.status).toBe(200);
  });
  it('with 30 calls in flight and their retries refused as revoked, the new secret authenticates at once from the same address', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const oldToken = await server.token(partner);
    const call = () => server.client.GET('/api/partner/content/catalog', { headers: bearer(oldToken) }).then(({ response, error }) => error?.code ?? response.status);
    const inFlight = Array.from({ length: 30 }, call);
    const regenerated = await partners.regenerateSecret({ store: server.store, actor: cliActor('test'), now: new Date(server.clock.now()).toISOString() }, partner.id);
    const during = await Promise.all(inFlight);
    // Each retried once more: past the 20 failures an address may make, had revoked tokens counted.
    const retries = await Promise.all(Array.from({ length: 30 }, call));
    expect(new Set([...during, ...retries].filter((outcome) => outcome !== 200))).toEqual(new Set(['token_revoked']));
    expect(retries.every((outcome) => outcome === 'token_revoked')).toBe(true);

    const fresh = await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: regenerated.apiSecret }));
    expect(fresh.status).toBe(200);
    // Tokens that were never genuine still count against the address.
    for (let i = 0; i < 20; i++) expect((await server.client.GET('/api/partner/content/catalog', { headers: bearer('not-a-token') })).response.status).toBe(401);
    expect((await server.client.GET('/api/partner/content/catalog', { headers: bearer('not-a-token') })).response.status).toBe(429);
  });
});

describe.each(ENGINES)('verifyToken (%s)', (_engine, engine) => {
  it('spends a budget of its own (TokenVerification), never the Authentication budget a new token needs', async () => {
    const server = await startServer(engine);
    const partner = await server.partner();
    const token = await server.token(partner);
    for (let i = 0; i < 15; i++) {
      const { response } = await server.client.GET('/api/partner/auth/verify', { headers: bearer(token) });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toMatch(/q=60; w=60/);
    }
    // 9 more authentications fit in the Authentication budget of 10 (the first one was spent above).
    for (let i = 0; i < 9; i++) expect((await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }))).status).toBe(200);
    expect((await post(server.url, JSON.stringify({ api_key: partner.apiKey, api_secret: partner.apiSecret }))).status).toBe(429);
  });
});
