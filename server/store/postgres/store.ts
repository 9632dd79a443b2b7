/**
 * The PostgreSQL engine: pg through kysely's PostgresDialect, for several instances sharing one
 * database. Only what is PostgreSQL-specific lives here and beside it (connections and their
 * bounds in pool.ts, shared partner-state reads in fresh-reads.ts, search in search.ts); queries
 * are in shared/.
 *
 * - Every wait is bounded: connecting (connectTimeoutMs), waiting for a pooled connection (the
 *   same bound), each statement (statement_timeout on the server) and each reply (a timer of
 *   guardedPool's, a little longer, for a server that stopped answering), and every operation as
 *   a whole by the longest of these (server/store/postgres/pool.ts). A connection that timed
 *   out or broke is discarded, never handed out again. All of these become StoreUnavailableError
 *   (503 with Retry-After), and the pool reconnects by itself once PostgreSQL is back.
 * - Migrations run under kysely's PostgreSQL advisory lock, so instances starting at once apply
 *   them once; writes that read then write (imports, usage counts, settings) take a transaction
 *   advisory lock of their schema, serializing them as SQLite's single writer does.
 * - Multi-statement reads use one REPEATABLE READ snapshot.
 * - The schema is the first one of the connection's search_path (libpq `options=-c search_path=…`
 *   in DATABASE_URL selects another than `public`).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { migrateToLatest, postgresMigrations } from '../migrations/index.js';
import { KyselyStore } from '../shared/kysely-store.js';
import * as pq from '../shared/partner-queries.js';
import type { Database } from '../shared/schema.js';
import type { HitsPage, RankRequest } from '../shared/search.js';
import type { ImportResult, PartnerRecord, UsageBatch, UsageIncrement } from '../types.js';
import { FreshReads } from './fresh-reads.js';
import { guardedPool, isPostgresUnavailable, openPools, type PostgresOptions, type PostgresPools } from './pool.js';
import { SEARCH_SESSION } from './search.js';
import { postgresSearchPage } from './search-page.js';
import { postgresSearchIndex } from './search-index.js';

export class PostgresStore extends KyselyStore {
  readonly engine = 'postgres' as const;
  protected readonly searchIndex = postgresSearchIndex;
  /** From the planner's statistics, kept fresh by autovacuum and by afterBulkImport. */
  protected readonly sinceReading = 'planner';

  private constructor(
    db: Kysely<Database>,
    /** Search's own connections, with its planner settings (postgres/search.ts, SEARCH_SESSION). */
    private readonly searchDb: Kysely<Database>,
    /**
     * `db`'s connections, its statements prepared: the partner state every authenticated request
     * reads, whose parsing and planning took 0.14 of its 0.16 ms in PostgreSQL. Not destroyed
     * apart: it ends with `db`, whose pool it shares.
     */
    private readonly preparedDb: Kysely<Database>,
    private readonly pools: Omit<PostgresPools, 'pool' | 'search'>,
  ) {
    super(db, pools.operationTimeoutMs);
  }

  /** A store over the database at url (a postgres:// or postgresql:// URL). Connects lazily; does not migrate. */
  static open(url: string, options: PostgresOptions = {}): PostgresStore {
    const { pool, search, ...pools } = openPools(url, options);
    const over = (p: pg.Pool, options: { session?: string; prepare?: boolean } = {}) =>
      new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(p, { ...options, replyTimeoutMs: pools.replyTimeoutMs }) }) });
    // Search's statements come in a few dozen shapes at most, and parsing and planning one was a
    // large share of its time in PostgreSQL: prepared once per connection. Catalog pages are not:
    // their plans depend on their parameters (docs/decisions/0046-prepared-statements-on-postgresql.md).
    return new PostgresStore(over(pool), over(search, { session: SEARCH_SESSION, prepare: true }), over(pool, { prepare: true }), pools);
  }

  /**
   * Every authenticated request reads its partner's state (revocation is immediate): concurrent
   * requests of one partner share reads that began after they arrived (fresh-reads.ts), so a
   * busy partner costs about one round trip per round-trip time instead of one per request. The
   * operation bound covers the wait for a shared read too.
   */
  private readonly partnerStates = new FreshReads<string, { partner: PartnerRecord | undefined; contentVersion: number }>((id) => pq.readPartnerState(this.preparedDb, id));

  override async readPartnerState(id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }> {
    return this.guard(() => this.partnerStates.get(id));
  }

  /** On the probe's own connection (server/store/postgres/pool.ts): whether PostgreSQL answers, however busy the pool. */
  override async ping(): Promise<void> {
    await this.guard(async () => {
      await this.pools.probe.query('select key from settings limit 1');
    });
  }

  /**
   * Closes the pool, waiting at most 5 s: ending a connection to a server that stopped answering
   * can wait forever, and a shutdown must not (its sockets die with the process).
   */
  override async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 5_000);
      timer.unref();
    });
    await Promise.race([Promise.all([super.close(), this.searchDb.destroy(), this.pools.probe.end()]), bound]);
    clearTimeout(timer);
  }

  protected isUnavailable(error: unknown): boolean {
    return isPostgresUnavailable(error);
  }

  /**
   * kysely's Migrator, told the schema explicitly: without it, it looks for its bookkeeping
   * tables in every schema of the database and would take another schema's for its own. It
   * holds a PostgreSQL advisory lock while it migrates, so concurrent starts apply each
   * migration once, in one transaction. It runs on connections of its own without the statement
   * timeout: a long migration, or waiting for another instance's, is not a failure.
   */
  async migrate(): Promise<void> {
    await this.guard(async () => {
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.db);
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('PostgreSQL: no schema of the search_path exists; create it first (DATABASE_URL options=-c search_path=...)');
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(this.pools.migrationPool()) }) });
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await migrateToLatest(db, postgresMigrations(), { migrationTableSchema: schema });
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
        await db.destroy();
      }
    }, false);
  }

  /** A transaction holding this schema's write lock (a transaction-level advisory lock). */
  protected async writeTransaction<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('partner-catalog:write:' || current_schema()))`.execute(trx);
      return fn(trx);
    });
  }

  /** One REPEATABLE READ, read-only snapshot for reads that must agree with each other. */
  protected override async readSnapshot<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
    return this.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  }

  /**
   * A bulk import leaves the tables as autovacuum finds them, a minute or more later, or never
   * where it is off: the planner's statistics stale (a catalog page sorted all of a partner's
   * granted series, 257 ms instead of 5 ms at 100k series), and the visibility map empty, so
   * every index-only read of a page (the genre keys, search's dictionary) went to the table for
   * each row as well (varied catalog pages 600-660 -> 810-840/s at 1.1M episodes). So a bulk
   * import (shared/kysely-store.ts) that changes a tenth of the catalog runs VACUUM (ANALYZE) on
   * what it wrote, after committing, before it returns: 3 s at 1.1M episodes. VACUUM cannot run
   * in a transaction and may outlast the statement timeout, so it runs on a connection of the
   * migrations' kind, without one.
   */
  override async afterBulkImport(result: ImportResult): Promise<void> {
    const changed = result.seriesChanged + result.episodesChanged;
    // reltuples: the planner's row estimate (-1 or 0 before the first ANALYZE).
    const { rows } = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'episodes'::regclass`.execute(this.db);
    if (changed * 10 < Number(rows[0]?.n ?? 0)) return;
    const pool = this.pools.migrationPool();
    try {
      await pool.query('vacuum (analyze) series, series_genres, seasons, episodes, series_search, episodes_search, search_terms');
    } finally {
      await pool.end();
    }
  }

  /** Usage groups in key order, so concurrent writers lock rows in one order. */
  override async addUsage(increments: UsageIncrement[], batch?: UsageBatch): Promise<boolean> {
    const key = (i: UsageIncrement) => `${i.partnerId}\u0000${i.day}\u0000${i.operation}\u0000${i.seriesId ?? ''}`;
    const sorted = [...increments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    return super.addUsage(sorted, batch);
  }

  /** Ranked with PostgreSQL's own index (postgres/search.ts) on search's connections, in two round trips (postgres/search-page.ts). */
  protected searchPage(request: RankRequest): Promise<HitsPage> {
    return this.searchDb.connection().execute((conn) => postgresSearchPage(conn, request));
  }
}
