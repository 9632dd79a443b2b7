/**
 * Both engines: one row whose version changes with every committed change to what partners can read (catalog imports and
 * grant changes). The server's response cache (server/partner-api/response-cache.ts) reads it on every
 * cacheable request, so a change committed by any process (the admin CLI, another instance)
 * invalidates every instance's cached pages at once.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const contentVersionMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('content_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('content_version').ifExists().execute();
  },
};
