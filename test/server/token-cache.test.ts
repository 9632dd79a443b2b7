/**
 * Token verification is cached per token until it expires (server/auth/tokens.ts); revocation
 * must stay immediate. Each test uses the token first, so later requests hit the cache.
 */
import { describe, expect, it } from 'vitest';
import { regenerateSecret } from '../../server/services/partner-credentials.js';
import { bearer, startServer } from '../helpers/server.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const CATALOG = '/api/partner/content/catalog';

describe('a cached token verification', () => {
  it('is revoked by a secret regeneration on the very next request', async () => {
    const server = await startServer();
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const token = await server.token(partner);
    for (let i = 0; i < 2; i++) expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(200);
    await regenerateSecret(server.store, partner.id, new Date(server.clock.now()).toISOString());
    const revoked = await server.client.GET(CATALOG, { headers: bearer(token) });
    expect(revoked.response.status).toBe(401);
    expect(revoked.error?.code).toBe('token_revoked');
  });

  it('stops working while the partner is disabled, and works again once enabled', async () => {
    const server = await startServer();
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const token = await server.token(partner);
    const now = () => new Date(server.clock.now()).toISOString();
    expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(200);
    await server.store.setPartnerDisabled(partner.id, true, now());
    expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(401);
    await server.store.setPartnerDisabled(partner.id, false, now());
    expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(200);
  });

  it('expires with the token', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [LIGHTHOUSE]: ['read'] }));
    expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(200);
    server.clock.advance(86_400_000 + 1_000);
    const expired = await server.client.GET(CATALOG, { headers: bearer(token) });
    expect(expired.response.status).toBe(401);
    expect(expired.error?.code).toBe('token_expired');
  });

  it('is per token: a forged token with the same claims is still refused', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [LIGHTHOUSE]: ['read'] }));
    expect((await server.client.GET(CATALOG, { headers: bearer(token) })).response.status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    expect((await server.client.GET(CATALOG, { headers: bearer(forged) })).response.status).toBe(401);
  });
});
