/**
 * Usage counters, dialect-neutral, as the usage doors both engines assemble (usage()): one row per (partner, UTC day, operation, series), summed on
 * write with INSERT ... ON CONFLICT DO UPDATE, which SQLite and PostgreSQL spell the same way.
 * A batch applied before by its writer (usage_writers) is skipped, in the same transaction.
 */
import { sql, type Kysely } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import type { UsageReports, UsageWrites } from '../interfaces.js';
import type { UsageBatch, UsageCounts, UsageIncrement } from '../records.js';
import { batches } from './batches.js';
import type { StoreCore } from './core.js';
import { num } from './mapping.js';
import { pageOf } from './paging.js';
import type { Database, UsageCountTable } from './schema.js';

const COUNTERS = ['requests', 'stream_resolutions', 'errors', 'rate_limited'] as const;
/**
 * Writers not seen for this long are forgotten. A writer is one server process, which retries a
 * batch only while it lives and PostgreSQL or SQLite is unreachable: far shorter than this.
 */
const WRITER_RETENTION_MS = 30 * 86_400_000;

/**
 * Sums increments that share a key first: PostgreSQL refuses to update one row twice in a
 * single INSERT ... ON CONFLICT, and fewer rows is cheaper on SQLite too.
 */
function aggregate(increments: UsageIncrement[]): UsageCountTable[] {
  const byKey = new Map<string, UsageCountTable>();
  for (const inc of increments) {
    const seriesId = inc.seriesId ?? '';
    const key = JSON.stringify([inc.partnerId, inc.day, inc.operation, seriesId]);
    const row = byKey.get(key) ?? {
      partner_id: inc.partnerId, day: inc.day, operation: inc.operation, series_id: seriesId,
      requests: 0, stream_resolutions: 0, errors: 0, rate_limited: 0,
    };
    row.requests += inc.requests;
    row.stream_resolutions += inc.streamResolutions;
    row.errors += inc.errors;
    row.rate_limited += inc.rateLimited;
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/**
 * Records that the batch's writer reached its sequence; false when it had already (the batch was
 * applied before, and its writer did not hear so). Call in the transaction that applies the batch.
 */
async function claimBatch(db: Kysely<Database>, batch: UsageBatch): Promise<boolean> {
  const row = await db.selectFrom('usage_writers').select('last_sequence').where('writer_id', '=', batch.writer).executeTakeFirst();
  if (row && num(row.last_sequence) >= batch.sequence) return false;
  if (row) {
    await db.updateTable('usage_writers').set({ last_sequence: batch.sequence, updated_at: batch.now }).where('writer_id', '=', batch.writer).execute();
    return true;
  }
  // A writer's first batch: the moment to forget writers long gone (at most once per process).
  const cutoff = new Date(Date.parse(batch.now) - WRITER_RETENTION_MS).toISOString();
  await db.deleteFrom('usage_writers').where('updated_at', '<', cutoff).execute();
  await db.insertInto('usage_writers').values({ writer_id: batch.writer, last_sequence: batch.sequence, updated_at: batch.now }).execute();
  return true;
}

/** Adds the increments into the counters unless batch was applied before (call inside a transaction); true when added. */
async function addUsage(db: Kysely<Database>, increments: UsageIncrement[], batch?: UsageBatch): Promise<boolean> {
  if (batch && !(await claimBatch(db, batch))) return false;
  for (const rows of batches(aggregate(increments))) {
    await db
      .insertInto('usage_counts')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['partner_id', 'day', 'operation', 'series_id']).doUpdateSet((eb) => ({
          requests: eb('usage_counts.requests', '+', eb.ref('excluded.requests')),
          stream_resolutions: eb('usage_counts.stream_resolutions', '+', eb.ref('excluded.stream_resolutions')),
          errors: eb('usage_counts.errors', '+', eb.ref('excluded.errors')),
          rate_limited: eb('usage_counts.rate_limited', '+', eb.ref('excluded.rate_limited')),
        })),
      )
      .execute();
  }
  return true;
}

function counts(row: Record<(typeof COUNTERS)[number], unknown>): UsageCounts {
  return {
    requests: num(row.requests ?? 0),
    stream_resolutions: num(row.stream_resolutions ?? 0),
    errors: num(row.errors ?? 0),
    rate_limited: num(row.rate_limited ?? 0),
  };
}

const sums = COUNTERS.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(c));

/**
 * The usage doors both engines share. `arrange` orders a batch's increments before they are
 * written, for an engine whose concurrent writers must lock rows in one order.
 */
export function usage(core: StoreCore, arrange?: (increments: UsageIncrement[]) => UsageIncrement[]): UsageWrites & UsageReports {
  const { db } = core;
  return {
    async addUsage(increments, batch) {
      const rows = arrange ? arrange(increments) : increments;
      if (rows.length === 0) return true;
      return core.guard(() => core.writeTransaction((trx) => addUsage(trx, rows, batch)));
    },
    /**
     * One page of the partner's usage between two UTC days, grouped and ordered by key. Totals
     * cover all of the partner's usage in the range, whatever the grouping, and are repeated on
     * every page (so with group_by=series they include requests about no single series).
     */
    queryUsage: (q) =>
      core.paged(q, async () => {
        const fp = queryFingerprint('usage', { partner: q.partnerId, from: q.from, to: q.to, groupBy: q.groupBy });
        const after = q.cursor === undefined ? undefined : (core.cursors.decode(q.cursor, fp, ['string'])[0] as string);
        const keyColumn = q.groupBy === 'day' ? 'day' : q.groupBy === 'operation' ? 'operation' : 'series_id';

        const inRange = db.selectFrom('usage_counts').where('partner_id', '=', q.partnerId).where('day', '>=', q.from).where('day', '<=', q.to);
        const totalsRow = await inRange.select(sums).executeTakeFirstOrThrow();

        let rowsQuery = inRange.select([sql.ref<string>(keyColumn).as('key'), ...sums]).groupBy(keyColumn);
        if (keyColumn === 'series_id') rowsQuery = rowsQuery.where('series_id', '<>', '');
        if (after !== undefined) rowsQuery = rowsQuery.where(keyColumn, '>', after);
        const rows = await rowsQuery.orderBy(keyColumn).limit(q.limit + 1).execute();

        const page = pageOf(rows, q.limit, (r) => ({ key: r.key, ...counts(r) }), (last) => core.cursors.encode(fp, [last.key]));
        return { ...page, totals: counts(totalsRow) };
      }),
  };
}
