/**
 * Partners through the studio API: list with search, status filter and cursor pages, create and
 * regenerate (secret once), show, rename, disable, enable; a secret regenerated here kills the
 * partner's live token on its very next partner request, on another instance too.
 */
import { describe, expect, it } from 'vitest';
import { bearer, serverEngines, startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const ENGINES = serverEngines();

interface PartnerBody {
  id: string;
  name: string;
  api_key: string;
  status: string;
}

describe('studio partners', () => {
  it('creates, shows, renames, disables and enables a partner, each as the contract says', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const created = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Northwind Streaming' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { partner, api_secret } = (await created.json()) as { partner: PartnerBody; api_secret: string };
    expect(partner).toMatchObject({ name: 'Northwind Streaming', status: 'enabled' });
    expect(api_secret).toMatch(/^sk_/);

    const shown = await studio(server, owner, 'GET', `/api/studio/partners/${partner.id}`);
    expect([shown.status, ((await shown.json()) as PartnerBody).api_key]).toEqual([200, partner.api_key]);
    const renamed = await studio(server, owner, 'PATCH', `/api/studio/partners/${partner.id}`, { name: 'Northwind EU' });
    expect([renamed.status, ((await renamed.json()) as PartnerBody).name]).toEqual([200, 'Northwind EU']);
    const disabled = await studio(server, owner, 'POST', `/api/studio/partners/${partner.id}/disable`);
    expect([disabled.status, ((await disabled.json()) as PartnerBody).status]).toEqual([200, 'disabled']);
    const auth = await server.client.POST('/api/partner/auth', { body: { api_key: partner.api_key, api_secret } });
    expect([auth.response.status, auth.error?.code]).toEqual([403, 'partner_disabled']);
    const enabled = await studio(server, owner, 'POST', `/api/studio/partners/${partner.id}/enable`);
    expect([enabled.status, ((await enabled.json()) as PartnerBody).status]).toEqual([200, 'enabled']);
    expect((await server.client.POST('/api/partner/auth', { body: { api_key: partner.api_key, api_secret } })).response.status).toBe(200);
  });

  it('lists partners by search and status, page by page', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    for (const name of ['Alpha Media', 'Beta Media', 'Gamma Films']) await studio(server, owner, 'POST', '/api/studio/partners', { name });
    const media = (await (await studio(server, owner, 'GET', '/api/studio/partners?q=media&limit=1')).json()) as { items: PartnerBody[]; next_cursor: string };
    expect(media.items.map((p) => p.name)).toHaveLength(1);
    const next = (await (await studio(server, owner, 'GET', `/api/studio/partners?q=media&limit=1&cursor=${media.next_cursor}`)).json()) as { items: PartnerBody[]; next_cursor: null };
    expect([...media.items, ...next.items].map((p) => p.name).sort()).toEqual(['Alpha Media', 'Beta Media']);
    expect(next.next_cursor).toBeNull();
    const gamma = media.items[0]!;
    await studio(server, owner, 'POST', `/api/studio/partners/${gamma.id}/disable`);
    const disabled = (await (await studio(server, owner, 'GET', '/api/studio/partners?status=disabled')).json()) as { items: PartnerBody[] };
    expect(disabled.items.map((p) => p.id)).toEqual([gamma.id]);
  });

  it.each([
    ['an unknown partner', 'GET', '/api/studio/partners/ptn_0000000000', undefined, 404, 'not_found'],
    ['a malformed partner id', 'GET', '/api/studio/partners/nope', undefined, 400, 'validation_failed'],
    ['renaming an unknown partner', 'PATCH', '/api/studio/partners/ptn_0000000000', { name: 'X' }, 404, 'not_found'],
    ['an empty name', 'PATCH', '/api/studio/partners/ptn_0000000000', { name: '' }, 400, 'validation_failed'],
    ['creating without a name', 'POST', '/api/studio/partners', {}, 400, 'validation_failed'],
    ['disabling an unknown partner', 'POST', '/api/studio/partners/ptn_0000000000/disable', undefined, 404, 'not_found'],
    ['disabling a malformed id', 'POST', '/api/studio/partners/x/disable', undefined, 400, 'validation_failed'],
    ['enabling an unknown partner', 'POST', '/api/studio/partners/ptn_0000000000/enable', undefined, 404, 'not_found'],
    ['enabling a malformed id', 'POST', '/api/studio/partners/x/enable', undefined, 400, 'validation_failed'],
    ['regenerating for an unknown partner', 'POST', '/api/studio/partners/ptn_0000000000/secret', undefined, 404, 'not_found'],
    ['regenerating for a malformed id', 'POST', '/api/studio/partners/x/secret', undefined, 400, 'validation_failed'],
    ['listing with a bad limit', 'GET', '/api/studio/partners?limit=0', undefined, 400, 'validation_failed'],
  ])('refuses %s', async (_name, method, path, body, status, code) => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, method, path, body);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([status, code]);
  });
});

describe.each(ENGINES)('a secret regenerated through the studio API (%s)', (_engine, engine) => {
  it('kills the partner\'s live token on its very next partner request, on this instance and on another', async () => {
    const first = await startServer(engine);
    const second = await startServer({ ...engine, engine: undefined, env: { DATABASE_URL: first.dbPath }, jwtKeys: first.jwtKeys });
    const partner = await first.partner({ ser_7hx2k9qmbd: ['read'] });
    const token = await first.token(partner);
    for (const server of [first, second]) {
      expect((await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) })).status).toBe(200);
    }
    const owner = await operatorSession(first, 'owner');
    const renewed = await studio(first, owner, 'POST', `/api/studio/partners/${partner.id}/secret`);
    expect(renewed.status).toBe(200);
    const { api_secret } = (await renewed.json()) as { api_secret: string };
    expect(api_secret).not.toBe(partner.apiSecret);
    for (const server of [second, first]) {
      const res = await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([401, 'token_revoked']);
    }
    expect((await first.client.POST('/api/partner/auth', { body: { api_key: partner.apiKey, api_secret: partner.apiSecret } })).response.status).toBe(401);
    expect((await second.client.POST('/api/partner/auth', { body: { api_key: partner.apiKey, api_secret } })).response.status).toBe(200);
  });
});
