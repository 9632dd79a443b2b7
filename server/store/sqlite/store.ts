/**
 * The SQLite engine: Node's built-in node:sqlite through kysely's SqliteDialect. Only what is
 * SQLite-specific lives here and beside it (the connection's set-up in connection.ts, the
 * per-turn memo of partner state in unchanged-reads.ts, FTS5 in search-index.ts and search.ts):
 * BEGIN IMMEDIATE, busy errors, migrations under the write lock. Queries are in shared/.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { migrateToLatest, sqliteMigrations } from '../migrations/index.js';
import { KyselyStore } from '../shared/kysely-store.js';
import type { Database } from '../shared/schema.js';
import { rankThenHydrate, type HitsPage, type RankRequest } from '../shared/search.js';
import type { ImportResult, ImportSeries, PartnerRecord } from '../types.js';
import { cachingStatements, isBusyError, isUnavailableError, openConnection } from './connection.js';
import { importThread, type ImportThread } from './import-thread.js';
import { sqliteSearchIndex } from './search-index.js';
import { rankSqliteHits } from './search.js';
import { UnchangedReads } from './unchanged-reads.js';

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

export class SqliteStore extends KyselyStore {
  readonly engine = 'sqlite' as const;
  protected readonly searchIndex = sqliteSearchIndex;
  /** SQLite keeps no histogram of the instants to plan from. */
  protected readonly sinceReading = 'count';
  private readonly unchanged: UnchangedReads;

  private constructor(
    db: Kysely<Database>,
    private readonly raw: DatabaseSync,
    private readonly writer: { db: Kysely<Database>; raw: DatabaseSync },
    private readonly busyTimeoutMs: number,
    private readonly importer: ImportThread | undefined,
  ) {
    super(db);
    this.unchanged = new UnchangedReads(raw);
  }

  /** Opens (creating if needed) the database file at path, or ':memory:'. Does not migrate. */
  static open(path: string, options: SqliteOptions = {}): SqliteStore {
    if (path !== ':memory:' && !options.readOnly) mkdirSync(dirname(path), { recursive: true });
    const busyTimeoutMs = Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000));
    const connect = () =>
      openConnection(path, {
        busyTimeoutMs,
        readOnly: options.readOnly ?? false,
        ...(options.cacheMb !== undefined ? { cacheMb: options.cacheMb } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
      });
    let store: SqliteStore | undefined;
    const kysely = (conn: DatabaseSync) => new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(conn, () => store?.unchanged.changedHere()) }) });
    const raw = connect();
    const db = kysely(raw);
    const writerRaw = options.writeConnection && path !== ':memory:' && !options.readOnly ? connect() : raw;
    const writer = { db: writerRaw === raw ? db : kysely(writerRaw), raw: writerRaw };
    const threaded = options.importThread && path !== ':memory:' && !options.readOnly;
    const gate = typeof options.importThread === 'object' ? options.importThread.gate : undefined;
    const importer = threaded
      ? importThread({ path, busyTimeoutMs, ...(options.cacheMb !== undefined ? { cacheMb: options.cacheMb } : {}), ...(gate ? { gate } : {}) })
      : undefined;
    store = new SqliteStore(db, raw, writer, busyTimeoutMs, importer);
    return store;
  }

  override async getPartner(id: string): Promise<PartnerRecord | undefined> {
    return this.guard(async () => this.unchanged.partner(id));
  }

  override async readPartnerState(id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }> {
    return this.guard(async () => this.unchanged.partnerState(id));
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
   * writes can fail at once with SQLITE_BUSY_SNAPSHOT when another process wrote in between,
   * which the busy timeout cannot help with.
   */
  protected async writeTransaction<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
    return this.writer.db.connection().execute(async (conn) => {
      await this.takeWriteLock(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        if (this.writer.raw.isTransaction) await sql`rollback`.execute(conn);
        throw error;
      }
    });
  }

  /**
   * Waits for the write lock without blocking the thread. SQLite's busy handler sleeps inside the
   * statement, so while another connection wrote (an admin CLI import's batch, say) this
   * instance answered nothing, not even from its response cache, whenever one of its own writes
   * (usage, every second) waited there. Here BEGIN IMMEDIATE is tried without the busy handler and
   * retried on timers, up to the same busy timeout. With `writeConnection` the wait holds only
   * the writes' connection; reads go on.
   */
  private async takeWriteLock(conn: Kysely<Database>): Promise<void> {
    const deadline = performance.now() + this.busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      this.writer.raw.exec('pragma busy_timeout = 0');
      try {
        await sql`begin immediate`.execute(conn);
        return;
      } catch (err) {
        if (!isBusyError(err) || performance.now() >= deadline) throw err;
      } finally {
        this.writer.raw.exec(`pragma busy_timeout = ${this.busyTimeoutMs}`);
      }
      await sleep(Math.max(1, Math.min(delay, deadline - performance.now())));
    }
  }

  /** Migrations under the write lock, so several processes starting at once apply them once. */
  async migrate(): Promise<void> {
    await this.guard(() => this.writeTransaction((conn) => migrateToLatest(conn, sqliteMigrations())));
  }

  protected isUnavailable(error: unknown): boolean {
    return isUnavailableError(error);
  }

  /** On the import thread when the store has one (a server's), else in this thread. */
  override async importCatalog(series: ImportSeries[], now: string): Promise<ImportResult> {
    const importer = this.importer;
    if (!importer) return super.importCatalog(series, now);
    return (await this.guard(() => importer.run({ kind: 'import', series, now }), false))!;
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
   * to move on). On the import thread when the store has one.
   */
  override async afterBulkImport(totals: ImportResult): Promise<void> {
    if (this.importer) {
      await this.importer.run({ kind: 'tidy', totals });
      return;
    }
    for (const { table } of [...sqliteSearchIndex.series, ...sqliteSearchIndex.episodes]) {
      this.raw.exec(`insert into ${table}(${table}) values('optimize')`);
    }
    this.raw.exec('pragma optimize');
    this.raw.exec('pragma wal_checkpoint(TRUNCATE)');
  }

  override async close(): Promise<void> {
    await this.importer?.close();
    if (this.writer.db !== this.db) await this.writer.db.destroy();
    await super.close();
  }

  /** Bounded-cost ranking (sqlite/search.ts), then the page's documents, in one read snapshot. */
  protected searchPage(request: RankRequest): Promise<HitsPage> {
    return rankThenHydrate((fn) => this.readSnapshot(fn), rankSqliteHits)(request);
  }
}
