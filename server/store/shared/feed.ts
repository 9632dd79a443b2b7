/**
 * Reading the change feed, dialect-neutral: the ChangeFeed and ChangeFeedUpkeep doors both engines
 * assemble. A cursor signs [seq, instant] for its partner: the seq of the last event served (or the
 * latest at the time, when it starts "now"), and the instant from which nothing after that seq can
 * have been swept yet (the last event's time while more are waiting, the read's time once caught
 * up). A cursor whose instant is older than retention may have lost events: ExpiredCursorError.
 */
import { queryFingerprint } from '../cursor.js';
import { ExpiredCursorError } from '../errors.js';
import type { ChangeEvent, ChangeFeed, ChangeFeedUpkeep, ChangesQuery } from '../events-records.js';
import type { StoreCore } from './core.js';
import { appendDueExpiries } from './events.js';
import { isoInstant, num } from './mapping.js';

function feedFingerprint(partnerId: string): string {
  return queryFingerprint('changes', { partner: partnerId });
}

export function changeFeed(core: StoreCore): ChangeFeed & ChangeFeedUpkeep {
  const { db } = core;
  const latestSeq = async (partnerId: string): Promise<number> => {
    const row = await db.selectFrom('partner_events').select((eb) => eb.fn.max('seq').as('seq')).where('partner_id', '=', partnerId).executeTakeFirst();
    return row?.seq == null ? 0 : num(row.seq);
  };
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
    changesCursor: (partnerId, now) => core.guard(async () => cursorAt(partnerId, await latestSeq(partnerId), now)),

    listChanges: (query: ChangesQuery) =>
      core.paged(query, async () => {
        const { partnerId, now, retainedSince } = query;
        let after: number;
        if (query.cursor === undefined) after = await latestSeq(partnerId);
        else {
          const [seq, at] = core.cursors.decode(query.cursor, feedFingerprint(partnerId), ['number', 'string']) as [number, string];
          if (at < isoInstant(retainedSince)) throw new ExpiredCursorError();
          after = seq;
        }
        await writeDueExpiry(partnerId, now, retainedSince);
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
        const nextCursor = cursorAt(partnerId, last ? num(last.seq) : after, more && last ? last.occurred_at : now);
        return { events: kept.map((r) => JSON.parse(r.data) as ChangeEvent), nextCursor };
      }),

    sweepEvents: (now, retainedSince) =>
      core.guard(
        () =>
          core.writeTransaction(async (trx) => {
            const written = await appendDueExpiries(trx, now, retainedSince);
            const result = await trx.deleteFrom('partner_events').where('occurred_at', '<', isoInstant(retainedSince)).executeTakeFirst();
            return { written, deleted: Number(result.numDeletedRows) };
          }),
        false,
      ),
  };
}
