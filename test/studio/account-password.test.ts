/**
 * Operator accounts through HTTP, on both engines: changing one's password (current password
 * required, other sessions ended), owners' reset links (single use, ending earlier links,
 * expiring by the injected clock), and the operator listing's last sign-in.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer } from '../helpers/server.js';
import { newOperator, operatorSession, signIn, studio } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;
const NEW_PASSWORD = 'correct horse battery staple';

describe.each(serverEngines())('operator passwords (%s)', (_name, engine) => {
  it('changes the password with the current one, ending the operator\'s other sessions but not this one', async () => {
    const server = await startServer(engine);
    const here = await operatorSession(server, 'editor');
    const elsewhere = await signIn(server, here);
    const wrong = await studio(server, here, 'POST', '/api/studio/account/password', { current_password: 'not-it', new_password: NEW_PASSWORD });
    expect([wrong.status, await code(wrong)]).toEqual([400, 'wrong_password']);
    const short = await studio(server, here, 'POST', '/api/studio/account/password', { current_password: here.password, new_password: 'short' });
    expect([short.status, await code(short)]).toEqual([400, 'validation_failed']);
    expect((await studio(server, elsewhere, 'GET', '/api/studio/session')).status).toBe(200);

    const changed = await studio(server, here, 'POST', '/api/studio/account/password', { current_password: here.password, new_password: NEW_PASSWORD });
    expect(changed.status).toBe(204);
    expect((await studio(server, here, 'GET', '/api/studio/session')).status).toBe(200);
    expect((await studio(server, elsewhere, 'GET', '/api/studio/session')).status).toBe(401);
    const old = await studio(server, undefined, 'POST', '/api/studio/session', { email: here.email, password: here.password });
    expect([old.status, await code(old)]).toEqual([401, 'invalid_credentials']);
    await signIn(server, { email: here.email, password: NEW_PASSWORD });

    const audit = (await (await studio(server, await operatorSession(server, 'owner'), 'GET', '/api/studio/audit?action=operator.password_change')).json()) as { items: Array<{ actor: string; target_id: string; before: unknown; after: unknown }> };
    expect(audit.items).toEqual([expect.objectContaining({ actor: `operator:${here.operatorId}`, target_id: here.operatorId, before: null, after: null })]);
    expect(server.logs()).not.toContain(NEW_PASSWORD);
    const events = (await (await studio(server, await operatorSession(server, 'owner'), 'GET', '/api/studio/audit?kind=security&action=password.change')).json()) as { items: Array<{ target_id: string; address: string }> };
    expect(events.items).toEqual([expect.objectContaining({ target_id: here.operatorId, address: '127.0.0.1' })]);
  });

  it('gives owners a one-time reset link that sets a new password, ends every session, and works once', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const target = await operatorSession(server, 'viewer');
    const byViewer = await studio(server, target, 'POST', `/api/studio/operators/${target.operatorId}/password-reset`);
    expect([byViewer.status, await code(byViewer)]).toEqual([403, 'forbidden']);
    const unknown = await studio(server, owner, 'POST', '/api/studio/operators/op_0000000000/password-reset');
    expect([unknown.status, await code(unknown)]).toEqual([404, 'not_found']);

    const first = await studio(server, owner, 'POST', `/api/studio/operators/${target.operatorId}/password-reset`);
    expect(first.status).toBe(201);
    const firstLink = (await first.json()) as { reset_path: string; expires_at: string };
    const ttl = server.runtime.studioContract.passwordResetTtlMs;
    expect(Date.parse(firstLink.expires_at)).toBe(server.clock.now() + ttl);
    const link = (await (await studio(server, owner, 'POST', `/api/studio/operators/${target.operatorId}/password-reset`)).json()) as { reset_path: string };
    const token = link.reset_path.split('#token=')[1]!;
    const stale = await studio(server, undefined, 'POST', '/api/studio/password-reset', { token: firstLink.reset_path.split('#token=')[1], new_password: NEW_PASSWORD });
    expect([stale.status, await code(stale)]).toEqual([400, 'reset_link_invalid']);

    const reset = await studio(server, undefined, 'POST', '/api/studio/password-reset', { token, new_password: NEW_PASSWORD });
    expect(reset.status).toBe(204);
    expect((await studio(server, target, 'GET', '/api/studio/session')).status).toBe(401);
    await signIn(server, { email: target.email, password: NEW_PASSWORD });
    const again = await studio(server, undefined, 'POST', '/api/studio/password-reset', { token, new_password: 'another long password' });
    expect([again.status, await code(again)]).toEqual([400, 'reset_link_invalid']);
    expect(server.logs()).not.toContain(token);
    const audit = (await (await studio(server, owner, 'GET', `/api/studio/audit?actor=operator:${target.operatorId}`)).json()) as { items: Array<{ action: string }> };
    expect(audit.items.map((e) => e.action)).toContain('operator.password_reset');
    const events = (await (await studio(server, owner, 'GET', '/api/studio/audit?kind=security&action=password.reset')).json()) as { items: Array<{ target_id: string; after: { reason: string } }> };
    expect(events.items.map((e) => [e.target_id, e.after.reason])).toEqual([
      ['unknown', 'link_invalid'],
      [target.operatorId, 'link_used'],
      ['unknown', 'link_invalid'],
    ]);
  });

  it('refuses a reset link once its lifetime has passed on the injected clock', async () => {
    const server = await startServer(engine);
    const owner = await operatorSession(server, 'owner');
    const target = await newOperator(server, 'editor');
    const link = (await (await studio(server, owner, 'POST', `/api/studio/operators/${target.operatorId}/password-reset`)).json()) as { reset_path: string };
    await server.advance(server.runtime.studioContract.passwordResetTtlMs);
    const late = await studio(server, undefined, 'POST', '/api/studio/password-reset', { token: link.reset_path.split('#token=')[1], new_password: NEW_PASSWORD });
    expect([late.status, await code(late)]).toEqual([400, 'reset_link_invalid']);
    await signIn(server, target);
  });

  it('shows owners each operator\'s last sign-in and whether it has a second factor', async () => {
    const server = await startServer(engine);
    const never = await newOperator(server, 'viewer');
    const owner = await operatorSession(server, 'owner');
    const list = (await (await studio(server, owner, 'GET', '/api/studio/operators?limit=100')).json()) as { items: Array<{ id: string; last_sign_in_at: string | null; mfa_enabled: boolean }> };
    expect(list.items.find((o) => o.id === never.operatorId)).toMatchObject({ last_sign_in_at: null, mfa_enabled: false });
    expect(list.items.find((o) => o.id === owner.operatorId)).toMatchObject({ last_sign_in_at: new Date(server.clock.now()).toISOString(), mfa_enabled: false });
  });
});
