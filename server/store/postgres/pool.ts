/**
 * The PostgreSQL engine's connections (server/store/postgres/store.ts uses them): which errors mean
 * "PostgreSQL cannot answer now", a pool seam that never hands out a connection that broke, and
 * the pools one store opens, with the bounds of every wait.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

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
 * One statement on a checked-out connection: through pg's callback, not its promise, and with our
 * own bound on the reply, not pg's query_timeout. Both of pg's forms make the query's callback a
 * closure inside Client#query, and with either a statement's rows outlived two young-generation
 * collections: a share of what every catalog page allocated was promoted to the old generation,
 * and a busy instance ran full collections one after another
 * (docs/decisions/0045-garbage-a-request-leaves.md, docs/performance.md#pg-callback;
 * test/store/postgres-pool.test.ts counts the promoted bytes).
 */
function statement(client: pg.PoolClient, text: string, parameters: unknown[] | undefined, replyTimeoutMs: number | undefined, name: string | undefined): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    // The connection stays busy with the statement; the caller discards it (breaksConnection).
    const timer = replyTimeoutMs === undefined ? undefined : setTimeout(() => reject(new Error('Query read timeout')), replyTimeoutMs);
    const done = (error: Error | undefined, result: pg.QueryResult) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    };
    if (name === undefined) client.query(text, parameters ?? [], done);
    else client.query({ name, text, values: parameters ?? [] }, done);
  });
}

/** Statement texts a guardedPool prepares by name, at most; others run unnamed. */
export const MAX_PREPARED = 64;
/** Names of prepared statements, unique in the process: several guardedPools may share a pg.Pool's connections. */
let preparedNames = 0;

export interface GuardedPoolOptions {
  /** Runs once on each connection before its first use (settings its statements rely on). */
  session?: string | undefined;
  /** Bound on the reply to each statement; a connection whose reply did not come is discarded. */
  replyTimeoutMs?: number | undefined;
  /**
   * Prepare statements by name, once per connection, and reuse them (the first MAX_PREPARED texts
   * seen): for statements of few shapes whose parsing and planning cost a good part of running
   * them (postgres/search.ts, SEARCH_SESSION).
   */
  prepare?: boolean | undefined;
}

/**
 * kysely's pool seam over a pg.Pool: a connection whose statement timed out on the client or broke
 * is released with the error, which makes pg-pool destroy it instead of reusing it (after a
 * client-side timeout the connection may still be busy with the old statement). An error event
 * on a checked-out connection is absorbed (the next query fails instead of the process). A
 * connection its `session` fails on is discarded and the caller gets the error.
 */
export function guardedPool(pool: pg.Pool, options: GuardedPoolOptions = {}): PostgresPool {
  const { session, replyTimeoutMs } = options;
  const sessionRan = new WeakSet<pg.PoolClient>();
  // One name per text, shared by every connection (pg prepares a name on a connection when it first runs there).
  const names = options.prepare ? new Map<string, string>() : undefined;
  const nameOf = (text: string) => {
    if (names === undefined) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `pcas_${preparedNames++}`));
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (error: Error) => void (broken ??= error);
      client.on('error', onError);
      const run = async (text: string, parameters: ReadonlyArray<unknown> | undefined, name: string | undefined): Promise<pg.QueryResult> => {
        try {
          return await statement(client, text, parameters as unknown[] | undefined, replyTimeoutMs, name);
        } catch (error) {
          if (name !== undefined && (error as { code?: unknown }).code === '0A000') {
            // A prepared statement whose result type a migration changed (another instance's, in a
            // rolling deploy) is refused before it runs ("cached plan must not change result
            // type"), on this connection until it is gone: the statement runs again unnamed, and
            // the connection is retired, so no request fails for it.
            broken ??= error as Error;
            return run(text, parameters, undefined);
          }
          if (breaksConnection(error)) broken ??= error as Error;
          throw error;
        }
      };
      const query = (text: string, parameters?: ReadonlyArray<unknown>) => run(text, parameters, nameOf(text));
      if (session !== undefined && !sessionRan.has(client)) {
        try {
          // Never prepared: a session may be several statements.
          await run(session, undefined, undefined);
        } catch (error) {
          client.removeListener('error', onError);
          client.release(error as Error);
          throw error;
        }
        sessionRan.add(client);
      }
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

export interface PostgresPools {
  /** The connections of every store operation but search. */
  pool: pg.Pool;
  /**
   * Search's connections, as many as `pool`'s and opened only when searched: their sessions carry
   * search's planner settings (postgres/search.ts, SEARCH_SESSION), which no other read wants.
   */
  search: pg.Pool;
  /**
   * One connection of its own for the readiness probe (ping), so that /readyz tells whether
   * PostgreSQL answers, not whether this instance's pool is busy: under load, a probe queued
   * behind requests would take a healthy instance out of rotation.
   */
  probe: pg.Pool;
  /** Bound on the reply to one statement on `pool` and `search` (guardedPool): the statement timeout + 1 s. */
  replyTimeoutMs: number;
  /** Opens the connections migrations run on: without the statement timeout. */
  migrationPool: () => pg.Pool;
  /**
   * Bound on one store operation from start to answer (StoreCore.guard, server/store/shared/core.ts): a statement and
   * the reply it waits for (statement timeout + 1 s), or opening a connection if that is longer.
   */
  operationTimeoutMs: number;
}

/** The pools of a store over the database at url; they connect lazily. */
export function openPools(url: string, options: PostgresOptions = {}): PostgresPools {
  const statementTimeoutMs = Math.max(1, Math.trunc(options.statementTimeoutMs ?? 5_000));
  const connectTimeoutMs = Math.max(1, Math.trunc(options.connectTimeoutMs ?? 3_000));
  // A server that stopped answering (not one that is merely slow) fails on the client side:
  // guardedPool bounds each reply on `pool` and `search`, pg itself on the probe's.
  const replyTimeoutMs = statementTimeoutMs + 1_000;
  const bounded = {
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    // Idle transactions would hold the advisory write lock; the server ends such sessions.
    idle_in_transaction_session_timeout: Math.max(10_000, statementTimeoutMs * 2),
    keepAlive: true,
  };
  // An idle connection that breaks (server restart, network) emits here; without a listener the
  // process would crash. The pool drops it and opens a new one on demand.
  const watched = (pool: pg.Pool) => pool.on('error', (error) => options.onPoolError?.(error));
  const max = Math.max(1, Math.trunc(options.poolMax ?? 10));
  const pool = watched(new pg.Pool({ ...bounded, max, application_name: 'partner-catalog' }));
  const search = watched(new pg.Pool({ ...bounded, max, application_name: 'partner-catalog-search' }));
  // The probe is queried through pg-pool itself, so pg bounds its replies.
  const probe = watched(new pg.Pool({ ...bounded, query_timeout: replyTimeoutMs, max: 1, application_name: 'partner-catalog-probe' }));
  const migrationPool = () =>
    watched(new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true, application_name: 'partner-catalog-migrate' }));
  return { pool, search, probe, migrationPool, replyTimeoutMs, operationTimeoutMs: Math.max(replyTimeoutMs, connectTimeoutMs) };
}
