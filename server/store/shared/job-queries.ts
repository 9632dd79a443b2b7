/**
 * Jobs (catalog imports and bulk grant changes), dialect-neutral, as the ImportJobs door both
 * engines assemble (jobQueries()): one row per job, rewritten after every batch; listed by kind,
 * newest first, with keyset cursors on (created_at, id).
 */
import type { Selectable } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import type { ImportJobs } from '../interfaces.js';
import type { ImportJob, ImportJobState, JobKind } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { isoInstant, num } from './mapping.js';
import { pageOf } from './paging.js';
import type { ImportJobTable } from './schema.js';

function jobRow(j: ImportJob): ImportJobTable {
  return {
    id: j.id, kind: j.kind, state: j.state, partner_id: j.partnerId, actor: j.actor, series_total: j.seriesTotal, series_done: j.seriesDone,
    series_changed: j.seriesChanged, series_unchanged: j.seriesUnchanged, episodes_changed: j.episodesChanged, error: j.error,
    created_at: isoInstant(j.createdAt), updated_at: isoInstant(j.updatedAt),
  };
}

function job(r: Selectable<ImportJobTable>): ImportJob {
  return {
    id: r.id, kind: r.kind as JobKind, state: r.state as ImportJobState, partnerId: r.partner_id, actor: r.actor, seriesTotal: num(r.series_total),
    seriesDone: num(r.series_done), seriesChanged: num(r.series_changed), seriesUnchanged: num(r.series_unchanged), episodesChanged: num(r.episodes_changed),
    error: r.error, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

export function jobQueries(core: StoreCore): ImportJobs {
  const { db } = core;
  return {
    createImportJob: (j) =>
      core.guard(async () => {
        await db.insertInto('import_jobs').values(jobRow(j)).execute();
      }),
    updateImportJob: (j) =>
      core.guard(async () => {
        const { id, ...rest } = jobRow(j);
        await db.updateTable('import_jobs').set(rest).where('id', '=', id).execute();
      }),
    getImportJob: (id) =>
      core.guard(async () => {
        const r = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
        return r && job(r);
      }),
    /** One page of one kind's jobs, newest first (ties by id, descending). */
    listImportJobs: (q) =>
      core.paged(q, async () => {
        const fp = queryFingerprint('jobs', { kind: q.kind });
        let query = db.selectFrom('import_jobs').selectAll().where('kind', '=', q.kind);
        if (q.cursor !== undefined) {
          const [at, id] = core.cursors.decode(q.cursor, fp, ['string', 'string']) as [string, string];
          query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
        }
        const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit + 1).execute();
        return pageOf(rows, q.limit, job, (last) => core.cursors.encode(fp, [last.created_at, last.id]));
      }),
  };
}
