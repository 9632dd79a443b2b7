/**
 * Studio sign-in and sessions through HTTP: who am I, sign-out, expiry, cookie flags, CSRF
 * refusals. The sign-in limits are test/studio/sign-in-lockout.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { newOperator, operatorSession, signIn, studio } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('studio sessions', () => {
  it('signs in with email and password into a __Host-, HttpOnly, Secure, SameSite=Strict cookie, and says who is signed in', async () => {
    const server = await startServer();
    const operator = await newOperator(server, 'editor');
    const session = await signIn(server, { email: operator.email.toUpperCase(), password: operator.password });
    // __Host- requires Secure, Path=/ and no Domain, or browsers drop the cookie.
    expect(session.setCookie).toMatch(/^__Host-studio_session=[\w-]{43};/);
    const flags = session.setCookie.split(';').map((p) => p.trim().toLowerCase());
    expect(flags).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/']));
    expect(flags.some((f) => f.startsWith('domain='))).toBe(false);
    expect(flags.some((f) => f.startsWith('max-age='))).toBe(true);
    const me = await studio(server, session, 'GET', '/api/studio/session');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ operator: { email: operator.email, role: 'editor', disabled: false }, csrf_token: session.csrf });
  });

  it('refuses a wrong password, an unknown email and a malformed request', async () => {
    const server = await startServer();
    const operator = await newOperator(server, 'viewer');
    const wrong = await studio(server, undefined, 'POST', '/api/studio/session', { email: operator.email, password: 'not-it' });
    expect([wrong.status, await code(wrong)]).toEqual([401, 'invalid_credentials']);
    const unknown = await studio(server, undefined, 'POST', '/api/studio/session', { email: 'nobody@halcyon-studios.example', password: 'x' });
    expect([unknown.status, await code(unknown)]).toEqual([401, 'invalid_credentials']);
    const malformed = await studio(server, undefined, 'POST', '/api/studio/session', { email: 'not an email', password: 'x' });
    expect([malformed.status, await code(malformed)]).toEqual([400, 'validation_failed']);
  });

  it('answers 401 without a session, after sign-out, after expiry and once the operator is disabled', async () => {
    const server = await startServer();
    expect((await studio(server, undefined, 'GET', '/api/studio/session')).status).toBe(401);
    expect((await studio(server, { cookie: '__Host-studio_session=forged', csrf: 'x' }, 'GET', '/api/studio/session')).status).toBe(401);

    const leaving = await operatorSession(server, 'viewer');
    const out = await studio(server, leaving, 'DELETE', '/api/studio/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-studio_session=;.*Path=\/;/);
    expect((await studio(server, leaving, 'GET', '/api/studio/session')).status).toBe(401);
    expect((await studio(server, leaving, 'DELETE', '/api/studio/session')).status).toBe(401);

    const expiring = await operatorSession(server, 'viewer');
    await server.advance(server.runtime.studioContract.sessionTtlMs);
    expect((await studio(server, expiring, 'GET', '/api/studio/session')).status).toBe(401);

    const owner = await operatorSession(server, 'owner');
    const disabled = await operatorSession(server, 'editor');
    const change = await studio(server, owner, 'PATCH', `/api/studio/operators/${disabled.operatorId}`, { disabled: true });
    expect(change.status).toBe(200);
    expect((await studio(server, disabled, 'GET', '/api/studio/session')).status).toBe(401);
    const again = await studio(server, undefined, 'POST', '/api/studio/session', { email: disabled.email, password: disabled.password });
    expect(again.status).toBe(401);
  });

  it.each([
    ['without the CSRF token', { 'X-CSRF-Token': undefined }],
    ['with another session\'s CSRF token', { 'X-CSRF-Token': 'A'.repeat(43) }],
    ['from another origin', { Origin: 'https://evil.example' }],
    ['from another site (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a change %s with 403 csrf_rejected, and changes nothing', async (_name, headers) => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Forged Partner' }, { headers });
    expect([res.status, await code(res)]).toEqual([403, 'csrf_rejected']);
    const list = (await (await studio(server, owner, 'GET', '/api/studio/partners?q=forged')).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it('refuses a sign-in from another origin', async () => {
    const server = await startServer();
    const operator = await newOperator(server, 'viewer');
    const res = await studio(server, undefined, 'POST', '/api/studio/session', { email: operator.email, password: operator.password }, { headers: { Origin: 'https://evil.example' } });
    expect([res.status, await code(res)]).toEqual([403, 'csrf_rejected']);
  });

  it('serves /healthz and its own reference on the studio listener, and nothing of the partner API', async () => {
    const server = await startServer();
    expect(await (await fetch(`${server.studioUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const docs = await fetch(`${server.studioUrl}/docs`);
    expect(await docs.text()).toContain('Studio API');
    expect((await fetch(`${server.studioUrl}/api/partner/content/catalog`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/studio/session`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/docs`)).text()).not.toContain('/api/studio');
  });
});
