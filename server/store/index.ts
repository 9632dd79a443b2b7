/**
 * The store's one door: nothing outside server/store/ imports any other file of it
 * (test/unit/layout.test.ts). It opens a store by DATABASE_URL (a SQLite file path, default
 * ./data/catalog.db, a `file:` or `sqlite:` URL, or `:memory:`; or a `postgres://` /
 * `postgresql://` URL for PostgreSQL, several instances sharing one database), and names what
 * crosses the store's interfaces: the narrow interfaces consumers declare (interfaces.ts), the
 * records (records.ts, studio-records.ts), the store's errors and its cursors.
 *
 * Each engine is loaded when a store of it is opened, so a SQLite process (or search thread)
 * never loads PostgreSQL's driver.
 */
import type { SecretKey } from './cursor.js';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl, type EngineTarget } from './database-url.js';
import type { CatalogSearch, Lifecycle, Store } from './interfaces.js';
import type { PostgresOptions } from './postgres/pool.js';
import type { SqliteOptions } from './sqlite/store.js';

/** Engine options; each engine reads its own. */
export type OpenStoreOptions = SqliteOptions & PostgresOptions;

async function open(target: EngineTarget, options: OpenStoreOptions): Promise<Store> {
  if (target.engine === 'postgres') return (await import('./postgres/store.js')).openPostgresStore(target.url, options);
  return (await import('./sqlite/store.js')).openSqliteStore(target.path, options);
}

/** Opens the store for databaseUrl (default: $DATABASE_URL, then ./data/catalog.db) and applies pending migrations. */
export async function openStore(databaseUrl?: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store = await open(parseDatabaseUrl(databaseUrl ?? process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL), options);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The names of the engine's migrations, in the order they apply (as its migrations table lists them once applied). */
export async function migrationNames(engine: EngineTarget['engine']): Promise<string[]> {
  const { postgresMigrations, sqliteMigrations } = await import('./migrations/index.js');
  return Object.keys(engine === 'postgres' ? postgresMigrations() : sqliteMigrations());
}

/** What search/ runs searches on, beside the store the rest of the service uses. */
export type SearchStore = CatalogSearch & Pick<Lifecycle, 'close'>;

/**
 * A store for searches only, over an already migrated database, its cursors signed with
 * cursorKeys: a SQLite file opened read-only (a search worker thread's own connection), or
 * PostgreSQL on a pool of its own (size it with poolMax), so searches never take the connections
 * the rest of the service needs.
 */
export async function openSearchStore(target: EngineTarget, options: OpenStoreOptions & { cursorKeys: SecretKey[] }): Promise<SearchStore> {
  const { cursorKeys, ...engineOptions } = options;
  const store = await open(target, target.engine === 'sqlite' ? { ...engineOptions, readOnly: true } : engineOptions);
  store.useCursorKeys(cursorKeys);
  return store;
}

export { DEFAULT_DATABASE_URL, isPostgresUrl, localDataDir, parseDatabaseUrl, type EngineTarget } from './database-url.js';
export { catalogFingerprint, CursorCodec, queryFingerprint, readCursor, type SecretKey } from './cursor.js';
export { AUDIT_MAX_PAGE, BULK_IMPORT_ROWS, previousSecretValid } from './records.js';
export { STUDIO_SERIES_MAX_PAGE } from './shared/studio-queries.js';
export { ExpiredCursorError, InvalidCursorError, StoreUnavailableError } from './errors.js';
export { monotonicNow, servingRequestFrom } from './request-start.js';
export { outcomeOf, valueOf, type ThreadOutcome } from './thread-outcome.js';
export type * from './interfaces.js';
export type * from './records.js';
export type * from './studio-records.js';
export type * from './events-records.js';
export type * from './webhook-interfaces.js';
export type * from './webhook-records.js';
