/**
 * The PostgreSQL engine: pg through kysely's PostgresDialect, for several instances sharing one
 * database. Only what is PostgreSQL-specific lives here and beside it (connections and their
 * bounds in pool.ts, shared partner-state reads in fresh-reads.ts, search in search.ts); the
 * queries are the shared doors of shared/, which openPostgresStore assembles over its StoreCore.
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
import type { Store } from '../interfaces.js';
import type { ImportResult, PartnerState, UsageIncrement } from '../records.js';
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
import { partners, readPartnerState } from '../shared/partners.js';
import type { Database } from '../shared/schema.js';
import { catalogSearch } from '../shared/search.js';
import { transactions } from '../shared/store-tx.js';
import { studioQueries } from '../shared/studio-queries.js';
import { usage } from '../shared/usage-queries.js';
import { webhooks } from '../shared/webhook-queries.js';
import { FreshReads } from './fresh-reads.js';
import { migratePostgres } from './migrate.js';
import { guardedPool, isPostgresUnavailable, openPools, type PostgresOptions, type PostgresPools } from './pool.js';
import { SEARCH_SESSION } from './search.js';
import { postgresSearchPage } from './search-page.js';
import { postgresSearchIndex } from './search-index.js';

/**
 * A bulk import leaves the tables as autovacuum finds them, a minute or more later, or never
 * where it is off: the planner's statistics stale (a catalog page sorted all of a partner's
 * granted series, 257 ms instead of 5 ms at 100k series), and the visibility map empty, so
 * every index-only read of a page (the genre keys, search's dictionary) went to the table for
 * each row as well (varied catalog pages 600-660 -> 810-840/s at 1.1M episodes). So a bulk
 * import (shared/catalog-import.ts) that changes a tenth of the catalog runs VACUUM (ANALYZE) on
 * what it wrote, after committing, before it returns: 3 s at 1.1M episodes. VACUUM cannot run
 * in a transaction and may outlast the statement timeout, so it runs on a connection of the
 * migrations' kind, without one.
 */
async function vacuumAfterBulkImport(db: Kysely<Database>, pools: Omit<PostgresPools, 'pool' | 'search'>, result: ImportResult): Promise<void> {
  const changed = result.seriesChanged + result.episodesChanged;
  // reltuples: the planner's row estimate (-1 or 0 before the first ANALYZE).
  const { rows } = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'episodes'::regclass`.execute(db);
  if (changed * 10 < Number(rows[0]?.n ?? 0)) return;
  const pool = pools.migrationPool();
  try {
    await pool.query('vacuum (analyze) series, series_genres, seasons, episodes, series_search, episodes_search, search_terms');
  } finally {
    await pool.end();
  }
}

/** Usage groups in key order, so concurrent writers lock rows in one order. */
function inKeyOrder(increments: UsageIncrement[]): UsageIncrement[] {
  const key = (i: UsageIncrement) => `${i.partnerId}\u0000${i.day}\u0000${i.operation}\u0000${i.seriesId ?? ''}`;
  return [...increments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A store over the database at url (a postgres:// or postgresql:// URL). Connects lazily; does not migrate. */
export function openPostgresStore(url: string, options: PostgresOptions = {}): Store {
  const { pool, search, ...pools } = openPools(url, options);
  const over = (p: pg.Pool, options: { session?: string; prepare?: boolean } = {}) =>
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(p, { ...options, replyTimeoutMs: pools.replyTimeoutMs }) }) });
  const db = over(pool);
  // Search's own connections, with its planner settings (postgres/search.ts, SEARCH_SESSION).
  // Search's statements come in a few dozen shapes at most, and parsing and planning one was a
  // large share of its time in PostgreSQL: prepared once per connection. Catalog pages are not:
  // their plans depend on their parameters (docs/decisions/0046-prepared-statements-on-postgresql.md).
  const searchDb = over(search, { session: SEARCH_SESSION, prepare: true });
  // `db`'s connections, its statements prepared: the partner state every authenticated request
  // reads, whose parsing and planning took 0.14 of its 0.16 ms in PostgreSQL. Not destroyed
  // apart: it ends with `db`, whose pool it shares.
  const preparedDb = over(pool, { prepare: true });

  const core = new StoreCore({
    engine: 'postgres',
    db,
    isUnavailable: isPostgresUnavailable,
    operationTimeoutMs: pools.operationTimeoutMs,
    // A transaction holding this schema's write lock (a transaction-level advisory lock).
    writeTransaction: (fn) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('partner-catalog:write:' || current_schema()))`.execute(trx);
        return fn(trx);
      }),
    // One REPEATABLE READ, read-only snapshot for reads that must agree with each other.
    readSnapshot: (fn) => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn),
  });
  /**
   * Every authenticated request reads its partner's state (revocation is immediate): concurrent
   * requests of one partner share reads that began after they arrived (fresh-reads.ts), so a
   * busy partner costs about one round trip per round-trip time instead of one per request. The
   * operation bound covers the wait for a shared read too.
   */
  const partnerStates = new FreshReads<string, PartnerState>((id) => readPartnerState(preparedDb, id));
  const afterBulkImport = (totals: ImportResult) => vacuumAfterBulkImport(db, pools, totals);
  return {
    ...lifecycle(core),
    ...partners(core),
    ...grants(core),
    ...catalogReads(core, 'planner'), // From the planner's statistics, kept fresh by autovacuum and by afterBulkImport.
    // Ranked with PostgreSQL's own index (postgres/search.ts) on search's connections, in two round trips (postgres/search-page.ts).
    ...catalogSearch(core, (request) => searchDb.connection().execute((conn) => postgresSearchPage(conn, request))),
    ...usage(core, inKeyOrder),
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
    ...catalogWrites(core, postgresSearchIndex, afterBulkImport),
    readPartnerState: (id) => core.guard(() => partnerStates.get(id)),
    /** On the probe's own connection (server/store/postgres/pool.ts): whether PostgreSQL answers, however busy the pool. */
    ping: () =>
      core.guard(async () => {
        await pools.probe.query('select key from settings limit 1');
      }),
    migrate: () => core.guard(() => migratePostgres(db, pools), false),
    /**
     * Closes the pool, waiting at most 5 s: ending a connection to a server that stopped answering
     * can wait forever, and a shutdown must not (its sockets die with the process).
     */
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 5_000);
        timer.unref();
      });
      await Promise.race([Promise.all([db.destroy(), searchDb.destroy(), pools.probe.end()]), bound]);
      clearTimeout(timer);
    },
  };
}
