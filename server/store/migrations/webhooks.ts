/**
 * Both engines: webhook endpoints (per partner, with the event types each wants), and the
 * deliveries outbox filled from partner_events (docs/decisions/0114-webhook-outbox.md). A delivery
 * is one (endpoint, event) pair, unique, so filling the outbox again never sends an event twice;
 * claimed_until is the lease of the instance delivering it. Only adds tables: servers of the
 * previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_expires_at', 'text')
      // Events up to this seq (those before the endpoint existed) are never delivered to it.
      .addColumn('after_seq', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_partner').on('webhook_endpoints').columns(['partner_id', 'id']).execute();
    await db.schema
      .createTable('webhook_subscriptions')
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_subscriptions_pk', ['endpoint_id', 'event_type'])
      .execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('event_seq', 'integer', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('partner_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // pending (to send or retry), delivered, failed (given up after the retry period).
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .addPrimaryKeyConstraint('webhook_deliveries_pk', ['endpoint_id', 'event_seq'])
      .addUniqueConstraint('webhook_deliveries_event', ['endpoint_id', 'event_id'])
      .execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_deliveries_partner').on('webhook_deliveries').columns(['partner_id', 'event_seq']).execute();
    // How far the outbox has been filled from partner_events (one row).
    await db.schema.createTable('webhook_fanout').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('last_seq', 'integer', (c) => c.notNull()).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['webhook_fanout', 'webhook_deliveries', 'webhook_subscriptions', 'webhook_endpoints']) await db.schema.dropTable(table).ifExists().execute();
  },
};
