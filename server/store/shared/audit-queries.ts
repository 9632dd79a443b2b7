/** The audit trail and import jobs, dialect-neutral: entries appended, read newest first by id with keyset cursors. */
import type { Kysely, Selectable } from 'kysely';
import { queryFingerprint, type CursorCodec } from '../cursor.js';
import { isoInstant, num } from './mapping.js';
import { pageOf } from './paging.js';
import type { AuditLogTable, Database, ImportJobTable } from './schema.js';
import type { AuditEntry, AuditEntryInput, AuditQuery, AuditTargetKind, AuditValue, ImportJob, ImportJobState } from '../studio-types.js';
import type { Page } from '../types.js';

function auditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: num(row.id),
    at: row.at,
    actor: row.actor,
    actorEmail: row.actor_email,
    action: row.action,
    targetKind: row.target_kind as AuditTargetKind,
    targetId: row.target_id,
    partnerId: row.partner_id,
    before: JSON.parse(row.before_json) as AuditValue,
    after: JSON.parse(row.after_json) as AuditValue,
  };
}

/** Appends one entry (call inside the change's transaction). */
export async function appendAudit(db: Kysely<Database>, e: AuditEntryInput): Promise<AuditEntry> {
  const row = await db
    .insertInto('audit_log')
    .values({
      at: isoInstant(e.at), actor: e.actor, actor_email: e.actorEmail, action: e.action, target_kind: e.targetKind,
      target_id: e.targetId, partner_id: e.partnerId, before_json: JSON.stringify(e.before), after_json: JSON.stringify(e.after),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return auditEntry(row);
}

/** One page of entries, newest first, matching every filter given. */
export async function listAudit(db: Kysely<Database>, q: AuditQuery, cursors: CursorCodec): Promise<Page<AuditEntry>> {
  const filters = { actor: q.actor, partner: q.partnerId, action: q.action, from: q.from && isoInstant(q.from), to: q.to && isoInstant(q.to) };
  const fp = queryFingerprint('audit', filters);
  let query = db.selectFrom('audit_log').selectAll();
  if (filters.actor !== undefined) query = query.where('actor', '=', filters.actor);
  if (filters.partner !== undefined) query = query.where('partner_id', '=', filters.partner);
  if (filters.action !== undefined) query = query.where('action', '=', filters.action);
  if (filters.from !== undefined) query = query.where('at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('at', '<', filters.to);
  if (q.cursor !== undefined) query = query.where('id', '<', cursors.decode(q.cursor, fp, ['number'])[0] as number);
  const rows = await query.orderBy('id', 'desc').limit(q.limit + 1).execute();
  return pageOf(rows, q.limit, auditEntry, (last) => cursors.encode(fp, [num(last.id)]));
}

function jobRow(j: ImportJob): ImportJobTable {
  return {
    id: j.id, state: j.state, actor: j.actor, series_total: j.seriesTotal, series_done: j.seriesDone, series_changed: j.seriesChanged,
    series_unchanged: j.seriesUnchanged, episodes_changed: j.episodesChanged, error: j.error, created_at: isoInstant(j.createdAt), updated_at: isoInstant(j.updatedAt),
  };
}

export async function createImportJob(db: Kysely<Database>, job: ImportJob): Promise<void> {
  await db.insertInto('import_jobs').values(jobRow(job)).execute();
}

export async function updateImportJob(db: Kysely<Database>, job: ImportJob): Promise<void> {
  const { id, ...rest } = jobRow(job);
  await db.updateTable('import_jobs').set(rest).where('id', '=', id).execute();
}

export async function getImportJob(db: Kysely<Database>, id: string): Promise<ImportJob | undefined> {
  const r = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      id: r.id, state: r.state as ImportJobState, actor: r.actor, seriesTotal: num(r.series_total), seriesDone: num(r.series_done),
      seriesChanged: num(r.series_changed), seriesUnchanged: num(r.series_unchanged), episodesChanged: num(r.episodes_changed),
      error: r.error, createdAt: r.created_at, updatedAt: r.updated_at,
    }
  );
}
