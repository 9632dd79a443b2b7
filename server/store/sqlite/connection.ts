/**
 * One SQLite connection through Node's built-in `node:sqlite` (no native module to build), set up
 * for the store: busy timeout, WAL, and the statement cache that kysely's SqliteDialect prepares
 * through. docs/decisions/0058-embedded-engine-node-sqlite.md says why node:sqlite and not
 * better-sqlite3.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface ConnectionOptions {
  /** How long a statement waits for another connection's write lock before SQLITE_BUSY. */
  busyTimeoutMs: number;
  /** Blocks the thread for ms while switching to WAL waits for a lock (injectable for tests). */
  sleep?: (ms: number) => void;
  /** A read-only connection to a database another connection set up (search workers). */
  readOnly?: boolean;
  /** SQLite's page cache for this connection, in MiB (SQLite's own default is 2 MiB). */
  cacheMb?: number;
}

/** Blocks the thread for ms: only while opening, before the server takes requests. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** SQLite's primary result code name of a node:sqlite error (`errcode` may be an extended code). */
const PRIMARY_CODES: Record<number, string> = { 5: 'SQLITE_BUSY', 6: 'SQLITE_LOCKED', 10: 'SQLITE_IOERR', 13: 'SQLITE_FULL', 14: 'SQLITE_CANTOPEN', 15: 'SQLITE_PROTOCOL', 22: 'SQLITE_NOLFS' };

/** `SQLITE_BUSY` and the like for a driver error, or undefined when it is not one of SQLite's. */
function sqliteCode(error: unknown): string | undefined {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode !== 'number') return undefined;
  return PRIMARY_CODES[errcode & 0xff] ?? `SQLITE_${errcode & 0xff}`;
}

/** True when another connection holds the lock the statement needed (SQLITE_BUSY). */
export function isBusyError(error: unknown): boolean {
  return sqliteCode(error) === 'SQLITE_BUSY';
}

/** Codes that mean the engine cannot answer now, not that the statement is wrong. */
const UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_FULL', 'SQLITE_PROTOCOL', 'SQLITE_NOLFS']);

/** True for a busy, locked or failing database, and for a connection that was closed. */
export function isUnavailableError(error: unknown): boolean {
  const code = sqliteCode(error);
  if (code) return UNAVAILABLE.has(code);
  return (error as { code?: unknown } | null)?.code === 'ERR_INVALID_STATE' && /not open/.test(String((error as Error).message));
}

/**
 * Switches the database to WAL, retrying for up to timeoutMs while another connection holds the
 * write lock. SQLite answers this switch SQLITE_BUSY at once, without its busy handler, when the
 * statement's own read lock cannot be upgraded (another process is switching a new database or
 * writing at that moment), so busy_timeout does not cover it. Once the other process is done the
 * database is usually WAL already and the retry writes nothing.
 */
function switchToWal(raw: DatabaseSync, timeoutMs: number, sleep: (ms: number) => void): void {
  let waited = 0;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    try {
      raw.exec('pragma journal_mode = WAL');
      return;
    } catch (err) {
      if (!isBusyError(err) || waited >= timeoutMs) throw err;
    }
    const ms = Math.min(delay, timeoutMs - waited);
    sleep(ms);
    waited += ms;
  }
}

/** Opens the file (or ':memory:') with the store's pragmas. */
export function openConnection(path: string, options: ConnectionOptions): DatabaseSync {
  const raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, readOnly: options.readOnly ?? false });
  // busy_timeout first: switching to WAL itself needs a lock another process may hold.
  raw.exec(`pragma busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs))}`);
  // With SQLite's 2 MiB default, a catalog page at 100k series reads most of its b-tree pages from
  // the OS again on every request (docs/decisions/0043-sqlite-page-cache.md).
  if (options.cacheMb !== undefined) raw.exec(`pragma cache_size = ${-Math.max(1, Math.trunc(options.cacheMb)) * 1024}`);
  if (options.readOnly) return raw;
  try {
    if (path !== ':memory:') switchToWal(raw, options.busyTimeoutMs, options.sleep ?? sleepSync);
  } catch (err) {
    // A caller that retries the open must not be left holding this file's descriptor.
    raw.close();
    throw err;
  }
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  raw.exec('pragma synchronous = NORMAL');
  return raw;
}

/** Prepared statements kept per connection; past this the least recently prepared is dropped. */
const STATEMENT_CACHE = 256;
const READ_ONLY_SQL = /^\s*select\b/i;

/** kysely's view of a node:sqlite statement: positional parameters spread, `reader` from its columns. */
function forKysely(statement: StatementSync, reader: boolean): SqliteStatement {
  return {
    reader,
    all: (parameters) => statement.all(...(parameters as never[])),
    run: (parameters) => statement.run(...(parameters as never[])),
    iterate: (parameters) => statement.iterate(...(parameters as never[])),
  };
}

/**
 * The connection as kysely's SqliteDialect sees it, with prepared statements reused by SQL text.
 * kysely prepares every query it runs; a query's text is the same on every request (values are
 * bound), so preparing once saves a parse and plan per query (about 6% of a catalog page's CPU).
 * kysely runs one statement at a time on its single connection, so a statement is never in use
 * twice at once. `onWrite` is called before any statement that may write.
 */
export function cachingStatements(raw: DatabaseSync, onWrite: () => void): SqliteDatabase {
  const statements = new Map<string, { kysely: SqliteStatement; readOnly: boolean }>();
  return {
    prepare(source: string) {
      let entry = statements.get(source);
      if (entry) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(source);
      } else {
        const statement = raw.prepare(source);
        const reader = statement.columns().length > 0;
        entry = { kysely: forKysely(statement, reader), readOnly: reader && READ_ONLY_SQL.test(source) };
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, entry);
      // kysely runs a statement right after preparing it, in the same synchronous step.
      if (!entry.readOnly) onWrite();
      return entry.kysely;
    },
    close() {
      statements.clear();
      raw.close();
    },
  };
}
