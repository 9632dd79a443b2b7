/**
 * Both engines: the audit trail (append-only: triggers refuse UPDATE and DELETE, so not even a
 * bug in the server can rewrite history) and catalog import jobs (progress any instance can
 * read). Only adds tables: servers of the previous release keep working.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function auditTrailMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Ids increase in insertion order: the trail's order and its cursor.
      let table = db.schema.createTable('audit_log');
      table = engine === 'sqlite' ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'bigserial', (c) => c.primaryKey());
      await table
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('partner_id', 'text')
        .addColumn('before_json', 'text', (c) => c.notNull())
        .addColumn('after_json', 'text', (c) => c.notNull())
        .execute();
      // Each filter reads newest first by id within its value; the time range uses `at`.
      await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor', 'id']).execute();
      await db.schema.createIndex('audit_log_partner_idx').on('audit_log').columns(['partner_id', 'id']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
      if (engine === 'sqlite') {
        await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'the audit trail is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'the audit trail is append-only'); end`.execute(db);
      } else {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'the audit trail is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_append_only before update or delete on audit_log for each statement execute function audit_log_append_only()`.execute(db);
      }

      // Usage ranked across partners reads a range of days of every partner.
      await db.schema.createIndex('usage_counts_day_idx').on('usage_counts').columns(['day', 'partner_id']).execute();

      await db.schema
        .createTable('import_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('series_total', 'integer', (c) => c.notNull())
        .addColumn('series_done', 'integer', (c) => c.notNull())
        .addColumn('series_changed', 'integer', (c) => c.notNull())
        .addColumn('series_unchanged', 'integer', (c) => c.notNull())
        .addColumn('episodes_changed', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('import_jobs').ifExists().execute();
      await db.schema.dropIndex('usage_counts_day_idx').ifExists().execute();
      await db.schema.dropTable('audit_log').ifExists().execute();
      if (engine === 'postgres') await sql`drop function if exists audit_log_append_only()`.execute(db);
    },
  };
}
