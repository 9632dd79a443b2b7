/**
 * The account operations' refusals: malformed requests (400), an account with no local password
 * (409 on changing it), and setting a password with reset links from one address past the
 * per-address sign-in limit (429), since a reset token stands for a session.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadStudioContract } from '../../server/contract/studio.js';
import { hashToken } from '../../server/studio-api/session.js';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

const MALFORMED: Array<[string, string, unknown]> = [
  ['POST', '/api/studio/account/password?unexpected=1', { current_password: 'x', new_password: 'long enough password' }],
  ['POST', '/api/studio/account/totp?unexpected=1', undefined],
  ['POST', '/api/studio/account/totp/confirm', { code: '12345' }],
  ['POST', '/api/studio/account/totp/disable', { password: '' }],
  ['POST', '/api/studio/account/recovery-codes', {}],
  ['GET', '/api/studio/account/sessions?unexpected=1', undefined],
  ['DELETE', '/api/studio/account/sessions?unexpected=1', undefined],
  ['DELETE', '/api/studio/account/sessions/not-a-session-id', undefined],
  ['POST', '/api/studio/operators/op_0000000000/password-reset?unexpected=1', undefined],
  ['POST', '/api/studio/operators/op_0000000000/mfa-reset?unexpected=1', undefined],
  ['POST', '/api/studio/password-reset', { token: 'short', new_password: 'long enough password' }],
  ['POST', '/api/studio/session', { email: 'someone@halcyon-studios.example', password: 'x', totp_code: '12ab56' }],
];

describe('account refusals', () => {
  it('answers each malformed account request with 400 validation_failed', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const outcomes = [];
    for (const [method, path, body] of MALFORMED) {
      const anonymous = path === '/api/studio/password-reset' || path === '/api/studio/session';
      const res = await studio(server, anonymous ? undefined : owner, method, path, body);
      outcomes.push(`${method} ${path} ${res.status} ${await code(res)}`);
    }
    expect(outcomes).toEqual(MALFORMED.map(([method, path]) => `${method} ${path} 400 validation_failed`));
  });

  it('answers 409 to changing the password of an account that signs in only through the identity provider', async () => {
    const server = await startServer();
    const now = new Date(server.clock.now()).toISOString();
    const operator = await server.store.transact((tx) => tx.createOperator({ id: 'op_oidc000001', email: 'idp-only@halcyon-studios.example', role: 'viewer', passwordHash: null, now }));
    // Its session as an identity-provider sign-in would start it.
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(32).toString('base64url');
    const expiresAt = new Date(server.clock.now() + 3_600_000).toISOString();
    await server.store.createSession({ idHash: hashToken(token), operatorId: operator!.id, csrfToken: csrf, createdAt: now, expiresAt, address: null, userAgent: null });
    const res = await studio(server, { cookie: `__Host-studio_session=${token}`, csrf }, 'POST', '/api/studio/account/password', { current_password: 'anything', new_password: 'long enough password' });
    expect([res.status, await code(res)]).toEqual([409, 'conflict']);
  });

  it('limits setting a password with reset links per client address (429 with Retry-After)', async () => {
    const contract = loadStudioContract();
    const perAddress = { limit: 2, windowMs: 60_000, failMode: 'closed' as const };
    const server = await startServer({ studioContract: { ...contract, signInLimits: { ...contract.signInLimits, perAddress } } });
    const attempt = () => studio(server, undefined, 'POST', '/api/studio/password-reset', { token: 'A'.repeat(43), new_password: 'long enough password' });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect([limited.status, await code(limited)]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
