/**
 * The PostgreSQL engine: pg through kysely's PostgresDialect, for several instances sharing one
 * database. Only what is PostgreSQL-specific lives here; queries are in kysely-store.ts.
 *
 * - Every wait is bounded: connecting (connectTimeoutMs), waiting for a pooled connection (the
 *   same bound), each statement (statement_timeout on the server) and each reply (query_timeout
 *   on the client, a little longer, for a server that stopped answering). A connection that timed
 *   out or broke is discarded, never handed out again. All of these become StoreUnavailableError
 *   (503 with Retry-After), and the pool reconnects by itself once PostgreSQL is back.
 * - Migrations run under kysely's PostgreSQL advisory lock, so instances starting at once apply
 *   them once; writes that read then write (imports, usage counts, settings) take a transaction
 *   advisory lock of their schema, serializing them as SQLite's single writer does.
 * - Multi-statement reads use one REPEATABLE READ snapshot.
 * - The schema is the first one of the connection's search_path (libpq `options=-c search_path=…`
 *   in DATABASE_URL selects another than `public`).
 */
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { RankedHit } from './catalog-read.js';
import type { SearchIndexChanges } from './catalog-import.js';
import { FreshReads } from './fresh-reads.js';
import { KyselyStore, type RankRequest } from './kysely-store.js';
import { postgresMigrations, staticProvider } from './migrations/index.js';
import { RANK_WEIGHTS, searchDocument, searchQuery } from './postgres-search.js';
import type { Database } from './schema.js';
import type { ImportResult, ImportSeries, PartnerRecord, UsageIncrement } from './types.js';

export interface PostgresOptions {
  /** Connections per process (default 10). */
  poolMax?: number;
  /** Bound on opening a connection and on waiting for a free one (default 3000 ms). */
  connectTimeoutMs?: number;
  /** Bound on one statement, enforced by the server (default 5000 ms); replies wait 1 s longer. */
  statementTimeoutMs?: number;
  /** Told about pool-level connection errors (idle connections that broke); default: ignored. */
  onPoolError?: (error: Error) => void;
}

const ROWS_PER_STATEMENT = 500;
const INDEXED_ID = /^(?:ser|ep)_[0-9a-z]{10}$/;

/** Matches ranked per part (series, episodes) of a search; see rankHits. */
const RANK_CANDIDATES = 5_000;
/** An import that changes at least this many rows, and a tenth of the catalog, refreshes the planner's statistics. */
export const ANALYZE_AFTER_ROWS = 10_000;

/** Ids the search index takes, as on SQLite (whose FTS rowid derives from them): others fail the import. */
function indexedId(id: string): string {
  if (!INDEXED_ID.test(id)) throw new TypeError(`not a series or episode id: ${id}`);
  return id;
}

/**
 * SQLSTATEs meaning "cannot answer now": connection exceptions (08), operator intervention
 * (57: shutdown, statement timeout 57014, cannot connect now), insufficient resources (53),
 * lock not available (55P03), serialization failure and deadlock (40001, 40P01).
 */
const UNAVAILABLE_SQLSTATE = /^(08|57|53)|^55P03$|^40001$|^40P01$/;
/** Node socket and DNS errors of an unreachable server. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** pg's own messages for timeouts and broken or closed connections. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end|connection timeout|Client has encountered a connection error/i;

/** True when a pg error means PostgreSQL cannot answer now (unreachable, timed out, shutting down). */
export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isPostgresUnavailable)) return true;
  return UNAVAILABLE_MESSAGE.test(error.message);
}

/** True when the connection that raised the error must not be reused. */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // A statement the server cancelled (57014) leaves the connection healthy.
  if (code === '57014') return false;
  return isPostgresUnavailable(error);
}

/**
 * kysely's pool seam over a pg.Pool: a connection whose query timed out on the client or broke
 * is released with the error, which makes pg-pool destroy it instead of reusing it (after a
 * client-side timeout the connection may still be busy with the old statement). An error event
 * on a checked-out connection is absorbed (the next query fails instead of the process).
 */
function guardedPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (error: Error) => void (broken ??= error);
      client.on('error', onError);
      const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
        try {
          return await client.query(text, parameters as unknown[]);
        } catch (error) {
          if (breaksConnection(error)) broken ??= error as Error;
          throw error;
        }
      };
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release() {
          client.removeListener('error', onError);
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}

