/**
 * Both engines: the last usage batch each writer (one usage recorder, one per server process)
 * has applied, so a batch written again after a lost reply is recognised and skipped
 * (server/store/shared/usage-queries.ts). Only adds a table: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const usageWritersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('usage_writers')
      .addColumn('writer_id', 'text', (c) => c.primaryKey())
      .addColumn('last_sequence', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // Writers of processes long gone are deleted by age.
    await db.schema.createIndex('usage_writers_updated_at_idx').on('usage_writers').column('updated_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('usage_writers').ifExists().execute();
  },
};
