/**
 * Every studio operation without a session (401), and with the store failing (500, the cause only
 * in the log) or unavailable (503 with Retry-After), table-driven over the contract's operations.
 * The OpenID Connect operations are covered with a provider in test/studio/oidc.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadStudioContract } from '../../server/contract/studio.js';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const SAMPLE_PATH_VALUES: Record<string, string> = {
  partner_id: 'ptn_0000000000',
  series_id: 'ser_0000000000',
  operator_id: 'op_0000000000',
  job_id: 'imp_0000000000000000',
  session_id: 'ses_0000000000000000000000',
};
const SAMPLE_BODIES: Record<string, unknown> = {
  signIn: { email: 'someone@halcyon-studios.example', password: 'x' },
  createPartner: { name: 'Fault Partner' },
  renamePartner: { name: 'Renamed' },
  setPartnerGrants: { items: [{ series_id: 'ser_0000000000', grants: ['read'] }] },
  changePartnerGrants: { items: [{ series_id: 'ser_0000000000', add: ['read'] }] },
  importCatalog: { series: [{}] },
  previewCatalogImport: { series: [{}] },
  previewGrantJob: { copy_from: 'ptn_0000000001', mode: 'merge' },
  startGrantJob: { copy_from: 'ptn_0000000001', mode: 'merge' },
  inviteOperator: { email: 'fault@halcyon-studios.example', role: 'viewer' },
  updateOperator: { role: 'viewer' },
  changePassword: { current_password: 'not-the-password', new_password: 'a long enough new password' },
  confirmTotpEnrolment: { code: '000000' },
  disableTotp: { password: 'not-the-password' },
  regenerateRecoveryCodes: { password: 'not-the-password' },
  completePasswordReset: { token: 'A'.repeat(43), new_password: 'a long enough new password' },
};
const SAMPLE_QUERIES: Record<string, string> = { getPartnerUsage: '?from=2026-11-01&to=2026-11-02', exportPartnerUsage: '?from=2026-11-01&to=2026-11-02', getUsageOverview: '?from=2026-11-01&to=2026-11-02' };
const OIDC = new Set(['startOidcSignIn', 'completeOidcSignIn']);

const operations = loadStudioContract().operations.filter((op) => !OIDC.has(op.operationId));
const requestOf = (op: (typeof operations)[number]) => ({
  path: op.path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_PATH_VALUES[name]!) + (SAMPLE_QUERIES[op.operationId] ?? ''),
  body: SAMPLE_BODIES[op.operationId],
});

describe('studio operations and the store', () => {
  it('answer 401 without a session, for every operation that needs one', async () => {
    const server = await startServer();
    const outcomes = [];
    for (const op of operations.filter((o) => o.role !== undefined)) {
      const { path, body } = requestOf(op);
      const res = await studio(server, undefined, op.method, path, body);
      outcomes.push(`${op.operationId} ${res.status} ${((await res.json()) as { code: string }).code}`);
    }
    expect(outcomes).toEqual(operations.filter((o) => o.role !== undefined).map((o) => `${o.operationId} 401 unauthorized`));
  });

  it.each([
    ['error', 500, 'internal_error'],
    ['unavailable', 503, 'service_unavailable'],
  ] as const)('answer a store %s with %i for every operation', async (fault, status, code) => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    server.setFault(fault);
    const outcomes = [];
    for (const op of operations) {
      const { path, body } = requestOf(op);
      const res = await studio(server, owner, op.method, path, body);
      const problem = (await res.json()) as { code: string };
      outcomes.push(`${op.operationId} ${res.status} ${problem.code}${status === 503 ? ` retry-after:${res.headers.get('retry-after') !== null}` : ''}`);
    }
    expect(outcomes).toEqual(operations.map((o) => `${o.operationId} ${status} ${code}${status === 503 ? ' retry-after:true' : ''}`));
    if (fault === 'error') expect(server.logs()).not.toContain(owner.password);
  });

  it('refuses a sign-out without the CSRF token, and the session lives on', async () => {
    const server = await startServer();
    const viewer = await operatorSession(server, 'viewer');
    const res = await studio(server, viewer, 'DELETE', '/api/studio/session', undefined, { headers: { 'X-CSRF-Token': undefined } });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'csrf_rejected']);
    expect((await studio(server, viewer, 'GET', '/api/studio/session')).status).toBe(200);
  });
});

describe('studio request bodies', () => {
  it('refuses a body over its operation\'s x-max-body-bytes with 413, and reads none before the caller may call the operation', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const withBodies = loadStudioContract().operations.filter((op) => op.hasRequestBody);
    const outcomes = [];
    for (const op of withBodies) {
      const { path } = requestOf(op);
      const body = { padding: 'x'.repeat(op.maxBodyBytes!) };
      const res = await studio(server, op.role ? owner : undefined, op.method, path, body);
      outcomes.push(`${op.operationId} ${res.status} ${((await res.json()) as { code: string }).code}`);
    }
    expect(outcomes).toEqual(withBodies.map((o) => `${o.operationId} 413 payload_too_large`));
    const anonymous = await studio(server, undefined, 'POST', '/api/studio/catalog/imports', { padding: 'x'.repeat(100_000) });
    expect(anonymous.status).toBe(401);
  });
});
