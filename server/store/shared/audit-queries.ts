/**
 * The audit trail and import jobs, dialect-neutral, as the doors both engines assemble
 * (auditTrail()): entries appended inside a change's transaction (shared/store-tx.ts), read
 * newest first by id with keyset cursors.
 */
import type { Kysely, Selectable } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import type { AuditTrail, ImportJobs } from '../interfaces.js';
import type { AuditEntry, AuditEntryInput, AuditKind, AuditTargetKind, AuditValue, ImportJob, ImportJobState } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { isoInstant, num } from './mapping.js';
import { pageOf } from './paging.js';
import type { AuditLogTable, Database, ImportJobTable } from './schema.js';

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

function jobRow(j: ImportJob): ImportJobTable {
  return {
    id: j.id, state: j.state, actor: j.actor, series_total: j.seriesTotal, series_done: j.seriesDone, series_changed: j.seriesChanged,
    series_unchanged: j.seriesUnchanged, episodes_changed: j.episodesChanged, error: j.error, created_at: isoInstant(j.createdAt), updated_at: isoInstant(j.updatedAt),
  };
}

export function auditTrail(core: StoreCore): AuditTrail & ImportJobs {
  const { db } = core;
  return {
    /** One page of entries, newest first, matching every filter given. */
    listAudit: (q) =>
      core.paged(q, async () => {
        const filters = { kind: q.kind, actor: q.actor, partner: q.partnerId, action: q.action, from: q.from && isoInstant(q.from), to: q.to && isoInstant(q.to) };
        const fp = queryFingerprint('audit', filters);
        let query = db.selectFrom('audit_log').selectAll();
        if (filters.kind !== undefined) query = query.where('kind', '=', filters.kind);
        if (filters.actor !== undefined) query = query.where('actor', '=', filters.actor);
        if (filters.partner !== undefined) query = query.where('partner_id', '=', filters.partner);
        if (filters.action !== undefined) query = query.where('action', '=', filters.action);
        if (filters.from !== undefined) query = query.where('at', '>=', filters.from);
        if (filters.to !== undefined) query = query.where('at', '<', filters.to);
        if (q.cursor !== undefined) query = query.where('id', '<', core.cursors.decode(q.cursor, fp, ['number'])[0] as number);
        const rows = await query.orderBy('id', 'desc').limit(q.limit + 1).execute();
        return pageOf(rows, q.limit, auditEntry, (last) => core.cursors.encode(fp, [num(last.id)]));
      }),
    createImportJob: (job) =>
      core.guard(async () => {
        await db.insertInto('import_jobs').values(jobRow(job)).execute();
      }),
    updateImportJob: (job) =>
      core.guard(async () => {
        const { id, ...rest } = jobRow(job);
        await db.updateTable('import_jobs').set(rest).where('id', '=', id).execute();
      }),
    getImportJob: (id) =>
      core.guard(async () => {
        const r = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
        return (
          r && {
            id: r.id, state: r.state as ImportJobState, actor: r.actor, seriesTotal: num(r.series_total), seriesDone: num(r.series_done),
            seriesChanged: num(r.series_changed), seriesUnchanged: num(r.series_unchanged), episodesChanged: num(r.episodes_changed),
            error: r.error, createdAt: r.created_at, updatedAt: r.updated_at,
          }
        );
      }),
  };
}
