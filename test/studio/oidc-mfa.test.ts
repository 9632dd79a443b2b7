/**
 * OpenID Connect sign-in of an operator with a second factor, against a real provider the test
 * starts: the provider's answer alone is not enough; the first completion answers `401
 * mfa_required` with a new pending sign-in, and the same answer posted again with a TOTP code or a
 * recovery code starts the session. That pending step is single use, a wrong code is refused and an
 * mfa.failure, and the first cookie (its provider code spent) completes nothing.
 */
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';

const PATH = '/api/studio/session/oidc';
type Answer = { code: string; state: string; iss?: string };

async function enrol(server: TestServer, who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await (await studio(server, who, 'POST', '/api/studio/account/totp')).json()) as { secret: string };
  const confirmed = await studio(server, who, 'POST', '/api/studio/account/totp/confirm', { code: totpCode(secret, server.clock.now()) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: ((await confirmed.json()) as { recovery_codes: string[] }).recovery_codes };
}

async function started(server: TestServer, idp: TestProvider): Promise<{ cookie: string; answer: Answer }> {
  const res = await studio(server, undefined, 'GET', PATH);
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, answer: await idp.authorize(((await res.json()) as { authorization_url: string }).authorization_url) };
}

const complete = (server: TestServer, cookie: string, body: Record<string, string>) => studio(server, undefined, 'POST', PATH, body, { headers: { Cookie: cookie } });
const outcome = async (res: Response): Promise<[number, string]> => {
  const body = (await res.json()) as { code?: string; operator?: { email: string } };
  return [res.status, body.code ?? body.operator!.email];
};

/** Starts a sign-in, lets the provider vouch and posts its answer: the second-factor step's cookie. */
async function untilSecondFactor(server: TestServer, idp: TestProvider): Promise<{ cookie: string; first: string; answer: Answer }> {
  const { cookie: first, answer } = await started(server, idp);
  const asked = await complete(server, first, answer);
  const cookies = asked.headers.getSetCookie();
  expect(await outcome(asked)).toEqual([401, 'mfa_required']);
  expect(cookies.some((c) => c.startsWith('__Host-studio_session='))).toBe(false);
  const pending = cookies.find((c) => /^__Host-studio_oidc=[\w-]{43};/.test(c));
  expect(pending).toMatch(/Path=\/;.*HttpOnly; Secure; SameSite=Strict/);
  return { cookie: pending!.split(';')[0]!, first, answer };
}

describe('OpenID Connect sign-in with a second factor', () => {
  it('asks for the code after the provider vouched, then signs in with a TOTP code or a recovery code, each step once', async () => {
    const idp = await startProvider();
    const server = await startServer({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: idp.redirectUri } });
    const who = await operatorSession(server, 'editor');
    const { secret, recoveryCodes } = await enrol(server, who);
    idp.profiles.set('acct-mfa', { email: who.email, email_verified: true });
    idp.account = 'acct-mfa';

    // A wrong code is refused and recorded; the pending step is spent, and the first cookie never completes.
    const wrong = await untilSecondFactor(server, idp);
    expect(await outcome(await complete(server, wrong.cookie, { ...wrong.answer, totp_code: totpCode(secret, server.clock.now() + 10 * 60_000) }))).toEqual([401, 'invalid_mfa_code']);
    expect(await outcome(await complete(server, wrong.cookie, { ...wrong.answer, totp_code: totpCode(secret, server.clock.now()) }))).toEqual([401, 'oidc_state_invalid']);
    expect(await outcome(await complete(server, wrong.first, { ...wrong.answer, totp_code: totpCode(secret, server.clock.now()) }))).toEqual([401, 'oidc_state_invalid']);

    // Another state than the one the sign-in started with completes nothing.
    const forged = await untilSecondFactor(server, idp);
    expect(await outcome(await complete(server, forged.cookie, { ...forged.answer, state: 'forged', totp_code: totpCode(secret, server.clock.now()) }))).toEqual([401, 'oidc_state_invalid']);

    await server.advance(30_000); // the enrolment spent the current time step
    const withCode = await untilSecondFactor(server, idp);
    const signedIn = await complete(server, withCode.cookie, { ...withCode.answer, totp_code: totpCode(secret, server.clock.now()) });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('__Host-studio_session='))).toBe(true);
    expect(await outcome(signedIn)).toEqual([200, who.email]);

    const withRecovery = await untilSecondFactor(server, idp);
    expect(await outcome(await complete(server, withRecovery.cookie, { ...withRecovery.answer, recovery_code: recoveryCodes[0]! }))).toEqual([200, who.email]);

    const owner = await operatorSession(server, 'owner');
    const failures = (await (await studio(server, owner, 'GET', '/api/studio/audit?kind=security&action=mfa.failure&limit=100')).json()) as { items: Array<{ target_id: string; after: Record<string, unknown> }> };
    expect(failures.items.map((e) => [e.target_id, e.after['reason'], e.after['method']])).toEqual([[who.operatorId, 'wrong_totp_code', 'oidc']]);
  });
});
