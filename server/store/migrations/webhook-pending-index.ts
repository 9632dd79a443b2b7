/**
 * Both engines: the pending deliveries of each endpoint by event, so the claim finds an endpoint's
 * earliest pending delivery with one index seek instead of walking every delivery it ever had
 * (server/store/shared/webhook-outbox.ts; docs/performance.md#webhook-claim). Partial: delivered
 * and failed rows, most of the table, are not in it. Only adds an index.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const webhookPendingIndexMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('webhook_deliveries_pending').on('webhook_deliveries').columns(['endpoint_id', 'event_seq']).where(sql.ref('status'), '=', 'pending').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_pending').ifExists().execute();
  },
};
