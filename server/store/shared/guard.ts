/**
 * How every store operation runs (KyselyStore.guard): engine errors that mean "cannot answer
 * now" become StoreUnavailableError (503 with Retry-After), the operation is bounded in time when
 * the engine has a bound, and an observer hears whether the engine answered.
 *
 * The bound is on the whole operation, not on each wait inside it. PostgreSQL bounds each wait
 * by itself (connecting, waiting for a pooled connection, each statement), but one operation can
 * meet several in a row when the database stalls: a wait for a pooled connection, then a
 * statement on a connection that stopped answering, or a read queued behind another caller's
 * (server/store/postgres/fresh-reads.ts). Bounded one by one, they add up (9 s measured against
 * the documented 6 s).
 */
import { ApiError, StoreUnavailableError } from '../../http/errors.js';
import type { AvailabilityObserver } from '../types.js';

/** Resolves or rejects as work does, or rejects with StoreUnavailableError after ms, whichever comes first. */
function withinDeadline<R>(work: Promise<R>, ms: number, engine: string): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    // The abandoned work still ends by itself (each of its waits is bounded) and frees its connection.
    const timer = setTimeout(() => reject(new StoreUnavailableError(`${engine} store did not answer within ${ms} ms`)), ms);
    work.then(
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

/**
 * Runs fn as one store operation of engine: within timeoutMs when given, its unavailability
 * errors (isUnavailable) turned into StoreUnavailableError, and observer told either way.
 */
export async function guarded<R>(
  fn: () => Promise<R>,
  engine: string,
  isUnavailable: (error: unknown) => boolean,
  timeoutMs: number | undefined,
  observer: AvailabilityObserver | undefined,
): Promise<R> {
  try {
    const result = await (timeoutMs === undefined ? fn() : withinDeadline(fn(), timeoutMs, engine));
    observer?.available();
    return result;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof StoreUnavailableError) {
      observer?.unavailable(error);
      throw error;
    }
    // A closed store (kysely destroyed its driver) cannot answer either; it is no outage.
    if (error instanceof Error && error.message === 'driver has already been destroyed') {
      throw new StoreUnavailableError(`${engine} store unavailable: ${error.message}`, { cause: error });
    }
    if (isUnavailable(error)) {
      const unavailable = new StoreUnavailableError(`${engine} store unavailable: ${(error as Error).message}`, { cause: error });
      observer?.unavailable(unavailable);
      throw unavailable;
    }
    throw error;
  }
}
