/**
 * Both engines: the partners' change feed (docs/decisions, "change feed"). One row per event per
 * partner that held a grant on the series when it happened (fanned out when written), so reading a
 * partner's feed is one index range and "only events about series it held" is exact. `seq` orders
 * the feed and is the cursor's position; `data` is the event exactly as the partner reads it.
 * Only adds a table: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export function partnerEventsMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema.createTable('partner_events');
      table = engine === 'sqlite' ? table.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('seq', 'bigserial', (c) => c.primaryKey());
      await table
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('partner_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('series_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      // A partner's page reads (partner_id, seq) after the cursor; the retention sweep reads by time.
      await db.schema.createIndex('partner_events_partner_seq_idx').on('partner_events').columns(['partner_id', 'seq']).execute();
      await db.schema.createIndex('partner_events_occurred_at_idx').on('partner_events').column('occurred_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('partner_events').ifExists().execute();
    },
  };
}
