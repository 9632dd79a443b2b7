/**
 * The paced batch loop every job runs (catalog imports, bulk grant changes): one batch at a time,
 * a turn of the event loop after each, then a pause in proportion to the time the batch took
 * (the contract's x-catalog-import.pause_percent), so partners' requests get the store between
 * batches and a job takes as long as it must (docs/decisions/0107-imports-yield-to-partners.md).
 */
import { setImmediate as nextTurn, setTimeout as wait } from 'node:timers/promises';

export interface Pacing {
  /** Items per batch (per transaction), 1 to 10,000. */
  batchSize: number;
  /** Pause after each batch, in percent of the time the batch took; 0 or absent: only a turn of the event loop. */
  pausePercent?: number;
  /** Waits ms (tests inject one); defaults to a timer. */
  pause?: (ms: number) => Promise<void>;
  /** Monotonic milliseconds (tests inject one); defaults to performance.now. */
  monotonic?: () => number;
}

/** Calls each with the items in batches from `from` on, in order, told how many are done after the batch; rejects with each's error. */
export async function pacedBatches<T>(items: readonly T[], from: number, pacing: Pacing, each: (batch: T[], doneAfter: number) => Promise<void>): Promise<void> {
  const monotonic = pacing.monotonic ?? (() => performance.now());
  const pause = pacing.pause ?? ((ms: number) => wait(ms).then(() => undefined));
  const pausePercent = pacing.pausePercent ?? 0;
  let done = from;
  while (done < items.length) {
    const batch = items.slice(done, done + pacing.batchSize);
    const started = monotonic();
    await each(batch, done + batch.length);
    const batchMs = monotonic() - started;
    done += batch.length;
    // A SQLite store that writes in this thread (an in-memory database, the admin CLI) runs every
    // statement synchronously, and kysely chains them with promises that are already settled:
    // without a turn of the event loop here a whole job ran as one microtask chain, and no
    // request, probe or timer ran until its last batch.
    await nextTurn();
    if (pausePercent > 0 && done < items.length) await pause(Math.round((batchMs * pausePercent) / 100));
  }
}
