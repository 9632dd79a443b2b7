/**
 * Both engines: what operators look after themselves (docs/decisions/0104-operator-accounts.md):
 * a second factor (TOTP secret, the last time step used, single-use recovery codes kept as
 * hashes), the last sign-in, each session's last use, address and browser, and password reset
 * links kept as hashes. Only adds columns and tables: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

const OPERATOR_COLUMNS = ['totp_secret', 'totp_pending_secret', 'last_sign_in_at'] as const;
const SESSION_COLUMNS = ['last_seen_at', 'address', 'user_agent'] as const;

export const operatorAccountsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const column of OPERATOR_COLUMNS) await db.schema.alterTable('operators').addColumn(column, 'text').execute();
    await db.schema.alterTable('operators').addColumn('totp_last_step', 'bigint').execute();
    for (const column of SESSION_COLUMNS) await db.schema.alterTable('studio_sessions').addColumn(column, 'text').execute();
    await db.schema
      .createTable('operator_recovery_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('operator_recovery_codes_operator_idx').on('operator_recovery_codes').column('operator_id').execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('password_resets_operator_idx').on('password_resets').column('operator_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('password_resets').ifExists().execute();
    await db.schema.dropTable('operator_recovery_codes').ifExists().execute();
    for (const column of SESSION_COLUMNS) await db.schema.alterTable('studio_sessions').dropColumn(column).execute();
    for (const column of [...OPERATOR_COLUMNS, 'totp_last_step']) await db.schema.alterTable('operators').dropColumn(column).execute();
  },
};
