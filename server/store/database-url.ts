/**
 * What a DATABASE_URL names, without opening anything: read by the configuration (engine-sized
 * defaults) as well as by openStore, so it loads neither engine.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_DATABASE_URL = './data/catalog.db';

export type EngineTarget = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/** Whether the URL names PostgreSQL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}

/** Which engine and location a database URL names; throws on a scheme no engine handles. */
export function parseDatabaseUrl(url: string): EngineTarget {
  const trimmed = url.trim();
  if (isPostgresUrl(trimmed)) return { engine: 'postgres', url: trimmed };
  if (trimmed === ':memory:' || /^(sqlite|file):(\/\/)?:memory:$/i.test(trimmed)) return { engine: 'sqlite', path: ':memory:' };
  if (/^file:\/\//i.test(trimmed)) return { engine: 'sqlite', path: fileURLToPath(trimmed) };
  const prefixed = /^(sqlite|file):(?:\/\/)?(.+)$/i.exec(trimmed);
  if (prefixed) return { engine: 'sqlite', path: prefixed[2]! };
  // A bare path; anything else that looks like a URL scheme is a mistake worth reporting.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(trimmed)) throw new Error(`DATABASE_URL scheme not supported: ${trimmed.split(':')[0]}`);
  if (trimmed === '') throw new Error('DATABASE_URL is empty');
  return { engine: 'sqlite', path: trimmed };
}

/** The local folder beside the data: a SQLite file's; for PostgreSQL (or a database in memory), ./data, where the default SQLite file lives. */
export function localDataDir(url: string): string {
  try {
    const target = parseDatabaseUrl(url);
    if (target.engine === 'sqlite' && target.path !== ':memory:') return dirname(target.path);
  } catch {
    // Reported by openStore, with the scheme it does not know.
  }
  return dirname(DEFAULT_DATABASE_URL);
}
