/**
 * Both engines: the Idempotency-Key of a studio change (createPartner) and what it created, so a
 * request sent twice (a double click, a retry after a lost answer) creates one partner. Only adds
 * a table: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const idempotencyKeysMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('result_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').ifExists().execute();
  },
};
