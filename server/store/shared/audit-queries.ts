/**
 * The audit trail, dialect-neutral, as the doors both engines assemble
 * (auditTrail()): entries appended inside a change's transaction (shared/store-tx.ts), read
 * newest first by id with keyset cursors.
 */
import type { Kysely, Selectable } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import { AUDIT_MAX_PAGE } from '../records.js';
import type { AuditTrail } from '../interfaces.js';
import type { AuditEntry, AuditEntryInput, AuditKind, AuditTargetKind, AuditValue, Names } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { isoInstant, num } from './mapping.js';
import { pageOf } from './paging.js';
import type { AuditLogTable, Database } from './schema.js';

function auditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: num(row.id),
    at: row.at,
    kind: row.kind as AuditKind,
    actor: row.actor,
    actorEmail: row.actor_email,
    action: row.action,
    targetKind: row.target_kind as AuditTargetKind,
    targetId: row.target_id,
    partnerId: row.partner_id,
    before: JSON.parse(row.before_json) as AuditValue,
    after: JSON.parse(row.after_json) as AuditValue,
    address: row.address,
  };
}

/** Appends one entry (call inside the change's transaction). */
export async function appendAudit(db: Kysely<Database>, e: AuditEntryInput): Promise<AuditEntry> {
  const row = await db
    .insertInto('audit_log')
    .values({
      at: isoInstant(e.at), kind: e.kind, address: e.address, actor: e.actor, actor_email: e.actorEmail, action: e.action, target_kind: e.targetKind,
      target_id: e.targetId, partner_id: e.partnerId, before_json: JSON.stringify(e.before), after_json: JSON.stringify(e.after),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return auditEntry(row);
}

/** Distinct ids in chunks of 500, within every engine's limit of bound parameters. */
function chunks(ids: readonly string[] | undefined): string[][] {
  const distinct = [...new Set(ids ?? [])];
  const out: string[][] = [];
  for (let i = 0; i < distinct.length; i += 500) out.push(distinct.slice(i, i + 500));
  return out;
}

export function auditTrail(core: StoreCore): AuditTrail {
  const { db } = core;
  return {
    /** One page of entries, newest (or oldest) first, matching every filter given; how many match on a first page. */
    listAudit: (q) =>
      core.paged(q, async () => {
        const filters = { kind: q.kind, actor: q.actor, partner: q.partnerId, action: q.action, from: q.from && isoInstant(q.from), to: q.to && isoInstant(q.to) };
        const oldest = q.order === 'oldest';
        const fp = queryFingerprint('audit', { ...filters, ...(oldest ? { order: 'oldest' } : {}) });
        let query = db.selectFrom('audit_log');
        if (filters.kind !== undefined) query = query.where('kind', '=', filters.kind);
        if (filters.actor !== undefined) query = query.where('actor', '=', filters.actor);
        if (filters.partner !== undefined) query = query.where('partner_id', '=', filters.partner);
        if (filters.action !== undefined) query = query.where('action', '=', filters.action);
        if (filters.from !== undefined) query = query.where('at', '>=', filters.from);
        if (filters.to !== undefined) query = query.where('at', '<', filters.to);
        const counted = q.cursor === undefined ? await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() : undefined;
        if (q.cursor !== undefined) query = query.where('id', oldest ? '>' : '<', core.cursors.decode(q.cursor, fp, ['number'])[0] as number);
        const rows = await query.selectAll().orderBy('id', oldest ? 'asc' : 'desc').limit(q.limit + 1).execute();
        return { ...pageOf(rows, q.limit, auditEntry, (last) => core.cursors.encode(fp, [num(last.id)])), total: counted ? num(counted.n) : null };
      }, AUDIT_MAX_PAGE),
    namesOf: (ids) =>
      core.guard(async () => {
        const names: Names = { partners: new Map(), series: new Map(), operators: new Map() };
        for (const chunk of chunks(ids.partners)) for (const r of await db.selectFrom('partners').select(['id', 'name']).where('id', 'in', chunk).execute()) names.partners.set(r.id, r.name);
        for (const chunk of chunks(ids.series)) for (const r of await db.selectFrom('series').select(['id', 'title']).where('id', 'in', chunk).execute()) names.series.set(r.id, r.title);
        for (const chunk of chunks(ids.operators)) for (const r of await db.selectFrom('operators').select(['id', 'email']).where('id', 'in', chunk).execute()) names.operators.set(r.id, r.email);
        return names;
      }),
  };
}
