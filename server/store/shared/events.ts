/**
 * Writing the change feed, dialect-neutral (docs/decisions, "change feed"): every change that
 * concerns partners appends its events inside the transaction that makes it, one row per partner
 * concerned. Series events fan out, set-based, to the partners holding a grant on the series at
 * that moment (one INSERT … SELECT from partner_grants per 500 events), so a partner never sees an
 * event about a series it did not hold, and a series nobody holds costs nothing.
 *
 * Order: `seq` is the feed's order and its cursors' position, so events must become visible in
 * `seq` order, or a reader could step past a seq that commits later. SQLite writes one transaction
 * at a time; on PostgreSQL every appending transaction first bumps the content version (taking its
 * row's lock) and holds it until it commits, so seqs are drawn and committed in one order. The bump
 * also means a response cached before an event (a catalog page's changes_cursor) is never served
 * after it (shared/feed.ts relies on that).
 */
import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { EventType } from '../events-records.js';
import { batches, ROWS_PER_STATEMENT } from './batches.js';
import { isoInstant } from './mapping.js';
import { bumpContentVersion } from './partners.js';
import type { Database } from './schema.js';

/** An event before its id and partners: the fields beyond id, type and occurred_at, as the partner reads them. */
export interface NewEvent {
  type: EventType;
  seriesId: string | null;
  fields?: Record<string, unknown>;
}

/**
 * The first 12 hex digits of the ids of events occurring at `at`: its milliseconds. Ids made later
 * sort later, so the unique index on id grows at its end instead of at random pages (with millions
 * of rows and a small page cache, random inserts cost a read each).
 */
function idPrefix(at: string): string {
  return Date.parse(at).toString(16).padStart(12, '0');
}

/** A new event id: `evt_`, the time prefix and 80 random bits, 32 hex digits in all, as eventIdSql makes them. */
export function newEventId(at: string): string {
  return `evt_${idPrefix(at)}${randomBytes(10).toString('hex')}`;
}

/** The same id, made by the database for each row of a fan-out. */
function eventIdSql(db: Kysely<Database>, at: string): RawBuilder<string> {
  const prefix = `evt_${idPrefix(at)}`;
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`${prefix} || substr(replace(cast(gen_random_uuid() as text), '-', ''), 1, 20)`
    : sql<string>`${prefix} || lower(hex(randomblob(10)))`;
}

/** Takes the feed's order lock until the transaction ends, bumping the content version (see the header). */
export async function lockFeedOrder(db: Kysely<Database>): Promise<void> {
  await bumpContentVersion(db);
}

/** The event's JSON without its id and opening brace: the database prefixes `{"id":"…",`. */
function restOfData(event: NewEvent, at: string): string {
  const data: Record<string, unknown> = { type: event.type, occurred_at: at };
  if (event.seriesId !== null) data['series_id'] = event.seriesId;
  return JSON.stringify({ ...data, ...event.fields }).slice(1);
}

/** Appends events for one partner (grants, credentials), in order; call inside the change's transaction. */
export async function appendPartnerEvents(db: Kysely<Database>, partnerId: string, events: readonly NewEvent[], now: string): Promise<void> {
  if (events.length === 0) return;
  const at = isoInstant(now);
  await lockFeedOrder(db);
  const rows = events.map((e) => {
    const id = newEventId(at);
    return { id, partner_id: partnerId, type: e.type, occurred_at: at, series_id: e.seriesId, data: `{"id":"${id}",${restOfData(e, at)}` };
  });
  for (const group of batches(rows)) await db.insertInto('partner_events').values(group).execute();
}

/**
 * Appends series events (each with its seriesId) for every partner holding a grant on its series
 * now, in the order given and by partner id within one event; call inside the change's transaction.
 */
export async function appendSeriesEvents(db: Kysely<Database>, events: readonly NewEvent[], now: string): Promise<void> {
  if (events.length === 0) return;
  const at = isoInstant(now);
  await lockFeedOrder(db);
  const id = eventIdSql(db, at);
  for (const [offset, group] of batches(events).map((g, i) => [i * ROWS_PER_STATEMENT, g] as const)) {
    // VALUES' columns are column1… on both engines: the event's place, type, series and data.
    const values = sql.join(group.map((e, i) => sql`(${offset + i}, ${e.type}, ${e.seriesId}, ${restOfData(e, at)})`));
    await sql`
      insert into partner_events (id, partner_id, type, occurred_at, series_id, data)
      select x.id, x.partner_id, x.type, x.occurred_at, x.series_id, '{"id":"' || x.id || '",' || x.rest
      from (
        select ${id} as id, g.partner_id as partner_id, cast(e.column2 as text) as type, cast(${at} as text) as occurred_at,
          cast(e.column3 as text) as series_id, cast(e.column4 as text) as rest, cast(e.column1 as integer) as place
        from (values ${values}) as e
        join partner_grants g on g.series_id = cast(e.column3 as text)
      ) x
      order by x.place, x.partner_id`.execute(db);
  }
}

/**
 * Writes the secret.previous_expired event of every roll whose previous secret expired at or
 * before now (and within retention, so a swept one is not written again), once: of one partner, or
 * of all. Resolves with how many were written.
 */
export async function appendDueExpiries(db: Kysely<Database>, now: string, retainedSince: string, partnerId?: string): Promise<number> {
  let query = db
    .selectFrom('partners as p')
    .select(['p.id', 'p.previous_secret_expires_at'])
    .where('p.previous_secret_hash', 'is not', null)
    .where('p.previous_secret_expires_at', '<=', isoInstant(now))
    .where('p.previous_secret_expires_at', '>=', isoInstant(retainedSince))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('partner_events as e')
            .select('e.seq')
            .whereRef('e.partner_id', '=', 'p.id')
            .where('e.type', '=', 'secret.previous_expired')
            .whereRef('e.occurred_at', '=', 'p.previous_secret_expires_at'),
        ),
      ),
    );
  if (partnerId !== undefined) query = query.where('p.id', '=', partnerId);
  const due = await query.orderBy('p.id').execute();
  for (const row of due) {
    const at = row.previous_secret_expires_at!;
    await appendPartnerEvents(db, row.id, [{ type: 'secret.previous_expired', seriesId: null, fields: { secret_expires_at: at } }], at);
  }
  return due.length;
}