export class PostgresStore extends KyselyStore {
  readonly engine = 'postgres' as const;

  private constructor(
    db: Kysely<Database>,
    /** Opens the connections migrations run on (see migrate). */
    private readonly migrationPool: () => pg.Pool,
  ) {
    super(db);
  }

  /** A store over the database at url (a postgres:// or postgresql:// URL). Connects lazily; does not migrate. */
  static open(url: string, options: PostgresOptions = {}): PostgresStore {
    const statementTimeoutMs = Math.max(1, Math.trunc(options.statementTimeoutMs ?? 5_000));
    const pool = new pg.Pool({
      connectionString: url,
      max: Math.max(1, Math.trunc(options.poolMax ?? 10)),
      connectionTimeoutMillis: Math.max(1, Math.trunc(options.connectTimeoutMs ?? 3_000)),
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeoutMs,
      // A server that stopped answering (not one that is merely slow) fails on the client side.
      query_timeout: statementTimeoutMs + 1_000,
      // Idle transactions would hold the advisory write lock; the server ends such sessions.
      idle_in_transaction_session_timeout: Math.max(10_000, statementTimeoutMs * 2),
      keepAlive: true,
      application_name: 'partner-catalog',
    });
    // An idle connection that breaks (server restart, network) emits here; without a listener the
    // process would crash. The pool drops it and opens a new one on demand.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
    const migrationPool = () => {
      const p = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: pool.options.connectionTimeoutMillis, keepAlive: true, application_name: 'partner-catalog-migrate' });
      p.on('error', (error) => options.onPoolError?.(error));
      return p;
    };
    return new PostgresStore(db, migrationPool);
  }

  /**
   * Every authenticated request reads its partner's state (revocation is immediate): concurrent
   * requests of one partner share reads that began after they arrived (server/store/fresh-reads.ts),
   * so a busy partner costs about one round trip per round-trip time instead of one per request.
   */
  private readonly partnerStates = new FreshReads<string, { partner: PartnerRecord | undefined; contentVersion: number }>((id) => super.readPartnerState(id));

  override async readPartnerState(id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }> {
    return this.partnerStates.get(id);
  }

  protected migrations(): Record<string, Migration> {
    return postgresMigrations();
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
    await Promise.race([super.close(), bound]);
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
  override async migrate(): Promise<void> {
    await this.guard(async () => {
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.db);
      const schema = rows[0]?.schema;
      if (!schema) throw new Error('PostgreSQL: no schema of the search_path exists; create it first (DATABASE_URL options=-c search_path=...)');
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(this.migrationPool()) }) });
      try {
        const migrator = new Migrator({ db, provider: staticProvider(this.migrations()), migrationTableSchema: schema });
        for (let attempt = 1; ; attempt++) {
          const { error } = await migrator.migrateToLatest();
          if (!error) break;
          // kysely's introspection scans every schema of the database (has_schema_privilege per
          // schema name): another schema dropped during that scan fails it with 3F000 naming that
          // schema. Nothing of ours changed, so try again (bounded).
          const other = (error as { code?: string }).code === '3F000' && !String((error as Error).message).includes(`"${schema}"`);
          if (other && attempt < 5) continue;
          throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
        }
      } finally {
        await db.destroy();
      }
    });
  }

  /** A transaction holding this schema's write lock (a transaction-level advisory lock). */
  protected override async writeTransaction<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
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
   * A bulk import leaves the planner's statistics stale until autovacuum gets to the tables (a
   * minute or more later); meanwhile a catalog page sorted all of a partner's granted series
   * (257 ms instead of 5 ms at 100k series) and search could not tell common words from rare
   * ones. So an import that changes a tenth of the catalog (and at least ANALYZE_AFTER_ROWS rows)
   * runs ANALYZE on what it wrote, after committing, before it returns.
   */
  override async importCatalog(series: ImportSeries[], now: string): Promise<ImportResult> {
    const result = await super.importCatalog(series, now);
    const changed = result.seriesChanged + result.episodesChanged;
    if (changed < ANALYZE_AFTER_ROWS) return result;
    await this.guard(async () => {
      // reltuples: the planner's row estimate (-1 or 0 before the first ANALYZE).
      const { rows } = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'episodes'::regclass`.execute(this.db);
      if (changed * 10 >= Number(rows[0]?.n ?? 0)) await sql`analyze series, episodes, series_search, episodes_search`.execute(this.db);
    });
    return result;
  }

  /** Usage groups in key order, so concurrent writers lock rows in one order. */
  override async addUsage(increments: UsageIncrement[]): Promise<void> {
    const key = (i: UsageIncrement) => `${i.partnerId}\u0000${i.day}\u0000${i.operation}\u0000${i.seriesId ?? ''}`;
    const sorted = [...increments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    await super.addUsage(sorted);
  }

  protected async indexForSearch(db: Kysely<Database>, changes: SearchIndexChanges): Promise<void> {
    const series = changes.series.map((s) => s.id);
    const episodes = [...changes.episodes.map((e) => e.id), ...changes.removedEpisodes];
    for (let i = 0; i < series.length; i += ROWS_PER_STATEMENT) {
      await sql`delete from series_search where id in (${sql.join(series.slice(i, i + ROWS_PER_STATEMENT))})`.execute(db);
    }
    for (let i = 0; i < episodes.length; i += ROWS_PER_STATEMENT) {
      await sql`delete from episodes_search where id in (${sql.join(episodes.slice(i, i + ROWS_PER_STATEMENT))})`.execute(db);
    }
    for (let i = 0; i < changes.series.length; i += ROWS_PER_STATEMENT) {
      const values = changes.series.slice(i, i + ROWS_PER_STATEMENT).map((s) => {
        const document = searchDocument([[s.title, 'A'], [s.short_synopsis, 'B'], [s.synopsis, 'C']]);
        return sql`(${indexedId(s.id)}, ${document}::tsvector)`;
      });
      await sql`insert into series_search (id, document) values ${sql.join(values)}`.execute(db);
    }
    for (let i = 0; i < changes.episodes.length; i += ROWS_PER_STATEMENT) {
      const values = changes.episodes.slice(i, i + ROWS_PER_STATEMENT).map((e) => {
        const document = searchDocument([[e.title, 'A'], [e.synopsis, 'C']]);
        return sql`(${indexedId(e.id)}, ${e.series_id}, ${document}::tsvector)`;
      });
      await sql`insert into episodes_search (id, series_id, document) values ${sql.join(values)}`.execute(db);
    }
  }

  /**
   * ts_rank with weights A (titles) > B (short synopses) > C (synopses), times 10 so that good
   * hits score like SQLite's bm25 after normalizedScore. Ties by id, bytewise.
   */
  protected async rankHits(db: Kysely<Database>, r: RankRequest): Promise<RankedHit[]> {
    const query = searchQuery(r.tokens);
    if (query === null) return [];
    // Each part ranks at most RANK_CANDIDATES readable matches (the first the scan yields):
    // ranking every match of a common word (`a`, a 1.1M-episode catalog) ran past the statement
    // timeout. Rarer words are ranked in full. Recorded with the SQLite engine's bounds in
    // docs/decisions.md. The query is a bound value in each condition, not a CTE column, so the
    // planner sees the words and their statistics: for a common word it then reads the table in
    // order and stops after RANK_CANDIDATES matches, where the opaque CTE value always had it scan
    // the whole GIN posting list first (`the` at 1.1M episodes: ~480 -> ~35 ms).
    const tsquery = sql`${query}::tsquery`;
    const rank = sql`10 * ts_rank(${RANK_WEIGHTS}::float4[], c.document, ${tsquery})`;
    const seriesPart = sql`select 'series'::text as type, c.id as id, ${rank} as relevance
      from (select x.id, x.document from series_search x join partner_grants g on g.series_id = x.id
        where x.document @@ ${tsquery} and g.partner_id = ${r.partnerId} and g.can_read = 1 limit ${RANK_CANDIDATES}) c`;
    const episodePart = sql`select 'episode'::text as type, c.id as id, ${rank} as relevance
      from (select x.id, x.document from episodes_search x join partner_grants g on g.series_id = x.series_id
        where x.document @@ ${tsquery} and g.partner_id = ${r.partnerId} and g.can_read = 1 limit ${RANK_CANDIDATES}) c`;
    const union =
      r.type === 'series' ? seriesPart : r.type === 'episode' ? episodePart : sql`${seriesPart} union all ${episodePart}`;
    const { rows } = await sql<RankedHit>`select type, id, relevance from (${union}) hits
      order by relevance desc, id collate "C" asc limit ${r.limit} offset ${r.offset}`.execute(db);
    return rows.map((row) => ({ type: row.type, id: row.id, relevance: Number(row.relevance) }));
  }
}
