/**
 * Operator accounts through HTTP: the TOTP second factor (enrolment, sign-in with a code and with
 * a recovery code, each working once, turning it off, owners made to enrol by configuration), the
 * idle timeout on the injected clock, and one's own sessions listed, ended one by one or everywhere.
 */
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp.js';
import { runCli } from '../helpers/cli.js';
import { serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, signIn, studio, type SignedIn } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

type SecurityEntry = { action: string; target_id: string; address: string | null; after: Record<string, unknown> };
/** The security events of an action in the audit trail, read by a fresh owner. */
async function securityEvents(server: TestServer, action: string): Promise<SecurityEntry[]> {
  const reader = await operatorSession(server, 'owner');
  const res = await studio(server, reader, 'GET', `/api/studio/audit?kind=security&action=${action}&limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: SecurityEntry[] }).items;
}
const signInWith = (server: TestServer, who: SignedIn, extra: Record<string, string>) => studio(server, undefined, 'POST', '/api/studio/session', { email: who.email, password: who.password, ...extra });

/** Enrols an authenticator for the signed-in operator; its secret and recovery codes. */
async function enrol(server: TestServer, who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await studio(server, who, 'POST', '/api/studio/account/totp');
  expect(started.status).toBe(200);
  const { secret, otpauth_uri: uri } = (await started.json()) as { secret: string; otpauth_uri: string };
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await studio(server, who, 'POST', '/api/studio/account/totp/confirm', { code: totpCode(secret, server.clock.now()) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: ((await confirmed.json()) as { recovery_codes: string[] }).recovery_codes };
}

describe.each(serverEngines())('the second factor (TOTP) (%s)', (_name, engine) => {
  it('enrols with a confirming code, then asks for a code at sign-in and accepts each code and recovery code once', async () => {
    const server = await startServer(engine);
    const who = await operatorSession(server, 'editor');
    expect((await studio(server, who, 'POST', '/api/studio/account/totp/confirm', { code: '123456' })).status).toBe(409);
    const started = (await (await studio(server, who, 'POST', '/api/studio/account/totp')).json()) as { secret: string };
    const wrong = await studio(server, who, 'POST', '/api/studio/account/totp/confirm', { code: totpCode(started.secret, server.clock.now() + 10 * 60_000) });
    expect([wrong.status, await code(wrong)]).toEqual([400, 'enrolment_code_wrong']);
    const { secret, recoveryCodes } = await enrol(server, who);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await studio(server, who, 'POST', '/api/studio/account/totp')).status).toBe(409);

    const bare = await signInWith(server, who, {});
    expect([bare.status, await code(bare)]).toEqual([401, 'mfa_required']);
    const badPassword = await studio(server, undefined, 'POST', '/api/studio/session', { email: who.email, password: 'nope', totp_code: '000000' });
    expect([badPassword.status, await code(badPassword)]).toEqual([401, 'invalid_credentials']);
    // The code used to confirm the enrolment is spent: the next step's code signs in, once.
    await server.advance(30_000);
    const current = totpCode(secret, server.clock.now());
    expect((await signInWith(server, who, { totp_code: current })).status).toBe(200);
    const replayed = await signInWith(server, who, { totp_code: current });
    expect([replayed.status, await code(replayed)]).toEqual([401, 'invalid_mfa_code']);

    // Past the sign-in limit's window of failures per account and address: every failure so far counted toward it.
    await server.advance(server.runtime.studioContract.signInLimits.failuresPerAccountAndAddress.windowMs);
    const typed = recoveryCodes[0]!.toUpperCase().replaceAll('-', '');
    expect((await signInWith(server, who, { recovery_code: typed })).status).toBe(200);
    const reused = await signInWith(server, who, { recovery_code: recoveryCodes[0]! });
    expect([reused.status, await code(reused)]).toEqual([401, 'invalid_mfa_code']);
    expect((await signInWith(server, who, { recovery_code: recoveryCodes[1]! })).status).toBe(200);
    expect(server.logs()).not.toContain(secret);
    const failures = await securityEvents(server, 'mfa.failure');
    expect(failures.map((e) => [e.target_id, e.after.reason, e.address])).toEqual([
      [who.operatorId, 'wrong_recovery_code', '127.0.0.1'],
      [who.operatorId, 'wrong_totp_code', '127.0.0.1'],
      [who.operatorId, 'wrong_enrolment_code', '127.0.0.1'],
    ]);
    expect(server.logs()).toContain('security event mfa.failure');
  });

  it('renews the recovery codes and turns off with the password, the recovery codes stopping with it', async () => {
    const server = await startServer(engine);
    const who = await operatorSession(server, 'viewer');
    const first = await enrol(server, who);
    const wrongToRenew = await studio(server, who, 'POST', '/api/studio/account/recovery-codes', { password: 'not-it' });
    expect([wrongToRenew.status, await code(wrongToRenew)]).toEqual([400, 'wrong_password']);
    const renewed = await studio(server, who, 'POST', '/api/studio/account/recovery-codes', { password: who.password });
    expect(renewed.status).toBe(200);
    const { recovery_codes: recoveryCodes } = (await renewed.json()) as { recovery_codes: string[] };
    expect(recoveryCodes.some((c) => first.recoveryCodes.includes(c))).toBe(false);
    expect((await signInWith(server, who, { recovery_code: first.recoveryCodes[0]! })).status).toBe(401);
    expect((await signInWith(server, who, { recovery_code: recoveryCodes[0]! })).status).toBe(200);
    const wrong = await studio(server, who, 'POST', '/api/studio/account/totp/disable', { password: 'not-it' });
    expect([wrong.status, await code(wrong)]).toEqual([400, 'wrong_password']);
    expect((await studio(server, who, 'POST', '/api/studio/account/totp/disable', { password: who.password })).status).toBe(204);
    expect((await studio(server, who, 'POST', '/api/studio/account/totp/disable', { password: who.password })).status).toBe(409);
    expect((await studio(server, who, 'POST', '/api/studio/account/recovery-codes', { password: who.password })).status).toBe(409);
    expect((await signInWith(server, who, {})).status).toBe(200);
    const me = (await (await studio(server, who, 'GET', '/api/studio/session')).json()) as { operator: { mfa_enabled: boolean } };
    expect(me.operator.mfa_enabled).toBe(false);
    await enrol(server, who);
    await server.advance(server.runtime.studioContract.signInLimits.failuresPerAccountAndAddress.windowMs);
    expect((await signInWith(server, who, { recovery_code: recoveryCodes[2]! })).status).toBe(401);
  });

  it('lets an owner turn off a locked-out operator\'s second factor, ending its sessions (API and CLI)', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const who = await operatorSession(server, 'editor');
    await enrol(server, who);
    const byEditor = await studio(server, who, 'POST', `/api/studio/operators/${owner.operatorId}/mfa-reset`);
    expect([byEditor.status, await code(byEditor)]).toEqual([403, 'forbidden']);
    expect((await studio(server, owner, 'POST', '/api/studio/operators/op_0000000000/mfa-reset')).status).toBe(404);
    expect((await studio(server, owner, 'POST', `/api/studio/operators/${who.operatorId}/mfa-reset`)).status).toBe(204);
    expect((await studio(server, who, 'GET', '/api/studio/session')).status).toBe(401);
    const again = await studio(server, owner, 'POST', `/api/studio/operators/${who.operatorId}/mfa-reset`);
    expect([again.status, await code(again)]).toEqual([409, 'conflict']);
    const back = await signIn(server, who);
    await enrol(server, { ...who, ...back });
    const cli = await runCli(['operator', 'reset-mfa', who.email, '--json'], { DATABASE_URL: server.dbPath });
    expect([cli.code, JSON.parse(cli.stdout)]).toEqual([0, { email: who.email, mfa_enabled: false }]);
    expect((await signInWith(server, who, {})).status).toBe(200);
    const audit = (await (await studio(server, owner, 'GET', `/api/studio/audit?action=operator.mfa_reset`)).json()) as { items: Array<{ actor: string }> };
    expect(audit.items.map((e) => e.actor)).toEqual([expect.stringMatching(/^cli:/), `operator:${owner.operatorId}`]);
  });

  it('makes owners enrol before anything else when STUDIO_REQUIRE_MFA_FOR_OWNERS is true, and keeps editors free', async () => {
    const server = await startServer({ ...engine, env: { STUDIO_REQUIRE_MFA_FOR_OWNERS: 'true' } });
    const owner = await operatorSession(server, 'owner');
    const me = (await (await studio(server, owner, 'GET', '/api/studio/session')).json()) as { mfa_enrolment_required: boolean };
    expect(me.mfa_enrolment_required).toBe(true);
    const refused = await studio(server, owner, 'GET', '/api/studio/partners');
    expect([refused.status, await code(refused)]).toEqual([403, 'mfa_enrolment_required']);
    await enrol(server, owner);
    expect((await studio(server, owner, 'GET', '/api/studio/partners')).status).toBe(200);
    const off = await studio(server, owner, 'POST', '/api/studio/account/totp/disable', { password: owner.password });
    expect([off.status, await code(off)]).toEqual([409, 'conflict']);
    const editor = await operatorSession(server, 'editor');
    expect((await studio(server, editor, 'GET', '/api/studio/partners')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('end after the idle timeout on the injected clock, each request keeping them alive', async () => {
    const server = await startServer();
    const { idleTimeoutMs, sessionTtlMs } = server.runtime.studioContract;
    expect(idleTimeoutMs).toBeLessThan(sessionTtlMs);
    const who = await operatorSession(server, 'viewer');
    await server.advance(idleTimeoutMs - 1000);
    expect((await studio(server, who, 'GET', '/api/studio/session')).status).toBe(200);
    await server.advance(idleTimeoutMs - 1000);
    expect((await studio(server, who, 'GET', '/api/studio/session')).status).toBe(200);
    await server.advance(idleTimeoutMs);
    expect((await studio(server, who, 'GET', '/api/studio/session')).status).toBe(401);
  });

  it('lists one\'s live sessions with where and when, ends one, and signs out everywhere', async () => {
    const server = await startServer();
    const who = await operatorSession(server, 'editor');
    const phone = await studio(server, undefined, 'POST', '/api/studio/session', { email: who.email, password: who.password }, { headers: { 'User-Agent': 'Phone Browser/1.0' } });
    const phoneSession = { cookie: phone.headers.get('set-cookie')!.split(';')[0]!, csrf: ((await phone.json()) as { csrf_token: string }).csrf_token };
    const laptop = await signIn(server, who);
    const other = await operatorSession(server, 'editor');

    type Info = { id: string; current: boolean; address: string; user_agent: string; created_at: string; last_seen_at: string };
    const list = (await (await studio(server, laptop, 'GET', '/api/studio/account/sessions')).json()) as { items: Info[] };
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.items.map((s) => s.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    const phoneInfo = list.items.find((s) => s.user_agent === 'Phone Browser/1.0')!;
    expect(phoneInfo.current).toBe(false);
    expect(phoneInfo.last_seen_at).toBe(phoneInfo.created_at);

    const notMine = await studio(server, other, 'DELETE', `/api/studio/account/sessions/${phoneInfo.id}`);
    expect([notMine.status, await code(notMine)]).toEqual([404, 'not_found']);
    expect((await studio(server, laptop, 'DELETE', `/api/studio/account/sessions/${phoneInfo.id}`)).status).toBe(204);
    expect((await studio(server, phoneSession, 'GET', '/api/studio/session')).status).toBe(401);
    expect((await studio(server, laptop, 'DELETE', `/api/studio/account/sessions/${phoneInfo.id}`)).status).toBe(404);

    const everywhere = await studio(server, laptop, 'DELETE', '/api/studio/account/sessions');
    expect(everywhere.status).toBe(204);
    expect(everywhere.headers.get('set-cookie')).toMatch(/__Host-studio_session=;/);
    for (const s of [who, laptop]) expect((await studio(server, s, 'GET', '/api/studio/session')).status).toBe(401);
    expect((await studio(server, other, 'GET', '/api/studio/session')).status).toBe(200);
    const revoked = await securityEvents(server, 'session.revoke');
    expect(revoked.map((e) => [e.target_id, e.after.reason, e.after.sessions])).toEqual([
      [who.operatorId, 'sign_out_everywhere', 2],
      [who.operatorId, 'other_session', 1],
    ]);
  });
});
