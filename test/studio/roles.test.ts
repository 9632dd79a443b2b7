/**
 * The role matrix: every studio operation that needs a session, called by an operator of each
 * role. A role below the operation's least role answers 403 forbidden before anything is read or
 * validated; any other role gets past the check (whatever the answer then is: these requests name
 * things that need not exist).
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '../../server/contract/load.js';
import { loadStudioContract, ROLES } from '../../server/contract/studio.js';
import { startServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';

/** Each operation's least role: viewer reads everything, editor changes grants and imports, owner manages credentials and operators. */
const LEAST_ROLE: Record<string, Role> = {
  getSession: 'viewer',
  signOut: 'viewer',
  listPartners: 'viewer',
  getPartner: 'viewer',
  listPartnerGrants: 'viewer',
  listStudioSeries: 'viewer',
  listSeriesGrants: 'viewer',
  listStudioEpisodes: 'viewer',
  getImportJob: 'viewer',
  listImportJobs: 'viewer',
  getGrantJob: 'viewer',
  getPartnerUsage: 'viewer',
  getUsageOverview: 'viewer',
  listAuditEntries: 'viewer',
  exportAuditEntries: 'viewer',
  exportPartnerUsage: 'viewer',
  listOperators: 'viewer',
  setPartnerGrants: 'editor',
  changePartnerGrants: 'editor',
  revokePartnerGrants: 'editor',
  importCatalog: 'editor',
  previewCatalogImport: 'editor',
  previewGrantJob: 'editor',
  startGrantJob: 'editor',
  createPartner: 'owner',
  renamePartner: 'owner',
  disablePartner: 'owner',
  enablePartner: 'owner',
  regeneratePartnerSecret: 'owner',
  rollPartnerSecret: 'owner',
  inviteOperator: 'owner',
  updateOperator: 'owner',
  createPasswordResetLink: 'owner',
  resetOperatorMfa: 'owner',
  changePassword: 'viewer',
  startTotpEnrolment: 'viewer',
  confirmTotpEnrolment: 'viewer',
  disableTotp: 'viewer',
  regenerateRecoveryCodes: 'viewer',
  listMySessions: 'viewer',
  signOutEverywhere: 'viewer',
  endMySession: 'viewer',
  listWebhookEndpoints: 'viewer',
  getWebhookEndpoint: 'viewer',
  listPartnerWebhookDeliveries: 'viewer',
  createWebhookEndpoint: 'owner',
  updateWebhookEndpoint: 'owner',
  deleteWebhookEndpoint: 'owner',
  disableWebhookEndpoint: 'owner',
  enableWebhookEndpoint: 'owner',
  rollWebhookSecret: 'owner',
};

const SAMPLE_PATH_VALUES: Record<string, string> = {
  partner_id: 'ptn_0000000000',
  series_id: 'ser_0000000000',
  operator_id: 'op_0000000000',
  job_id: 'imp_0000000000000000',
  session_id: 'ses_0000000000000000000000',
  endpoint_id: 'whe_00000000000',
};

const SAMPLE_BODIES: Record<string, unknown> = {
  createPartner: { name: 'Matrix Partner' },
  renamePartner: { name: 'Renamed' },
  rollPartnerSecret: { expires_in_hours: 24 },
  createWebhookEndpoint: { url: 'https://93.184.215.14/hooks', event_types: ['series.granted'] },
  updateWebhookEndpoint: { description: 'Matrix' },
  rollWebhookSecret: { expires_in_hours: 1 },
  setPartnerGrants: { items: [{ series_id: 'ser_0000000000', grants: ['read'] }] },
  changePartnerGrants: { items: [{ series_id: 'ser_0000000000', add: ['read'] }] },
  importCatalog: { series: [{}] },
  previewCatalogImport: { series: [{}] },
  previewGrantJob: { copy_from: 'ptn_0000000001', mode: 'merge' },
  startGrantJob: { copy_from: 'ptn_0000000001', mode: 'merge' },
  inviteOperator: { email: 'matrix@halcyon-studios.example', role: 'viewer' },
  updateOperator: { role: 'viewer' },
  changePassword: { current_password: 'not-the-password', new_password: 'a long enough new password' },
  confirmTotpEnrolment: { code: '000000' },
  disableTotp: { password: 'not-the-password' },
  regenerateRecoveryCodes: { password: 'not-the-password' },
};

const SAMPLE_QUERIES: Record<string, string> = {
  getPartnerUsage: '?from=2026-11-01&to=2026-11-02',
  exportPartnerUsage: '?from=2026-11-01&to=2026-11-02',
  getUsageOverview: '?from=2026-11-01&to=2026-11-02',
};

const contract = loadStudioContract();
const sessionOperations = contract.operations.filter((op) => op.role !== undefined);

describe('studio roles', () => {
  it('the contract declares each operation\'s least role as this table says, and every session operation is in it', () => {
    expect(Object.fromEntries(sessionOperations.map((op) => [op.operationId, op.role]))).toEqual(LEAST_ROLE);
  });

  it('enforces x-required-role for every operation and role (signing out last, as it ends the session)', async () => {
    const server = await startServer();
    const sessions = {} as Record<Role, SignedIn>;
    for (const role of ROLES) sessions[role] = await operatorSession(server, role);
    const last = (op: { operationId: string }) => Number(['signOut', 'signOutEverywhere'].includes(op.operationId));
    const ordered = [...sessionOperations].sort((a, b) => last(a) - last(b));
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const op of ordered) {
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_PATH_VALUES[name]!) + (SAMPLE_QUERIES[op.operationId] ?? '');
      for (const role of ROLES) {
        const res = await studio(server, sessions[role], op.method, path, SAMPLE_BODIES[op.operationId]);
        // A CSV export answers text, not JSON.
        const body = res.status === 204 || !res.headers.get('content-type')?.includes('json') ? (await res.text(), undefined) : ((await res.json()) as { code?: string });
        const allowed = ROLES.indexOf(role) >= ROLES.indexOf(op.role!);
        outcomes.push(`${op.operationId} ${role}: ${res.status === 403 ? `403 ${body?.code}` : 'allowed'}`);
        expected.push(`${op.operationId} ${role}: ${allowed ? 'allowed' : '403 forbidden'}`);
      }
    }
    expect(outcomes).toEqual(expected);
    // Every session operation for every role, some hashing a password: minutes on a loaded machine.
  }, 120_000);
});
