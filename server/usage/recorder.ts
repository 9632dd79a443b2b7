/**
 * Usage counting that never slows a request: counts are summed in memory per (partner, UTC day,
 * operation, series) and written to the store in one batch at least once a second, and on
 * shutdown. A failed write keeps the counts for the next flush, so nothing is lost while the
 * process lives; counts a shutdown cannot write in time are spooled to a local file
 * (server/usage/spool.ts); a hard crash loses at most the last flush interval of counts.
 *
 * Counted exactly once: a write can fail on the writer's side after the store committed it (the
 * reply to COMMIT lost, or the operation's time bound reached just after). So every batch carries
 * this recorder's id and a sequence number, a failed batch is written again exactly as it was
 * before anything newer, and the store skips a batch it has applied (UsageWrites.addUsage).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import { StoreUnavailableError, type Outcome, type UsageIncrement, type UsageWrites } from '../store/index.js';
import type { SpooledUsage, UsageSpool } from './spool.js';

export interface UsageEvent {
  partnerId: string;
  operation: string;
  seriesId: string | null;
  status: number;
  streamResolved: boolean;
}

/** The outcome class of an HTTP status, as analytics counts it. */
export function outcomeOf(status: number): Outcome {
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return '2xx';
}

export class UsageRecorder {
  private pending = new Map<string, UsageIncrement>();
  /** A batch whose write failed: written again, unchanged and under its sequence, before anything newer. */
  private unsent: { sequence: number; rows: UsageIncrement[] } | undefined;
  /** This recorder as a writer of usage batches: one per process. */
  private readonly writer = randomUUID();
  private sequence = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: { store: UsageWrites; clock: Clock; logger: Logger; flushIntervalMs?: number }) {
    if (!options.store || !options.clock) throw new Error('UsageRecorder: store and clock are required');
  }

  /** Adds one request to the in-memory counts. */
  record(event: UsageEvent): void {
    const day = new Date(this.options.clock.now()).toISOString().slice(0, 10);
    const key = `${event.partnerId}\u0000${day}\u0000${event.operation}\u0000${event.seriesId ?? ''}`;
    let row = this.pending.get(key);
    if (!row) {
      row = { partnerId: event.partnerId, day, operation: event.operation, seriesId: event.seriesId, requests: 0, streamResolutions: 0, errors: 0, rateLimited: 0 };
      this.pending.set(key, row);
    }
    const outcome = outcomeOf(event.status);
    row.requests += 1;
    if (event.streamResolved) row.streamResolutions += 1;
    if (outcome === '429') row.rateLimited += 1;
    else if (outcome !== '2xx') row.errors += 1;
  }

  /** Groups waiting to be written. */
  depth(): number {
    return this.pending.size + (this.unsent?.rows.length ?? 0);
  }

  /** Writes what is pending; concurrent calls are serialized. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeOnce());
    return this.flushing;
  }

  /**
   * Writes the failed batch, if any, then what is pending now, once; stops at the first failure,
   * keeping the counts. Counts that arrive during the write wait for the next flush: taking them
   * too kept a busy server writing back to back, a transaction every 20-40 ms on PostgreSQL
   * instead of one a second.
   */
  private async writeOnce(): Promise<void> {
    let tookPending = false;
    for (;;) {
      if (!this.unsent) {
        if (tookPending || this.pending.size === 0) return;
        this.unsent = { sequence: ++this.sequence, rows: [...this.pending.values()] };
        this.pending = new Map();
        tookPending = true;
      }
      const { sequence, rows } = this.unsent;
      try {
        await this.options.store.addUsage(rows, { writer: this.writer, sequence, now: new Date(this.options.clock.now()).toISOString() });
        this.unsent = undefined;
      } catch (err) {
        // A store outage is reported once by the outage log; each failed flush of it is detail.
        if (err instanceof StoreUnavailableError) this.options.logger.debug({ cause: err.message, groups: rows.length }, 'usage flush failed; counts kept for the next flush');
        else this.options.logger.warn({ err, groups: rows.length }, 'usage flush failed; counts kept for the next flush');
        return;
      }
    }
  }

  /** Starts the periodic flush (at least once a second by default). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Stops the periodic flush and writes what is left, waiting at most timeoutMs when given: what
   * the store has not taken by then goes to the spool (server/usage/spool.ts), never dropped.
   */
  async stop(bound?: { timeoutMs: number; spool: UsageSpool }): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (!bound) return this.flush();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise<void>((resolve) => (timer = setTimeout(resolve, bound.timeoutMs)))]);
    clearTimeout(timer);
    const left = this.take();
    if (left) bound.spool.write(left);
  }

  /**
   * Takes every count not yet written, each batch under the sequence it will keep: the failed (or
   * still unanswered) batch as it was, then what is pending as the next. The recorder is empty after.
   */
  take(): SpooledUsage | undefined {
    const batches: SpooledUsage['batches'] = [];
    if (this.unsent) batches.push(this.unsent);
    if (this.pending.size > 0) batches.push({ sequence: ++this.sequence, rows: [...this.pending.values()] });
    this.unsent = undefined;
    this.pending = new Map();
    return batches.length > 0 ? { writer: this.writer, batches } : undefined;
  }
}
