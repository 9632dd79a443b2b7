/**
 * Opens the store named by DATABASE_URL: a SQLite file path (default ./data/catalog.db), a
 * `file:` or `sqlite:` URL, or `:memory:`; or a `postgres://` / `postgresql://` URL for
 * PostgreSQL (several instances sharing one database).
 */
import type { PostgresOptions } from './postgres/pool.js';
import { PostgresStore } from './postgres/store.js';
import { SqliteStore, type SqliteOptions } from './sqlite/store.js';
import type { Store } from './types.js';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './database-url.js';

/** Engine options; each engine reads its own. */
export type OpenStoreOptions = SqliteOptions & PostgresOptions;

export { DEFAULT_DATABASE_URL, parseDatabaseUrl, type EngineTarget } from './database-url.js';

/** Opens the store for databaseUrl (default: $DATABASE_URL, then ./data/catalog.db) and applies pending migrations. */
export async function openStore(databaseUrl?: string, options: OpenStoreOptions = {}): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl ?? process.env['DATABASE_URL'] ?? DEFAULT_DATABASE_URL);
  const store = target.engine === 'postgres' ? PostgresStore.open(target.url, options) : SqliteStore.open(target.path, options);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

export type { Store } from './types.js';
