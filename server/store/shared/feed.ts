/**
 * Reading the change feed, dialect-neutral: the ChangeFeed and ChangeFeedUpkeep doors both engines
 * assemble. A cursor signs [seq, instant] for its partner: the feed's position (the last event
 * served, or, once caught up or starting "now", the latest seq of anyone's, read before the page)
 * and the instant it stands for (the last event's while more wait, else the read's).
 *
 * Expired: the sweep deletes events older than retention and records the highest seq it deleted
 * (settings `change_feed_swept_seq`). A cursor is refused (ExpiredCursorError) only when both its
 * instant is older than retention and events after its seq were deleted, so a quiet feed's cursor,
 * or a catalog page's changes_cursor served from the response cache (never served after any event
 * is written: events bump the content version), is not refused when nothing after it was lost.
 */
import type { Kysely } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import { ExpiredCursorError } from '../errors.js';
import type { ChangeEvent, ChangeFeed, ChangeFeedUpkeep, ChangesQuery } from '../events-records.js';
import type { StoreCore } from './core.js';
import { appendDueExpiries } from './events.js';
import { isoInstant, num } from './mapping.js';
import type { Database } from './schema.js';

const SWEPT = 'change_feed_swept_seq';

function feedFingerprint(partnerId: string): string {
  return queryFingerprint('changes', { partner: partnerId });
}

/** The highest seq the sweep has deleted; 0 before any. */
async function sweptThrough(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SWEPT).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * The latest seq written by anyone (deleted ones included): everything written later has a higher
 * one. One statement (every uncached catalog page reads it): the index's last key and the mark.
 */
async function latestSeq(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('partner_events').select((e) => e.fn.max('seq').as('seq')).as('seq'),
      eb.selectFrom('settings').select('value').where('key', '=', SWEPT).as('swept'),
    ])
    .executeTakeFirst();
  return Math.max(row?.seq == null ? 0 : num(row.seq), row?.swept == null ? 0 : Number(row.swept));
}

export function changeFeed(core: StoreCore): ChangeFeed & ChangeFeedUpkeep {
  const { db } = core;
  const cursorAt = (partnerId: string, seq: number, at: string) => core.cursors.encode(feedFingerprint(partnerId), [seq, isoInstant(at)]);

  /** A roll's expiry is written lazily too, when its partner reads the feed, so the partner never waits for the sweep. */
  const writeDueExpiry = async (partnerId: string, now: string, retainedSince: string): Promise<void> => {
    const due = await db
      .selectFrom('partners')
      .select('id')
      .where('id', '=', partnerId)
      .where('previous_secret_hash', 'is not', null)
      .where('previous_secret_expires_at', '<=', isoInstant(now))
      .where('previous_secret_expires_at', '>=', isoInstant(retainedSince))
      .executeTakeFirst();
    if (due) await core.writeTransaction((trx) => appendDueExpiries(trx, now, retainedSince, partnerId));
  };

  return {
    changesCursor: (partnerId, now) => core.guard(async () => cursorAt(partnerId, await latestSeq(db), now)),

    listChanges: (query: ChangesQuery) =>
      core.paged(query, async () => {
        const { partnerId, now, retainedSince } = query;
        let after: number | undefined;
        if (query.cursor !== undefined) {
          const [seq, at] = core.cursors.decode(query.cursor, feedFingerprint(partnerId), ['number', 'string']) as [number, string];
          if (at < isoInstant(retainedSince) && seq < (await sweptThrough(db))) throw new ExpiredCursorError();
          after = seq;
        }
        await writeDueExpiry(partnerId, now, retainedSince);
        // Read before the page: anything committed after this read has a higher seq than it.
        const latest = await latestSeq(db);
        if (after === undefined) return { events: [], nextCursor: cursorAt(partnerId, latest, now) };
        const rows = await db
          .selectFrom('partner_events')
          .select(['seq', 'occurred_at', 'data'])
          .where('partner_id', '=', partnerId)
          .where('seq', '>', after)
          .orderBy('seq')
          .limit(query.limit + 1)
          .execute();
        const more = rows.length > query.limit;
        const kept = more ? rows.slice(0, query.limit) : rows;
        const last = kept[kept.length - 1];
        const nextCursor = more && last ? cursorAt(partnerId, num(last.seq), last.occurred_at) : cursorAt(partnerId, Math.max(after, last ? num(last.seq) : 0, latest), now);
        return { events: kept.map((r) => JSON.parse(r.data) as ChangeEvent), nextCursor };
      }),

    sweepEvents: (now, retainedSince) =>
      core.guard(
        () =>
          core.writeTransaction(async (trx) => {
            const written = await appendDueExpiries(trx, now, retainedSince);
            const before = isoInstant(retainedSince);
            const gone = await trx.selectFrom('partner_events').select((eb) => eb.fn.max('seq').as('seq')).where('occurred_at', '<', before).executeTakeFirst();
            if (gone?.seq == null) return { written, deleted: 0 };
            const result = await trx.deleteFrom('partner_events').where('occurred_at', '<', before).executeTakeFirst();
            const swept = String(Math.max(num(gone.seq), await sweptThrough(trx)));
            await trx.insertInto('settings').values({ key: SWEPT, value: swept }).onConflict((oc) => oc.column('key').doUpdateSet({ value: swept })).execute();
            return { written, deleted: Number(result.numDeletedRows) };
          }),
        false,
      ),
  };
}
