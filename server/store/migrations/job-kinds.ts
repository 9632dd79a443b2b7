/**
 * Both engines: import_jobs holds bulk grant jobs too (docs/decisions/0118-bulk-grants-as-jobs.md):
 * a kind (earlier rows are catalog imports) and the partner a grant job changes, and an index for
 * the import history, newest first. Only adds columns: servers of the previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const jobKindsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('import_jobs').addColumn('kind', 'text', (c) => c.notNull().defaultTo('catalog.import')).execute();
    await db.schema.alterTable('import_jobs').addColumn('partner_id', 'text').execute();
    await db.schema.createIndex('import_jobs_kind_created_idx').on('import_jobs').columns(['kind', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('import_jobs_kind_created_idx').ifExists().execute();
    await db.schema.alterTable('import_jobs').dropColumn('partner_id').execute();
    await db.schema.alterTable('import_jobs').dropColumn('kind').execute();
  },
};
