/**
 * Usage (per partner and across partners), operators (list, invite, change role, disable) and the
 * audit trail through the studio API: every change, from the API or the CLI, is read back with its
 * actor, and no secret appears in the trail or in the logs.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';
import { operatorSession, signIn, studio } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;
async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('studio usage', () => {
  it('reads a partner\'s usage by day and ranks partners by requests, 429s or errors', async () => {
    const server = await startServer();
    const viewer = await operatorSession(server, 'viewer');
    const busy = await server.partner({}, 'Busy');
    const limited = await server.partner({}, 'Limited');
    const row = { day: '2026-11-20', operation: 'getCatalog', seriesId: null, streamResolutions: 0, errors: 0 };
    await server.store.addUsage([
      { ...row, partnerId: busy.id, requests: 50, rateLimited: 1 },
      { ...row, partnerId: limited.id, requests: 10, rateLimited: 7 },
    ]);
    const report = await json<{ totals: { requests: number }; items: Array<{ key: string }> }>(await studio(server, viewer, 'GET', `/api/studio/partners/${busy.id}/usage?from=2026-11-01&to=2026-11-30`));
    expect(report.totals.requests).toBe(50);
    expect(report.items.map((i) => i.key)).toEqual(['2026-11-20']);
    const top = await json<{ items: Array<{ partner_name: string }>; totals: { requests: number } }>(await studio(server, viewer, 'GET', '/api/studio/usage?from=2026-11-01&to=2026-11-30'));
    expect(top.items.map((i) => i.partner_name).slice(0, 2)).toEqual(['Busy', 'Limited']);
    expect(top.totals.requests).toBe(60);
    const by429 = await json<{ items: Array<{ partner_name: string }> }>(await studio(server, viewer, 'GET', '/api/studio/usage?from=2026-11-01&to=2026-11-30&rank_by=rate_limited'));
    expect(by429.items[0]!.partner_name).toBe('Limited');

    const backwards = await studio(server, viewer, 'GET', '/api/studio/usage?from=2026-11-30&to=2026-11-01');
    expect([backwards.status, await code(backwards)]).toEqual([400, 'invalid_date_range']);
    const tooLong = await studio(server, viewer, 'GET', `/api/studio/partners/${busy.id}/usage?from=2026-01-01&to=2026-11-30`);
    expect([tooLong.status, await code(tooLong)]).toEqual([400, 'invalid_date_range']);
    const unknown = await studio(server, viewer, 'GET', '/api/studio/partners/ptn_0000000000/usage?from=2026-11-01&to=2026-11-30');
    expect(unknown.status).toBe(404);
  });
});

describe('studio operators', () => {
  it('invites an operator who signs in with the initial password, changes its role, and keeps one enabled owner', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const invited = await studio(server, owner, 'POST', '/api/studio/operators', { email: 'Lee@halcyon-studios.example', role: 'editor' });
    expect(invited.status).toBe(201);
    const { operator, initial_password } = (await invited.json()) as { operator: { id: string; email: string }; initial_password: string };
    expect(operator.email).toBe('lee@halcyon-studios.example');
    const lee = await signIn(server, { email: operator.email, password: initial_password });
    expect((await studio(server, lee, 'POST', '/api/studio/operators', { email: 'x@halcyon-studios.example', role: 'owner' })).status).toBe(403);

    const duplicate = await studio(server, owner, 'POST', '/api/studio/operators', { email: 'lee@halcyon-studios.example', role: 'viewer' });
    expect([duplicate.status, await code(duplicate)]).toEqual([409, 'conflict']);
    expect((await studio(server, owner, 'POST', '/api/studio/operators', { email: 'lee', role: 'viewer' })).status).toBe(400);

    const promoted = await studio(server, owner, 'PATCH', `/api/studio/operators/${operator.id}`, { role: 'owner' });
    expect([promoted.status, ((await promoted.json()) as { role: string }).role]).toEqual([200, 'owner']);
    // The new role applies from the operator's next request.
    expect((await studio(server, lee, 'POST', '/api/studio/operators', { email: 'x@halcyon-studios.example', role: 'viewer' })).status).toBe(201);
    expect((await studio(server, owner, 'PATCH', `/api/studio/operators/${operator.id}`, { disabled: true })).status).toBe(200);
    const lastOwner = await studio(server, owner, 'PATCH', `/api/studio/operators/${owner.operatorId}`, { role: 'viewer' });
    expect([lastOwner.status, await code(lastOwner)]).toEqual([409, 'conflict']);
    expect((await studio(server, owner, 'PATCH', '/api/studio/operators/op_0000000000', { role: 'viewer' })).status).toBe(404);
    expect((await studio(server, owner, 'PATCH', `/api/studio/operators/${operator.id}`, {})).status).toBe(400);

    const list = await json<{ items: Array<{ email: string; disabled: boolean }> }>(await studio(server, owner, 'GET', '/api/studio/operators'));
    expect(list.items.find((o) => o.email === 'lee@halcyon-studios.example')?.disabled).toBe(true);
    expect((await studio(server, owner, 'GET', '/api/studio/operators?limit=101')).status).toBe(400);
  });
});

describe('the audit trail', () => {
  it('records every change from the API and the CLI with its actor, filters it, and holds no secret; nor do the logs', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const created = (await (await studio(server, owner, 'POST', '/api/studio/partners', { name: 'Audited' })).json()) as { partner: { id: string }; api_secret: string };
    const partnerId = created.partner.id;
    await studio(server, owner, 'PUT', `/api/studio/partners/${partnerId}/grants`, { items: [{ series_id: 'ser_7hx2k9qmbd', grants: ['read'] }] });
    const renewed = (await (await studio(server, owner, 'POST', `/api/studio/partners/${partnerId}/secret`)).json()) as { api_secret: string };
    const invited = (await (await studio(server, owner, 'POST', '/api/studio/operators', { email: 'new@halcyon-studios.example', role: 'viewer' })).json()) as { initial_password: string };
    const cli = await runCli(['partner', 'create', '--name', 'From CLI', '--json'], { DATABASE_URL: server.dbPath });
    expect(cli.code, cli.stderr).toBe(0);
    const cliSecret = (JSON.parse(cli.stdout) as { api_secret: string }).api_secret;

    type Entry = { actor: string; action: string; partner_id: string | null; actor_email: string | null };
    const all = await json<{ items: Entry[] }>(await studio(server, owner, 'GET', '/api/studio/audit?limit=100'));
    const actions = all.items.map((e) => `${e.actor.split(':')[0]} ${e.action}`);
    expect(actions).toEqual(expect.arrayContaining(['operator partner.create', 'operator grants.set', 'operator partner.regenerate_secret', 'operator operator.invite', 'cli partner.create']));
    const mine = await json<{ items: Entry[] }>(await studio(server, owner, 'GET', `/api/studio/audit?kind=change&actor=operator:${owner.operatorId}`));
    expect(mine.items.every((e) => e.actor_email === owner.email)).toBe(true);
    expect(mine.items).toHaveLength(4);
    // Besides the changes, the owner's sign-in, a security event (test/studio/security-events.test.ts).
    const mineAll = await json<{ items: Entry[] }>(await studio(server, owner, 'GET', `/api/studio/audit?actor=operator:${owner.operatorId}`));
    expect(mineAll.items.map((e) => e.action).at(-1)).toBe('sign_in.success');
    const aboutPartner = await json<{ items: Entry[] }>(await studio(server, owner, 'GET', `/api/studio/audit?partner_id=${partnerId}&action=grants.set`));
    expect(aboutPartner.items.map((e) => e.action)).toEqual(['grants.set']);
    const now = new Date(server.clock.now());
    const later = new Date(now.getTime() + 60_000).toISOString();
    expect((await json<{ items: Entry[] }>(await studio(server, owner, 'GET', `/api/studio/audit?from=${later}`))).items).toEqual([]);
    expect((await studio(server, owner, 'GET', '/api/studio/audit?from=yesterday')).status).toBe(400);

    const secrets = [created.api_secret, renewed.api_secret, invited.initial_password, cliSecret, owner.password, owner.csrf, owner.cookie.split('=')[1]!];
    const trail = JSON.stringify(all);
    const logs = server.logs();
    for (const secret of secrets) {
      expect(trail).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(trail).not.toContain('scrypt$');
  });
});
