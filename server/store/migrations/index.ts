/**
 * Migrations per engine, listed statically (no filesystem globbing: the file layout at run time
 * must not decide the schema). Names sort in application order; never rename or reorder one
 * that has shipped.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '../shared/schema.js';
import { coreMigration } from './0001-core.js';
import { contentVersionMigration } from './content-version.js';
import { postgresSearchMigration } from './0002-postgres-search.js';
import { sqliteSearchMigration } from './0002-sqlite-search.js';
import { sqliteSearchTermsMigration } from './0003-sqlite-search-terms.js';
import { oidcIdentitiesMigration } from './oidc-identities.js';
import { operatorsMigration } from './operators.js';
import { operatorAccountsMigration } from './operator-accounts.js';
import { sqliteTitleSearchMigration } from './sqlite-title-search.js';
import { usageWritersMigration } from './usage-writers.js';
import { auditTrailMigration } from './audit-trail.js';
import { auditKindMigration } from './audit-kind.js';
import { genreSortKeysMigration } from './genre-sort-keys.js';
import { postgresSearchBlocksMigration } from './postgres-search-blocks.js';
import { sqliteGrantsWithoutRowidMigration } from './sqlite-grants-without-rowid.js';
import { rollingSecretsMigration } from './rolling-secrets.js';
import { idempotencyKeysMigration } from './idempotency-keys.js';
import { partnerEventsMigration } from './partner-events.js';
import { webhooksMigration } from './webhooks.js';
import { jobKindsMigration } from './job-kinds.js';
import { webhookPendingIndexMigration } from './webhook-pending-index.js';

/** The SQLite migrations, in order. */
export function sqliteMigrations(): Record<string, Migration> {
  return {
    '0001_core': coreMigration(),
    '0002_sqlite_search': sqliteSearchMigration,
    '0003_sqlite_search_terms': sqliteSearchTermsMigration,
    '0004_content_version': contentVersionMigration,
    '0005_usage_writers': usageWritersMigration,
    '0006_audit_trail': auditTrailMigration('sqlite'),
    '0007_operators': operatorsMigration,
    '0008_sqlite_title_search': sqliteTitleSearchMigration,
    '0009_genre_sort_keys': genreSortKeysMigration(),
    '0010_sqlite_grants_without_rowid': sqliteGrantsWithoutRowidMigration,
    '0011_audit_kind': auditKindMigration,
    '0012_oidc_identities': oidcIdentitiesMigration,
    '0013_operator_accounts': operatorAccountsMigration,
    '0015_idempotency_keys': idempotencyKeysMigration,
    '0016_rolling_secrets': rollingSecretsMigration,
    '0017_partner_events': partnerEventsMigration('sqlite'),
    '0018_webhooks': webhooksMigration,
    '0019_job_kinds': jobKindsMigration,
    '0020_webhook_pending_index': webhookPendingIndexMigration,
  };
}

/** The PostgreSQL migrations, in order: keys collate "C" so they sort bytewise, as on SQLite. */
export function postgresMigrations(): Record<string, Migration> {
  return {
    '0001_core': coreMigration({ keyCollation: 'C' }),
    '0002_postgres_search': postgresSearchMigration,
    '0003_content_version': contentVersionMigration,
    '0004_usage_writers': usageWritersMigration,
    '0005_audit_trail': auditTrailMigration('postgres'),
    '0006_operators': operatorsMigration,
    '0007_genre_sort_keys': genreSortKeysMigration({ keyCollation: 'C', analyze: true }),
    '0008_postgres_search_blocks': postgresSearchBlocksMigration,
    '0009_audit_kind': auditKindMigration,
    '0010_oidc_identities': oidcIdentitiesMigration,
    '0011_operator_accounts': operatorAccountsMigration,
    '0013_idempotency_keys': idempotencyKeysMigration,
    '0014_rolling_secrets': rollingSecretsMigration,
    '0015_partner_events': partnerEventsMigration('postgres'),
    '0016_webhooks': webhooksMigration,
    '0017_job_kinds': jobKindsMigration,
    '0018_webhook_pending_index': webhookPendingIndexMigration,
  };
}

/** A kysely MigrationProvider over a fixed set of migrations. */
function staticProvider(migrations: Record<string, Migration>): MigrationProvider {
  return { getMigrations: async () => migrations };
}

/**
 * Applies the pending ones of migrations to db with kysely's Migrator (which records them in its
 * own tables, in migrationTableSchema when given); rejects with the failing migration's error.
 */
export async function migrateToLatest(db: Kysely<Database>, migrations: Record<string, Migration>, options: { migrationTableSchema?: string } = {}): Promise<void> {
  const { error } = await new Migrator({ db, provider: staticProvider(migrations), ...options }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
}
