/** PostgreSQL's migrations, applied once however many instances start together. */
import { Kysely, PostgresDialect, sql } from 'kysely';
import { migrateToLatest, postgresMigrations } from '../migrations/index.js';
import type { Database } from '../shared/schema.js';
import { guardedPool, type PostgresPools } from './pool.js';

/**
 * kysely's Migrator, told the schema explicitly: without it, it looks for its bookkeeping
 * tables in every schema of the database and would take another schema's for its own. It
 * holds a PostgreSQL advisory lock while it migrates, so concurrent starts apply each
 * migration once, in one transaction. It runs on connections of its own without the statement
 * timeout: a long migration, or waiting for another instance's, is not a failure.
 */
export async function migratePostgres(db: Kysely<Database>, pools: Pick<PostgresPools, 'migrationPool'>): Promise<void> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL: no schema of the search_path exists; create it first (DATABASE_URL options=-c search_path=...)');
  const migrator = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pools.migrationPool()) }) });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await migrateToLatest(migrator, postgresMigrations(), { migrationTableSchema: schema });
        break;
      } catch (error) {
        // kysely's introspection scans every schema of the database (has_schema_privilege per
        // schema name): another schema dropped during that scan fails it with 3F000 naming that
        // schema. Nothing of ours changed, so try again (bounded).
        const other = (error as { code?: string }).code === '3F000' && !String((error as Error).message).includes(`"${schema}"`);
        if (!(other && attempt < 5)) throw error;
      }
    }
  } finally {
    await migrator.destroy();
  }
}
