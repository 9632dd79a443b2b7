/**
 * Both engines: an audit entry's kind (`change`, what the trail held so far, or `security`: sign-ins,
 * refusals, password and session events, server/services/security-events.ts) and the client address
 * a security event came from. Only adds columns (existing entries become changes) and an index, so
 * servers of the previous release keep working; the append-only triggers are untouched.
 */
import type { Kysely, Migration } from 'kysely';

export const auditKindMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('audit_log').addColumn('kind', 'text', (c) => c.notNull().defaultTo('change')).execute();
    await db.schema.alterTable('audit_log').addColumn('address', 'text').execute();
    // The kind filter reads newest first by id within its value, as the other filters do.
    await db.schema.createIndex('audit_log_kind_idx').on('audit_log').columns(['kind', 'id']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('audit_log_kind_idx').ifExists().execute();
    await db.schema.alterTable('audit_log').dropColumn('address').execute();
    await db.schema.alterTable('audit_log').dropColumn('kind').execute();
  },
};
