/**
 * OpenID Connect sign-in end to end against a real provider the test starts: the studio answers
 * the authorization URL, the provider signs the operator in and returns code and state, and the
 * studio exchanges them for a session; an ID token for another audience, an expired one, an
 * unknown email or a missing state cookie are refused.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { startProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { newOperator, studio } from '../helpers/studio.js';

async function withProvider(): Promise<{ server: TestServer; idp: TestProvider }> {
  const idp = await startProvider();
  const server = await startServer({
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: idp.redirectUri },
  });
  return { server, idp };
}

/** Starts a sign-in at the studio, lets the provider answer, and posts the answer back with the state cookie. */
async function oidcSignIn(server: TestServer, idp: TestProvider): Promise<Response> {
  const started = await studio(server, undefined, 'GET', '/api/studio/session/oidc');
  expect(started.status).toBe(200);
  const stateCookie = started.headers.get('set-cookie')!;
  expect(stateCookie).toMatch(/^__Host-studio_oidc=[\w-]{43}; Max-Age=\d+; Path=\/; .*HttpOnly; Secure; SameSite=Strict/);
  const { authorization_url } = (await started.json()) as { authorization_url: string };
  const answer = await idp.authorize(authorization_url);
  return studio(server, undefined, 'POST', '/api/studio/session/oidc', answer, { headers: { Cookie: stateCookie.split(';')[0] } });
}

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('OpenID Connect sign-in', () => {
  it('signs an operator in through the provider into a session', async () => {
    const { server, idp } = await withProvider();
    const operator = await newOperator(server, 'editor');
    idp.account = operator.email;
    const res = await oidcSignIn(server, idp);
    expect(res.status).toBe(200);
    const session = (await res.json()) as { operator: { email: string; role: string }; csrf_token: string };
    expect(session.operator).toMatchObject({ email: operator.email, role: 'editor' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-studio_session='))!;
    expect(cookie.toLowerCase()).toContain('samesite=strict');
    const me = await studio(server, { cookie: cookie.split(';')[0]!, csrf: session.csrf_token }, 'GET', '/api/studio/session');
    expect(me.status).toBe(200);
  });

  it.each([
    ['an ID token for another audience', (c: Record<string, unknown>) => ({ ...c, aud: 'someone-else' })],
    ['an expired ID token', (c: Record<string, unknown>) => ({ ...c, iat: (c.iat as number) - 7200, exp: (c.iat as number) - 3600 })],
    ['an ID token from another issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'https://evil.example' })],
  ])('refuses %s', async (_name, tamper) => {
    const { server, idp } = await withProvider();
    idp.account = (await newOperator(server, 'owner')).email;
    idp.tamperIdToken = tamper;
    const res = await oidcSignIn(server, idp);
    expect([res.status, await code(res)]).toEqual([401, 'invalid_credentials']);
  });

  it('refuses an email that is no operator\'s, and an answer without its state cookie', async () => {
    const { server, idp } = await withProvider();
    idp.account = 'stranger@elsewhere.example';
    const res = await oidcSignIn(server, idp);
    expect([res.status, await code(res)]).toEqual([401, 'invalid_credentials']);
    const bare = await studio(server, undefined, 'POST', '/api/studio/session/oidc', { code: 'x', state: 'y' });
    expect([bare.status, await code(bare)]).toEqual([401, 'oidc_state_invalid']);
    const malformed = await studio(server, undefined, 'POST', '/api/studio/session/oidc', { code: 'x' });
    expect(malformed.status).toBe(400);
  });

  it.each([
    ['error', 500],
    ['unavailable', 503],
  ] as const)('answers a store %s after the provider vouched with %i', async (fault, status) => {
    const { server, idp } = await withProvider();
    idp.account = (await newOperator(server, 'viewer')).email;
    const started = await studio(server, undefined, 'GET', '/api/studio/session/oidc');
    const stateCookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const answer = await idp.authorize(((await started.json()) as { authorization_url: string }).authorization_url);
    server.setFault(fault);
    const res = await studio(server, undefined, 'POST', '/api/studio/session/oidc', answer, { headers: { Cookie: stateCookie } });
    expect(res.status).toBe(status);
  });

  it('limits sign-in returns per address', async () => {
    const { server } = await withProvider();
    const { limit } = server.runtime.studioContract.signInLimits.perAddress;
    for (let i = 0; i < limit; i++) expect((await studio(server, undefined, 'POST', '/api/studio/session/oidc', { code: 'x', state: 'y' })).status).toBe(401);
    const res = await studio(server, undefined, 'POST', '/api/studio/session/oidc', { code: 'x', state: 'y' });
    expect([res.status, await code(res)]).toEqual([429, 'rate_limited']);
  });

  it('limits sign-in starts per address', async () => {
    const { server } = await withProvider();
    const { limit } = server.runtime.studioContract.signInLimits.perAddress;
    for (let i = 0; i < limit; i++) expect((await studio(server, undefined, 'GET', '/api/studio/session/oidc')).status).toBe(200);
    const res = await studio(server, undefined, 'GET', '/api/studio/session/oidc');
    expect([res.status, await code(res)]).toEqual([429, 'rate_limited']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 404 without a configured provider and 503 while the provider is unreachable', async () => {
    const local = await startServer();
    expect((await studio(local, undefined, 'GET', '/api/studio/session/oidc')).status).toBe(404);
    expect((await studio(local, undefined, 'POST', '/api/studio/session/oidc', { code: 'x', state: 'y' })).status).toBe(404);
    const unreachable = await startServer({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_REDIRECT_URI: 'http://127.0.0.1:3001/signed-in' } });
    const res = await studio(unreachable, undefined, 'GET', '/api/studio/session/oidc');
    expect([res.status, await code(res)]).toEqual([503, 'service_unavailable']);
    // A sign-in started while the provider answered (on another instance, say), completed while it does not.
    const id = 'x'.repeat(43);
    const now = unreachable.clock.now();
    await unreachable.store.savePendingSignIn(
      { idHash: createHash('sha256').update(id).digest('base64url'), state: 'y', nonce: 'n', verifier: 'v'.repeat(43), createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 60_000).toISOString() },
      new Date(now).toISOString(),
    );
    const completing = await studio(unreachable, undefined, 'POST', '/api/studio/session/oidc', { code: 'x', state: 'y' }, { headers: { Cookie: `__Host-studio_oidc=${id}` } });
    expect(completing.status).toBe(503);
  });
});
