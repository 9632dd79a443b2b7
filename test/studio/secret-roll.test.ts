/**
 * Secrets that roll, through the studio API and the partner API, on every engine: after a roll
 * both secrets authenticate, and the tokens from both work, until the chosen expiry (injected
 * clock); then only the new secret and its tokens do. Regeneration still ends both at once.
 */
import { describe, expect, it } from 'vitest';
import { bearer, serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';

const ENGINES = serverEngines();
const HOUR = 3_600_000;

interface Secret {
  status: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}
interface Rolled {
  partner: { id: string; secrets: Secret[] };
  api_secret: string;
}

async function authenticate(server: TestServer, apiKey: string, apiSecret: string): Promise<{ status: number; token?: string; code?: string }> {
  const { data, error, response } = await server.client.POST('/api/partner/auth', { body: { api_key: apiKey, api_secret: apiSecret } });
  return { status: response.status, token: data?.access_token, code: error?.code };
}

async function entitlements(server: TestServer, token: string): Promise<[number, string | undefined]> {
  const res = await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) });
  return [res.status, res.status === 200 ? undefined : ((await res.json()) as { code: string }).code];
}

/** The partner's change feed after cursor (from now without one). */
async function feed(server: TestServer, token: string, cursor?: string): Promise<{ events: Array<{ type: string; occurred_at: string; [k: string]: unknown }>; next_cursor: string }> {
  const res = await fetch(`${server.url}/api/partner/content/changes${cursor ? `?cursor=${cursor}` : ''}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

async function secrets(server: TestServer, owner: SignedIn, id: string): Promise<Secret[]> {
  return ((await (await studio(server, owner, 'GET', `/api/studio/partners/${id}`)).json()) as { secrets: Secret[] }).secrets;
}

describe.each(ENGINES)('a secret rolled through the studio API (%s)', (_engine, engine) => {
  it('keeps the old secret and its tokens working until the expiry, then only the new one', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'] });
    const oldToken = await server.token(partner);
    const owner = await operatorSession(server, 'owner');
    const feedFrom = (await feed(server, oldToken)).next_cursor;
    const rolledAt = server.clock.now();
    const res = await studio(server, owner, 'POST', `/api/studio/partners/${partner.id}/secret/roll`, { expires_in_hours: 2 });
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const rolled = (await res.json()) as Rolled;
    expect(rolled.api_secret).toMatch(/^sk_/);
    expect(rolled.api_secret).not.toBe(partner.apiSecret);
    const expiresAt = new Date(rolledAt + 2 * HOUR).toISOString();
    expect(rolled.partner.secrets.map((s) => [s.status, s.expires_at])).toEqual([['current', null], ['expiring', expiresAt]]);
    // The partner's change feed tells it the roll started, and until when the old secret works.
    expect((await feed(server, oldToken, feedFrom)).events).toEqual([expect.objectContaining({ type: 'secret.roll_started', secret_expires_at: expiresAt })]);

    // Until the expiry: both secrets authenticate, and tokens from both work.
    await server.advance(2 * HOUR - 1_000);
    const fromOld = await authenticate(server, partner.apiKey, partner.apiSecret);
    const fromNew = await authenticate(server, partner.apiKey, rolled.api_secret);
    expect([fromOld.status, fromNew.status]).toEqual([200, 200]);
    for (const token of [oldToken, fromOld.token!, fromNew.token!]) expect(await entitlements(server, token)).toEqual([200, undefined]);
    // Two hours outlive a studio session's idle time: sign in again.
    const later = await operatorSession(server, 'owner');
    const listed = await secrets(server, later, partner.id);
    const usedAt = new Date(server.clock.now()).toISOString();
    expect(listed.map((s) => [s.status, s.last_used_at])).toEqual([['current', usedAt], ['expiring', usedAt]]);
    expect(JSON.stringify(listed)).not.toContain('sk_');

    // At the expiry: the old secret and every token issued from it are refused; the new ones work.
    await server.advance(1_000);
    expect(await authenticate(server, partner.apiKey, partner.apiSecret)).toMatchObject({ status: 401, code: 'invalid_credentials' });
    for (const token of [oldToken, fromOld.token!]) expect(await entitlements(server, token)).toEqual([401, 'token_revoked']);
    expect(await entitlements(server, fromNew.token!)).toEqual([200, undefined]);
    expect((await authenticate(server, partner.apiKey, rolled.api_secret)).status).toBe(200);
    expect((await secrets(server, later, partner.id)).map((s) => s.status)).toEqual(['current']);
    // ...and then that it expired, once.
    const told = (await feed(server, fromNew.token!, feedFrom)).events.map((e) => [e.type, e.occurred_at]);
    expect(told).toEqual([['secret.roll_started', new Date(rolledAt).toISOString()], ['secret.previous_expired', expiresAt]]);
  });

  it('regenerating during a roll ends both secrets and their tokens at once', async () => {
    const server = await startServer(engine);
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'] });
    const owner = await operatorSession(server, 'owner');
    const rolled = (await (await studio(server, owner, 'POST', `/api/studio/partners/${partner.id}/secret/roll`, {})).json()) as Rolled;
    const tokens = [await server.token(partner), (await authenticate(server, partner.apiKey, rolled.api_secret)).token!];
    const regenerated = await studio(server, owner, 'POST', `/api/studio/partners/${partner.id}/secret`);
    const { api_secret, partner: after } = (await regenerated.json()) as Rolled;
    expect(after.secrets.map((s) => s.status)).toEqual(['current']);
    for (const secret of [partner.apiSecret, rolled.api_secret]) expect((await authenticate(server, partner.apiKey, secret)).status).toBe(401);
    for (const token of tokens) expect(await entitlements(server, token)).toEqual([401, 'token_revoked']);
    expect((await authenticate(server, partner.apiKey, api_secret)).status).toBe(200);
  });
});

describe('rolling a secret', () => {
  it('defaults to the contract\'s 24 hours, refuses a second roll while the first\'s old secret is valid, and is audited without the secret', async () => {
    const server = await startServer();
    const partner = await server.partner();
    const owner = await operatorSession(server, 'owner');
    const path = `/api/studio/partners/${partner.id}/secret/roll`;
    const rolled = (await (await studio(server, owner, 'POST', path, {})).json()) as Rolled;
    expect(rolled.partner.secrets[1]!.expires_at).toBe(new Date(server.clock.now() + 24 * HOUR).toISOString());
    const again = await studio(server, owner, 'POST', path, { expires_in_hours: 1 });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([409, 'conflict']);
    await server.advance(24 * HOUR);
    // A day outlives the studio session: sign in again.
    const later = await operatorSession(server, 'owner');
    expect((await studio(server, later, 'POST', path, { expires_in_hours: 168 })).status).toBe(200);
    const audit = await (await studio(server, later, 'GET', '/api/studio/audit?action=partner.roll_secret')).text();
    expect((JSON.parse(audit) as { items: unknown[] }).items).toHaveLength(2);
    expect(audit).not.toContain('sk_');
  });

  it.each([
    ['no expiry', { expires_in_hours: 0 }, 'owner', 400, 'validation_failed'],
    ['more than 7 days', { expires_in_hours: 169 }, 'owner', 400, 'validation_failed'],
    ['a fraction of an hour', { expires_in_hours: 1.5 }, 'owner', 400, 'validation_failed'],
    ['an unknown field', { expires_at: '2026-12-01T00:00:00Z' }, 'owner', 400, 'validation_failed'],
    ['an editor', { expires_in_hours: 24 }, 'editor', 403, 'forbidden'],
  ] as const)('refuses %s', async (_name, body, role, status, code) => {
    const server = await startServer();
    const partner = await server.partner();
    const session = await operatorSession(server, role);
    const res = await studio(server, session, 'POST', `/api/studio/partners/${partner.id}/secret/roll`, body);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([status, code]);
  });

  it('answers 404 for an unknown partner', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, 'POST', '/api/studio/partners/ptn_0000000000/secret/roll', {});
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'not_found']);
  });
});
