/**
 * What every store operation runs through, whatever it reads or writes: the engine's database,
 * its transactions and availability guard, page-size checks and cursor keys. The engine
 * subclasses (sqlite/store.ts, postgres/store.ts) supply the abstract parts.
 */
import type { Kysely } from 'kysely';
import { CursorCodec, type SecretKey } from '../cursor.js';
import { guarded } from './guard.js';
import { checkLimit } from './paging.js';
import type { Database } from './schema.js';
import type * as T from '../types.js';

export abstract class StoreBase {
  abstract readonly engine: 'sqlite' | 'postgres';

  private observer: T.AvailabilityObserver | undefined;

  constructor(
    protected readonly db: Kysely<Database>,
    /** Bound on one operation from start to answer; undefined: the engine's own waits bound it. */
    private readonly operationTimeoutMs?: number,
  ) {}

  /** Signs and checks page cursors; a key of this process only until useCursorKeys is called. */
  protected cursors = CursorCodec.ephemeral();

  useCursorKeys(keys: SecretKey[]): void {
    this.cursors = new CursorCodec(keys);
  }

  /** True when a driver error means the engine cannot answer now (busy, locked, unreachable). */
  protected abstract isUnavailable(error: unknown): boolean;

  /** Runs fn in a read-write transaction holding the engine's write lock, so read-then-write changes serialize. */
  protected abstract writeTransaction<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R>;
  /** Applies the engine's pending migrations; safe to call from several processes at once. */
  abstract migrate(): Promise<void>;

  /**
   * Runs several reads against one snapshot, so a concurrent import cannot make them disagree
   * (search hits ranked before and hydrated after a change). SQLite's deferred BEGIN is a
   * snapshot in WAL mode; PostgreSQL overrides this with REPEATABLE READ.
   */
  protected async readSnapshot<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Runs a store operation (server/store/shared/guard.ts): engine-unavailable errors become
   * StoreUnavailableError, and unless `bounded` is false (migrations, imports: admin work that may
   * rightly take long) the operation answers within the engine's operation timeout.
   */
  protected async guard<R>(fn: () => Promise<R>, bounded = true): Promise<R> {
    return guarded(fn, this.engine, (error) => this.isUnavailable(error), bounded ? this.operationTimeoutMs : undefined, this.observer);
  }

  /** A paged read, guarded: the page size checked first (RangeError unless 1 to 100), once for every listing. */
  protected async paged<R>(page: T.PageRequest, run: () => Promise<R>): Promise<R> {
    return this.guard(async () => {
      checkLimit(page.limit);
      return run();
    });
  }

  watchAvailability(observer: T.AvailabilityObserver): void {
    this.observer = observer;
  }

  async ping(): Promise<void> {
    await this.guard(async () => {
      await this.db.selectFrom('settings').select('key').limit(1).execute();
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
