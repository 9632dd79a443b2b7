/**
 * Opens the store named by DATABASE_URL: a SQLite file path (default ./data/catalog.db), a
 * `file:` or `sqlite:` URL, or `:memory:`; or a `postgres://` / `postgresql://` URL for
 * PostgreSQL (several instances sharing one database).
 */
import { fileURLToPath } from 'node:url';
import type { PostgresOptions } from './postgres/pool.js';
import { PostgresStore } from './postgres/store.js';
import { SqliteStore, type SqliteOptions } from './sqlite/store.js';
import type { Store } from './types.js';

/** Engine options; each engine reads its own. */
export type OpenStoreOptions = SqliteOptions & PostgresOptions;

export const DEFAULT_DATABASE_URL = './data/catalog.db';

export type EngineTarget = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** Which engine and location a database URL names; throws on a scheme no engine handles. */
export function parseDatabaseUrl(url: string): EngineTarget {
  const trimmed = url.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { engine: 'postgres', url: trimmed };
  if (trimmed === ':memory:' || /^(sqlite|file):(\/\/)?:memory:$/i.test(trimmed)) return { engine: 'sqlite', path: ':memory:' };
  if (/^file:\/\//i.test(trimmed)) return { engine: 'sqlite', path: fileURLToPath(trimmed) };
  const prefixed = /^(sqlite|file):(?:\/\/)?(.+)$/i.exec(trimmed);
  if (prefixed) return { engine: 'sqlite', path: prefixed[2]! };
  // A bare path; anything else that looks like a URL scheme is a mistake worth reporting.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(trimmed)) throw new Error(`DATABASE_URL scheme not supported: ${trimmed.split(':')[0]}`);
  if (trimmed === '') throw new Error('DATABASE_URL is empty');
  return { engine: 'sqlite', path: trimmed };
}

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
