/**
 * No 500 from studio input. Names and emails are not secrets: a partner name or an operator email that merely looks like one
 * (`sk_…`, `scrypt$…`) is stored and audited as typed (it answered 500 while the audit trail judged
 * values by their content), and wrong input answers 400. Secrets stay out of the trail by
 * construction (services/audit.ts AuditFields).
 */
import { describe, expect, it } from 'vitest';
import { catalogFile } from '../cli/fixtures.js';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const SECRET_LIKE_NAME = 'sk_' + 'A1b2C3d4'.repeat(6);
const HASH_LIKE_EMAIL = 'scrypt$32768$8$1$abc@halcyon-studios.example';

interface Entry {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('studio input that looks like a secret', () => {
  it('creates and renames a partner named like an API secret, invites an operator whose email looks like a hash, and audits them as typed', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const created = await studio(server, owner, 'POST', '/api/studio/partners', { name: SECRET_LIKE_NAME });
    expect(created.status, await created.clone().text()).toBe(201);
    const { partner, api_secret } = (await created.json()) as { partner: { id: string; name: string }; api_secret: string };
    expect(partner.name).toBe(SECRET_LIKE_NAME);
    const renamed = await studio(server, owner, 'PATCH', `/api/studio/partners/${partner.id}`, { name: 'scrypt$16384$8$1$salt$hash' });
    expect(renamed.status).toBe(200);
    const invited = await studio(server, owner, 'POST', '/api/studio/operators', { email: HASH_LIKE_EMAIL, role: 'viewer' });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const { initial_password } = (await invited.json()) as { initial_password: string };

    const trail = (await (await studio(server, owner, 'GET', '/api/studio/audit?kind=change&limit=100')).json()) as { items: Entry[] };
    const byAction = (action: string) => trail.items.find((e) => e.action === action);
    expect(byAction('partner.create')?.after).toMatchObject({ name: SECRET_LIKE_NAME });
    expect(byAction('partner.rename')).toMatchObject({ before: { name: SECRET_LIKE_NAME }, after: { name: 'scrypt$16384$8$1$salt$hash' } });
    expect(byAction('operator.invite')?.after).toEqual({ email: HASH_LIKE_EMAIL, role: 'viewer' });
    // The real secrets are nowhere in the trail.
    for (const secret of [api_secret, initial_password]) expect(JSON.stringify(trail)).not.toContain(secret);
  });

  it.each([
    ['an empty name', '/api/studio/partners', { name: '   ' }],
    ['a name with a control character', '/api/studio/partners', { name: 'a\u0000b' }],
    ['an email that is no email', '/api/studio/operators', { email: 'sk_not-an-email', role: 'viewer' }],
  ])('answers 400 for %s', async (_label, path, body) => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const res = await studio(server, owner, 'POST', path, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers a catalog file with more problems than a problem document holds with 400 and the first 100 (it hung past 100)', async () => {
    const server = await startServer();
    const editor = await operatorSession(server, 'editor');
    const item = catalogFile(1).series[0]!;
    // Every copy after the first repeats the series id and its episode ids: 3 problems each.
    const res = await studio(server, editor, 'POST', '/api/studio/catalog/imports', { series: Array.from({ length: 60 }, () => item) });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { code: string; detail: string; errors: unknown[] };
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toHaveLength(100);
    expect(problem.detail).toContain('at least 177 problems');
  });
});
