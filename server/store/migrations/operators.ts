/**
 * Both engines: the studio API's operators and their sessions (store/studio-records.ts). Only adds
 * tables: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const operatorsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('operators')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('studio_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    // Disabling an operator revokes its sessions by operator.
    await db.schema.createIndex('studio_sessions_operator_idx').on('studio_sessions').column('operator_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('studio_sessions').ifExists().execute();
    await db.schema.dropTable('operators').ifExists().execute();
  },
};
