/**
 * The audit trail: who changed what, when, from what to what. Append-only (the store offers no
 * update or delete of entries). Every service change writes its entry in the transaction that
 * makes the change; record() is also the writer for changes made elsewhere (operators).
 * Secrets never enter it: entries carry chosen fields only, and record() refuses any value whose
 * key or content looks like a credential, so a mistake fails loudly instead of leaking.
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
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  partnerId?: string | null;
  before: AuditValue;
  after: AuditValue;
}

/** Keys whose values are credentials or derived from them. */
const SECRET_KEY = /secret|password|passwd|hash|token|cookie|session|csrf|private/i;
/** Values shaped like a partner API secret (`sk_`) or a password hash. */
const SECRET_VALUE = /^(sk_[A-Za-z0-9_-]{20,}|scrypt\$|\$argon2)/;

/** Throws when value holds anything that looks like a secret (see the module comment). */
export function assertNoSecret(value: AuditValue, path = ''): void {
  if (typeof value === 'string') {
    if (SECRET_VALUE.test(value)) throw new Error(`audit entry refused: ${path || 'value'} looks like a secret`);
    return;
  }
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
export async function record(target: Transactions | StoreTx, actor: Actor, now: string, entry: AuditRecord): Promise<AuditEntry> {
  assertNoSecret(entry.before);
  assertNoSecret(entry.after);
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
    before: entry.before,
    after: entry.after,
  };
  if ('appendAudit' in target) return target.appendAudit(input);
  return target.transact((tx) => tx.appendAudit(input));
}

/** One page of entries, newest first, filtered by actor (`cli:<user>` / `operator:<id>`), partner, action and time range. */
export async function listAudit(store: AuditTrail, query: AuditQuery): Promise<Page<AuditEntry>> {
  return store.listAudit(query);
}
