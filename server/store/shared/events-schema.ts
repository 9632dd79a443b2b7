/** The partner_events table (schema.ts's Database extends EventTables; kept apart so schema.ts stays under 250 lines). */
import type { Generated } from 'kysely';

/**
 * One event of one partner's change feed (migrations/partner-events.ts). `seq` is a bigint on
 * PostgreSQL (a string there); `data` is the event's JSON as the feed serves it.
 */
export interface PartnerEventTable {
  seq: Generated<number | string>;
  id: string;
  partner_id: string;
  type: string;
  occurred_at: string;
  series_id: string | null;
  data: string;
}

/** The tables of the change feed, as Database lists them. */
export interface EventTables {
  partner_events: PartnerEventTable;
}
