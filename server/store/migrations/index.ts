/**
 * Migrations per engine, listed statically (no filesystem globbing: the file layout at run time
 * must not decide the schema). Names sort in application order; never rename or reorder one
 * that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { coreMigration } from './0001-core.js';
import { contentVersionMigration } from './content-version.js';
import { postgresSearchMigration } from './0002-postgres-search.js';
import { sqliteSearchMigration } from './0002-sqlite-search.js';
import { sqliteSearchTermsMigration } from './0003-sqlite-search-terms.js';
import { usageWritersMigration } from './usage-writers.js';

/** The SQLite migrations, in order. */
export function sqliteMigrations(): Record<string, Migration> {
  return {
    '0001_core': coreMigration(),
    '0002_sqlite_search': sqliteSearchMigration,
    '0003_sqlite_search_terms': sqliteSearchTermsMigration,
    '0004_content_version': contentVersionMigration,
    '0005_usage_writers': usageWritersMigration,
  };
}

/** The PostgreSQL migrations, in order: keys collate "C" so they sort bytewise, as on SQLite. */
export function postgresMigrations(): Record<string, Migration> {
  return {
    '0001_core': coreMigration({ keyCollation: 'C' }),
    '0002_postgres_search': postgresSearchMigration,
    '0003_content_version': contentVersionMigration,
    '0004_usage_writers': usageWritersMigration,
  };
}

/** A kysely MigrationProvider over a fixed set of migrations. */
export function staticProvider(migrations: Record<string, Migration>): MigrationProvider {
  return { getMigrations: async () => migrations };
}
