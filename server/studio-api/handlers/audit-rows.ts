/** Audit entries as the studio API answers them (in JSON and CSV): each with the names of its target and partner, read in one go per page. */
import type { AuditEntry, AuditTrail, Operators } from '../../store/index.js';

export interface AuditFilters {
  kind?: 'change' | 'security';
  actor?: string;
  partner_id?: string;
  action?: string;
  from?: string;
  to?: string;
  order?: 'newest' | 'oldest';
}

/** The audit query of the validated filters; an operator's email, as people know each other, stands for its `operator:<id>` (an unknown one matches nothing). */
export async function auditQuery(store: Pick<Operators, 'getOperatorByEmail'>, q: AuditFilters) {
  let actor = q.actor;
  if (actor?.includes('@') && !/^(operator|cli|address):/.test(actor)) {
    const operator = await store.getOperatorByEmail(actor.toLowerCase());
    actor = operator ? `operator:${operator.id}` : 'operator:none';
  }
  return { kind: q.kind, actor, partnerId: q.partner_id, action: q.action, from: q.from, to: q.to, order: q.order };
}

/** The contract's AuditEntry of each entry, names resolved by id (partners, series, operators) in three reads per page, not one per entry. */
export async function namedAuditEntries(store: Pick<AuditTrail, 'namesOf'>, entries: AuditEntry[]) {
  const of = (kind: string) => entries.filter((e) => e.targetKind === kind).map((e) => e.targetId);
  const partnerIds = entries.flatMap((e) => (e.partnerId ? [e.partnerId] : []));
  const names = await store.namesOf({ partners: [...of('partner'), ...partnerIds], series: of('series'), operators: of('operator') });
  const targetName = (e: AuditEntry) =>
    (e.targetKind === 'partner' ? names.partners : e.targetKind === 'series' ? names.series : e.targetKind === 'operator' ? names.operators : undefined)?.get(e.targetId) ?? null;
  return entries.map((e) => ({
    id: Number(e.id),
    at: e.at,
    kind: e.kind,
    actor: e.actor,
    actor_email: e.actorEmail,
    action: e.action,
    target_kind: e.targetKind,
    target_id: e.targetId,
    target_name: targetName(e),
    partner_id: e.partnerId,
    partner_name: (e.partnerId && names.partners.get(e.partnerId)) ?? null,
    before: e.before,
    after: e.after,
    address: e.address,
  }));
}

/** The CSV columns of the audit export, in the order of the contract's AuditEntry. */
export const AUDIT_CSV_COLUMNS = ['id', 'at', 'kind', 'actor', 'actor_email', 'action', 'target_kind', 'target_id', 'target_name', 'partner_id', 'partner_name', 'before', 'after', 'address'] as const;
