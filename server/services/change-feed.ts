/**
 * The change feed's retention (docs/decisions, "change feed"): how far back a feed cursor may
 * reach (the partner API's feed handler), and the sweep that deletes older events and writes the
 * secret.previous_expired events whose instant has come (server/runtime.ts runs it on a timer;
 * a partner reading its own feed gets its own expiry written at once, by the store).
 */
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { ChangeFeedUpkeep } from '../store/index.js';

const DAY_MS = 86_400_000;

/** The feed's default retention, in days (CHANGE_FEED_RETENTION_DAYS). */
export const DEFAULT_RETENTION_DAYS = 30;

/** The oldest instant the feed still keeps events from, at nowMs. */
export function retainedSince(nowMs: number, retentionDays: number): string {
  return new Date(nowMs - retentionDays * DAY_MS).toISOString();
}

/** One sweep at the clock's now. */
export async function sweepChangeFeed(store: ChangeFeedUpkeep, clock: Clock, retentionDays: number): Promise<{ written: number; deleted: number }> {
  const now = clock.now();
  return store.sweepEvents(new Date(now).toISOString(), retainedSince(now, retentionDays));
}

/**
 * Sweeps every intervalMs until stopped; a failed sweep is logged and the next one tries again
 * (several instances sweeping at once is harmless: the writes are conditional, deletes idempotent).
 */
export function startChangeFeedSweep(options: { store: ChangeFeedUpkeep; clock: Clock; retentionDays: number; logger: Logger; intervalMs?: number }): { stop(): void } {
  const { store, clock, retentionDays, logger } = options;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepChangeFeed(store, clock, retentionDays)
      .then(({ written, deleted }) => {
        if (written + deleted > 0) logger.debug({ written, deleted }, 'change feed swept');
      })
      .catch((err: unknown) => logger.warn({ cause: (err as Error).message }, 'change feed sweep failed; the next one tries again'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
