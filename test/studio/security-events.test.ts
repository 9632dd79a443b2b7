/**
 * Security events (server/services/security-events.ts) as a security team meets them: sign-ins,
 * failed sign-ins, lockouts and 403 refusals are in the audit trail as kind `security` (the studio
 * API's listing and `admin audit --kind`), in the log with operator and address, and counted in
 * `studio_security_events_total`; no password appears in any of them.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { newOperator, operatorSession, signIn, studio, type SignedIn } from '../helpers/studio.js';

interface Entry {
  kind: string;
  actor: string;
  action: string;
  target_kind: string;
  target_id: string;
  address: string | null;
  after: Record<string, unknown> | null;
}

async function securityEntries(server: TestServer, reader: SignedIn, query = ''): Promise<Entry[]> {
  const res = await studio(server, reader, 'GET', `/api/studio/audit?kind=security&limit=100${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Entry[] }).items;
}

async function counted(server: TestServer, event: string): Promise<number> {
  const metric = await server.runtime.metrics.securityEvents.get();
  return metric.values.find((v) => v.labels.event === event)?.value ?? 0;
}

/** The log lines of one security event type. */
function logged(server: TestServer, event: string): Array<Record<string, unknown>> {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.includes(`"security_event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('studio security events', () => {
  it('records sign-ins and failed sign-ins in the audit trail, the log and the metric, never the password', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const target = await newOperator(server, 'editor');
    const wrong = await studio(server, undefined, 'POST', '/api/studio/session', { email: target.email, password: 'not-the-password-1' });
    expect(wrong.status).toBe(401);
    const unknown = await studio(server, undefined, 'POST', '/api/studio/session', { email: 'nobody@halcyon-studios.example', password: 'guess-guess-guess' });
    expect(unknown.status).toBe(401);
    await signIn(server, target);

    const entries = await securityEntries(server, owner);
    expect(entries.every((e) => e.kind === 'security')).toBe(true);
    const [success, failUnknown, failWrong] = entries;
    expect(success).toMatchObject({ action: 'sign_in.success', actor: `operator:${target.operatorId}`, target_kind: 'operator', target_id: target.operatorId, address: '127.0.0.1' });
    expect(failUnknown).toMatchObject({ action: 'sign_in.failure', actor: 'address:127.0.0.1', target_id: 'unknown', after: { email: 'nobody@halcyon-studios.example', reason: 'unknown_email' } });
    expect(failWrong).toMatchObject({ action: 'sign_in.failure', actor: 'address:127.0.0.1', target_id: target.operatorId, after: { email: target.email, reason: 'wrong_password' } });
    // The owner's own sign-in is the oldest; changes are not in the security listing, nor security events in the changes'.
    expect(entries.at(-1)).toMatchObject({ action: 'sign_in.success', target_id: owner.operatorId });
    const changes = await studio(server, owner, 'GET', '/api/studio/audit?kind=change&limit=100');
    expect(((await changes.json()) as { items: Entry[] }).items.map((e) => e.kind)).toEqual(['change', 'change']);

    expect(await counted(server, 'sign_in.failure')).toBe(2);
    expect(await counted(server, 'sign_in.success')).toBe(2);
    const [line] = logged(server, 'sign_in.failure');
    expect(line).toMatchObject({ level: 40, operator_id: target.operatorId, operator_email: target.email, address: '127.0.0.1', reason: 'wrong_password' });
    for (const secret of ['not-the-password-1', 'guess-guess-guess', target.password, owner.password]) {
      expect(server.logs()).not.toContain(secret);
      expect(JSON.stringify(entries)).not.toContain(secret);
    }
  });

  it('records every 403: a role below the operation\'s and a change without the CSRF token', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const viewer = await operatorSession(server, 'viewer');
    const refused = await studio(server, viewer, 'POST', '/api/studio/partners', { name: 'Nope' });
    expect(refused.status).toBe(403);
    const noToken = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Nope' }, { headers: { 'X-CSRF-Token': undefined } });
    expect(noToken.status).toBe(403);
    const foreign = await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Nope' }, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);

    const entries = await securityEntries(server, owner, '&action=access.forbidden');
    expect(entries).toEqual([
      expect.objectContaining({ actor: `operator:${viewer.operatorId}`, target_kind: 'operation', target_id: 'createPartner', address: '127.0.0.1', after: { email: viewer.email, code: 'forbidden', method: 'POST', role_needed: 'owner', role: 'viewer' } }),
    ]);
    const csrf = await securityEntries(server, owner, '&action=access.csrf_rejected');
    expect(csrf.map((e) => [e.actor, e.target_id, e.after?.code])).toEqual([
      [`operator:${owner.operatorId}`, 'createPartner', 'csrf_rejected'],
      [`operator:${owner.operatorId}`, 'createPartner', 'csrf_rejected'],
    ]);
    expect(await counted(server, 'access.forbidden')).toBe(1);
    expect(await counted(server, 'access.csrf_rejected')).toBe(2);
    expect(logged(server, 'access.forbidden')[0]).toMatchObject({ operator_id: viewer.operatorId, address: '127.0.0.1', operation: 'createPartner' });
  });

  it('records a lockout once per window, and `admin audit --kind security` lists the events', async () => {
    const server = await startServer();
    const target = await newOperator(server, 'owner');
    const statuses: number[] = [];
    for (let i = 0; i < server.runtime.studioContract.signInLimits.failuresPerAccountAndAddress.limit + 3; i++) {
      statuses.push((await studio(server, undefined, 'POST', '/api/studio/session', { email: target.email, password: `wrong-password-${i}` })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(await counted(server, 'sign_in.lockout')).toBe(1);

    const cli = await runCli(['audit', '--kind', 'security', '--json'], { DATABASE_URL: server.dbPath });
    expect(cli.code, cli.stderr).toBe(0);
    const { items } = JSON.parse(cli.stdout) as { items: Entry[] };
    expect(items[0]).toMatchObject({ kind: 'security', action: 'sign_in.lockout', actor: 'address:127.0.0.1', address: '127.0.0.1' });
    expect(items.filter((e) => e.action === 'sign_in.failure').length).toBe(statuses.filter((s) => s === 401).length);
    const changes = JSON.parse((await runCli(['audit', '--kind', 'change', '--json'], { DATABASE_URL: server.dbPath })).stdout) as { items: Entry[] };
    expect(changes.items.map((e) => e.action)).toEqual(['operator.create']);
    const bad = await runCli(['audit', '--kind', 'nonsense'], { DATABASE_URL: server.dbPath });
    expect(bad.code).not.toBe(0);
  });
});
