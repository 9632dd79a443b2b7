/**
 * The audit trail: who changed what, when, from what to what. Append-only (the store offers no
 * update or delete of entries). Every service change writes its entry in the transaction that
 * makes the change; record() is also the writer for changes made elsewhere (operators).
 * Secrets never enter it, by construction: an entry's before and after hold only the fields of
 * AuditFields, a closed set none of which is a credential, so no secret can be written there
 * whatever people type. What people type (a partner's name, an operator's email) is stored as
 * typed, even when it looks like a secret (`sk_…`, `scrypt$…`): names and emails are not secrets,
 * and refusing them answered 500. record() still refuses a credential-named key, which only a
 * programming mistake (a cast around AuditFields) could bring.
 */
import type { AuditEntry, AuditQuery, AuditTargetKind, AuditTrail, AuditValue, Page, StoreTx, Transactions } from '../store/index.js';
import { actorKey, type Actor } from './context.js';

/** The actions services record; the studio helper's operator actions are listed here too. */
export const AUDIT_ACTIONS = [
  'partner.create',
  'partner.rename',
  'partner.disable',
  'partner.enable',
  'partner.regenerate_secret',
  'partner.roll_secret',
  'grants.set',
  'grants.match',
  'grants.copy',
  'catalog.import',
  'operator.create',
  'operator.invite',
  'operator.role',
  'operator.disable',
  'operator.enable',
  'operator.identity_bind',
  'operator.identity_unbind',
  'operator.password_change',
  'operator.password_reset_link',
  'operator.password_reset',
  'operator.mfa_enable',
  'operator.mfa_disable',
  'operator.mfa_reset',
  'operator.recovery_codes',
  'webhook.create',
  'webhook.update',
  'webhook.disable',
  'webhook.enable',
  'webhook.delete',
  'webhook.roll_secret',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's before and after may hold: a closed set of fields, none of them a credential. */
export interface AuditFields {
  name?: string;
  email?: string;
  role?: string;
  disabled?: boolean;
  /** A partner's public API key (`pk_…`), never its secret. */
  api_key?: string;
  credential_version?: number;
  /** Until when a rolled secret's old credentials still work (never the secret). */
  old_credential_expires_at?: string;
  grants?: string[];
  /** An identity provider's account an operator is bound to (`iss`, `sub`): identifiers, not credentials. */
  issuer?: string;
  subject?: string;
  /** Operator accounts: a second factor on or off, how many recovery codes were made (never the codes), when a reset link expires (never the link). */
  mfa_enabled?: boolean;
  count?: number;
  expires_at?: string;
  state?: string;
  series_total?: number;
  series_done?: number;
  series_changed?: number;
  series_unchanged?: number;
  episodes_changed?: number;
  /** A webhook endpoint: where it sends, which event types, why it is disabled (never its signing secret). */
  url?: string;
  event_types?: string[];
  reason?: string;
  /** A bulk grant job (services/grant-jobs.ts): its id, request and counts. */
  job_id?: string;
  match?: { q?: string; genre?: string; grant?: string };
  add?: string[];
  remove?: string[];
  copy_from?: string;
  mode?: string;
  series_matching?: number;
}

export interface AuditRecord {
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  partnerId?: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** Keys whose values are credentials or derived from them. */
const SECRET_KEY = /secret|password|passwd|hash|token|cookie|session|csrf|private/i;

/** Throws when value has a credential-named key (a programming mistake: see the module comment); values are never judged by their content. */
export function assertNoSecret(value: AuditValue, path = ''): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertNoSecret(v, `${path}[${i}]`));
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) throw new Error(`audit entry refused: ${path}${key} is a credential field`);
    assertNoSecret(v, `${path}${key}.`);
  }
}

/** Writes one entry, in tx when given (the change's own transaction), else on its own. */
export async function record(target: Transactions | Pick<StoreTx, 'appendAudit'>, actor: Actor, now: string, entry: AuditRecord): Promise<AuditEntry> {
  // AuditFields has no index signature; its values are all AuditValues.
  const before = entry.before as AuditValue;
  const after = entry.after as AuditValue;
  assertNoSecret(before);
  assertNoSecret(after);
  const input = {
    at: now,
    kind: 'change' as const,
    address: null,
    actor: actorKey(actor),
    actorEmail: actor.kind === 'operator' ? actor.email : null,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    partnerId: entry.partnerId ?? (entry.targetKind === 'partner' ? entry.targetId : null),
    before,
    after,
  };
  if ('appendAudit' in target) return target.appendAudit(input);
  return target.transact((tx) => tx.appendAudit(input));
}

/** One page of entries, newest (or oldest) first, filtered by actor (`cli:<user>` / `operator:<id>`), partner, action and time range. */
export async function listAudit(store: AuditTrail, query: AuditQuery): Promise<Page<AuditEntry> & { total: number | null }> {
  return store.listAudit(query);
}
