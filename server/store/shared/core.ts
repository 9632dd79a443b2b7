/**
 * What every store operation of an engine runs through, whatever it reads or writes: the
 * engine's database and its write transactions and read snapshots, the guard (unavailability and
 * the operation's time bound), page-size checks and cursor keys. Each engine (sqlite/store.ts,
 * postgres/store.ts) makes one and hands it to the shared query modules of this folder, which
 * return the doors of interfaces.ts; the engine assembles them into its Store.
 *
 * The bound is on the whole operation, not on each wait inside it. PostgreSQL bounds each wait
 * by itself (connecting, waiting for a pooled connection, each statement), but one operation can
 * meet several in a row when the database stalls: a wait for a pooled connection, then a
 * statement on a connection that stopped answering, or a read queued behind another caller's
 * (server/store/postgres/fresh-reads.ts). Bounded one by one, they add up (9 s measured against
 * the documented 6 s). And it is counted from the request's arrival (request-start.ts): a
 * request that queued before reaching the store, or makes several operations, still answers
 * within it (6.24 s measured with the bound counted from each operation's start).
 */
import type { Kysely } from 'kysely';
import { CursorCodec } from '../cursor.js';
import { InvalidCursorError, StoreUnavailableError } from '../errors.js';
import type { AvailabilityObserver } from '../interfaces.js';
import type { PageRequest } from '../records.js';
import { monotonicNow, requestArrival } from '../request-start.js';
import { checkLimit } from './paging.js';
import type { Database } from './schema.js';

/** Runs fn against one database handle: the engine's own, a transaction's or a snapshot's. */
export type WithDb = <R>(fn: (db: Kysely<Database>) => Promise<R>) => Promise<R>;

/** What an engine supplies; everything else is shared. */
export interface EngineParts {
  engine: 'sqlite' | 'postgres';
  db: Kysely<Database>;
  /** True when a driver error means the engine cannot answer now (busy, locked, unreachable). */
  isUnavailable(error: unknown): boolean;
  /** Runs fn in a read-write transaction holding the engine's write lock, so read-then-write changes serialize. */
  writeTransaction: WithDb;
  /**
   * Runs several reads against one snapshot, so a concurrent import cannot make them disagree
   * (search hits ranked before and hydrated after a change). Default: a plain transaction, which
   * SQLite's deferred BEGIN makes a snapshot in WAL mode.
   */
  readSnapshot?: WithDb;
  /**
   * Bound on one operation from start to answer, or from its request's arrival when it serves
   * one; undefined: the engine's own waits bound it.
   */
  operationTimeoutMs?: number;
  /** The monotonic clock the bound is read on (tests inject one). */
  now?: () => number;
}

/** Resolves or rejects as work does, or rejects with StoreUnavailableError after ms, whichever comes first. */
function withinDeadline<R>(work: () => Promise<R>, ms: number, bound: number, engine: string): Promise<R> {
  const late = () => new StoreUnavailableError(`${engine} store did not answer within ${bound} ms`);
  // Nothing left of the request's bound: refused before it takes a connection.
  if (ms <= 0) return Promise.reject(late());
  let started: Promise<R>;
  try {
    started = work();
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise<R>((resolve, reject) => {
    // The abandoned work still ends by itself (each of its waits is bounded) and frees its connection.
    const timer = setTimeout(() => reject(late()), ms);
    started.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export class StoreCore {
  readonly engine: 'sqlite' | 'postgres';
  readonly db: Kysely<Database>;
  readonly writeTransaction: WithDb;
  readonly readSnapshot: WithDb;
  /** Signs and checks page cursors; a key of this process only until the store's useCursorKeys replaces it. */
  cursors = CursorCodec.ephemeral();
  /** Told of every guarded operation's outcome (the store's watchAvailability). */
  observer: AvailabilityObserver | undefined;
  private readonly isUnavailable: (error: unknown) => boolean;
  private readonly timeoutMs: number | undefined;
  private readonly now: () => number;

  constructor(parts: EngineParts) {
    this.engine = parts.engine;
    this.db = parts.db;
    this.writeTransaction = parts.writeTransaction;
    this.readSnapshot = parts.readSnapshot ?? ((fn) => parts.db.transaction().execute(fn));
    this.isUnavailable = parts.isUnavailable;
    this.timeoutMs = parts.operationTimeoutMs;
    this.now = parts.now ?? monotonicNow;
  }

  /** What is left of the bound for an operation starting now: the whole of it, less what its request has waited. */
  private remainingMs(bound: number): number {
    const arrived = requestArrival();
    return arrived === undefined ? bound : bound - (this.now() - arrived);
  }

  /**
   * Runs fn as one store operation: engine errors that mean "cannot answer now" become
   * StoreUnavailableError (503 with Retry-After), the observer hears whether the engine answered,
   * and unless `bounded` is false (migrations, imports: admin work that may rightly take long)
   * the operation answers within the engine's operation timeout, counted from its request's arrival.
   */
  async guard<R>(fn: () => Promise<R>, bounded = true): Promise<R> {
    const bound = bounded ? this.timeoutMs : undefined;
    try {
      const result = await (bound === undefined ? fn() : withinDeadline(fn, this.remainingMs(bound), bound, this.engine));
      this.observer?.available();
      return result;
    } catch (error) {
      // A refused cursor is the caller's mistake, never an outage.
      if (error instanceof InvalidCursorError) throw error;
      if (error instanceof StoreUnavailableError) {
        this.observer?.unavailable(error);
        throw error;
      }
      // A closed store (kysely destroyed its driver) cannot answer either; it is no outage.
      if (error instanceof Error && error.message === 'driver has already been destroyed') {
        throw new StoreUnavailableError(`${this.engine} store unavailable: ${error.message}`, { cause: error });
      }
      if (this.isUnavailable(error)) {
        const unavailable = new StoreUnavailableError(`${this.engine} store unavailable: ${(error as Error).message}`, { cause: error });
        this.observer?.unavailable(unavailable);
        throw unavailable;
      }
      throw error;
    }
  }

  /** A paged read, guarded: the page size checked first (RangeError unless 1 to max, 100 unless the listing allows more), once for every listing. */
  paged<R>(page: PageRequest, run: () => Promise<R>, max = 100): Promise<R> {
    return this.guard(() => {
      checkLimit(page.limit, max);
      return run();
    });
  }
}
