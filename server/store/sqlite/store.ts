/**
 * The SQLite engine: Node's built-in node:sqlite through kysely's SqliteDialect. Only what is
 * SQLite-specific lives here and beside it (the connection's set-up in connection.ts, the write
 * lock in write-lock.ts, the per-turn memo of partner state in unchanged-reads.ts, FTS5 in
 * search-index.ts and search.ts, imports on a thread of their own in import-thread.ts); the
 * queries are the shared doors of shared/, which openSqliteStore assembles over its StoreCore.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from '../interfaces.js';
import type { ImportResult } from '../records.js';
import { migrateToLatest, sqliteMigrations } from '../migrations/index.js';
import { auditTrail } from '../shared/audit-queries.js';
import { catalogWrites, importPreviews } from '../shared/catalog-import.js';
import { changeFeed } from '../shared/feed.js';
import { jobQueries } from '../shared/job-queries.js';
import { catalogReads } from '../shared/catalog-read.js';
import { StoreCore } from '../shared/core.js';
import { grants } from '../shared/grants.js';
import { lifecycle, settings } from '../shared/lifecycle.js';
import { operators } from '../shared/operator-queries.js';
import { oidcSignIns } from '../shared/oidc-queries.js';
import { operatorAccounts } from '../shared/account-queries.js';
import { partners } from '../shared/partners.js';
import type { Database } from '../shared/schema.js';
import { catalogSearch, rankThenHydrate } from '../shared/search.js';
import { transactions } from '../shared/store-tx.js';
import { studioQueries } from '../shared/studio-queries.js';
import { usage } from '../shared/usage-queries.js';
import { webhooks } from '../shared/webhook-queries.js';
import { cachingStatements, isUnavailableError, openConnection } from './connection.js';
import { importThread } from './import-thread.js';
import { sqliteSearchIndex } from './search-index.js';
import { rankSqliteHits } from './search.js';
import { UnchangedReads } from './unchanged-reads.js';
import { writeTransaction } from './write-lock.js';

export interface SqliteOptions {
  /** How long a statement waits for another process's write lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Blocks the thread for ms while switching to WAL waits for a lock (injectable for tests). */
  sleep?: (ms: number) => void;
  /** Opens an existing database read-only (search workers); it is neither created nor switched to WAL. */
  readOnly?: boolean;
  /** SQLite's page cache per connection, in MiB (SQLITE_CACHE_MB); SQLite's default when undefined. */
  cacheMb?: number;
  /**
   * Imports run on a thread of their own (import-thread.ts), for a server; a file only. `gate`
   * is test-only: each import task waits, blocking that thread, while gate[0] is 0.
   */
  importThread?: boolean | { gate?: Int32Array };
  /**
   * Writes on a connection of their own, for a server; a file only. A write waiting for another
   * connection's write lock holds its connection (kysely runs one statement at a time on it), so
   * on a shared one every uncached read queued behind the wait.
   */
  writeConnection?: boolean;
}

/**
 * A bulk import leaves each FTS5 index in dozens of segments, one per batch and level, and a
 * query walks every segment of every word: a word in most documents ANDed with rarer ones cost
 * 8 ms instead of 2.7 at 1.1M episodes. FTS5's `optimize` merges each index into one segment
 * (about 2 s for all four at 1.1M episodes). Its pages, like the import's (hundreds of MB), sit
 * in the WAL until a checkpoint copies them into the database file, and until then every read
 * looks them up there: right after the 1.1M-episode import, 10 searching clients got 6.7
 * searches/s instead of 119. `pragma optimize` then refreshes the planner statistics of the
 * tables whose size changed (writing them, to the WAL too); TRUNCATE last copies everything
 * back and empties the WAL (waiting up to the busy timeout for readers, such as search workers,
 * to move on).
 */
function tidyAfterBulkImport(raw: DatabaseSync): void {
  for (const { table } of [...sqliteSearchIndex.series, ...sqliteSearchIndex.episodes]) {
    raw.exec(`insert into ${table}(${table}) values('optimize')`);
  }
  raw.exec('pragma optimize');
  raw.exec('pragma wal_checkpoint(TRUNCATE)');
}

/** Opens (creating if needed) the database file at path, or ':memory:'. Does not migrate. */
export function openSqliteStore(path: string, options: SqliteOptions = {}): Store {
  if (path !== ':memory:' && !options.readOnly) mkdirSync(dirname(path), { recursive: true });
  const busyTimeoutMs = Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000));
  const connect = () =>
    openConnection(path, {
      busyTimeoutMs,
      readOnly: options.readOnly ?? false,
      ...(options.cacheMb !== undefined ? { cacheMb: options.cacheMb } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  let unchanged: UnchangedReads | undefined;
  const kysely = (conn: DatabaseSync) => new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(conn, () => unchanged?.changedHere()) }) });
  const raw = connect();
  const db = kysely(raw);
  unchanged = new UnchangedReads(raw);
  const memo = unchanged;
  const writerRaw = options.writeConnection && path !== ':memory:' && !options.readOnly ? connect() : raw;
  const writer = { db: writerRaw === raw ? db : kysely(writerRaw), raw: writerRaw };
  const threaded = options.importThread && path !== ':memory:' && !options.readOnly;
  const gate = typeof options.importThread === 'object' ? options.importThread.gate : undefined;
  const importer = threaded
    ? importThread({ path, busyTimeoutMs, ...(options.cacheMb !== undefined ? { cacheMb: options.cacheMb } : {}), ...(gate ? { gate } : {}) })
    : undefined;

  const core = new StoreCore({ engine: 'sqlite', db, isUnavailable: isUnavailableError, writeTransaction: writeTransaction(writer, busyTimeoutMs) });
  // On the import thread when the store has one (a server's), else in this thread.
  const afterBulkImport = importer
    ? async (totals: ImportResult) => {
        await importer.run({ kind: 'tidy', totals });
      }
    : async () => tidyAfterBulkImport(raw);
  const writes = catalogWrites(core, sqliteSearchIndex, afterBulkImport);
  return {
    ...lifecycle(core),
    ...partners(core),
    ...grants(core),
    ...catalogReads(core, 'count'), // SQLite keeps no histogram of the instants to plan from.
    // Bounded-cost ranking (sqlite/search.ts), then the page's documents, in one read snapshot.
    ...catalogSearch(core, rankThenHydrate(core.readSnapshot, rankSqliteHits)),
    ...usage(core),
    ...settings(core),
    ...studioQueries(core),
    ...auditTrail(core),
    ...jobQueries(core),
    ...importPreviews(core),
    ...transactions(core),
    ...operators(core),
    ...oidcSignIns(core),
    ...operatorAccounts(core),
    ...changeFeed(core),
    ...webhooks(core),
    // The two reads of every authenticated request, from memory while the database is unchanged.
    getPartner: (id) => core.guard(async () => memo.partner(id)),
    readPartnerState: (id) => core.guard(async () => memo.partnerState(id)),
    importCatalog: importer ? async (series, now) => (await core.guard(() => importer.run({ kind: 'import', series, now }), false))! : writes.importCatalog,
    afterBulkImport,
    /** Migrations under the write lock, so several processes starting at once apply them once. */
    migrate: () => core.guard(() => core.writeTransaction((conn) => migrateToLatest(conn, sqliteMigrations()))),
    async close() {
      await importer?.close();
      if (writer.db !== db) await writer.db.destroy();
      await db.destroy();
    },
  };
}
