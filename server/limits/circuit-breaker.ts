/**
 * A circuit breaker for a dependency that can hang rather than refuse (Redis, for the rate
 * limits). While open, callers skip the dependency and take its failure mode at once, and once
 * per periodMs a probe tries the dependency in the background until one answers, which closes
 * it. A stalled dependency so costs callers one timeout per period instead of one per request;
 * no caller ever waits on a probe.
 *
 * When it opens (the rule docs/operations.md states): at once when the connection is lost
 * (trip), and otherwise when calls have kept failing for windowMs: from the first failure after
 * the last success to a failure at least windowMs later, with no success in between (fail). A
 * single slow reply, or a short CPU starvation that makes every call in flight time out at the
 * same moment, is one moment of failures: the calls concerned take the failure mode, the next
 * success forgets them, and no outage begins.
 */
import type { Logger } from 'pino';
import type { OutageLog } from '../platform/outage-log.js';

export interface CircuitBreakerOptions {
  /** Names the dependency in the probe's log lines. */
  dependency: string;
  /** How long the breaker stays open after a failure before the next probe. */
  periodMs: number;
  /** How long calls must keep failing, with no success in between, before it opens; 0: at the first failure. */
  windowMs: number;
  /** Monotonic milliseconds (default performance.now), injected by tests. */
  now?: () => number;
  /** Resolves when the dependency answers; rejects otherwise, within a bound of its own. */
  probe: () => Promise<unknown>;
  /** Told when the breaker opens (down) and when it closes (up). */
  outage: Pick<OutageLog<string>, 'down' | 'up'>;
  logger: Logger;
}

export class CircuitBreaker {
  private open = false;
  private probing = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  /** When the calls failing since the last success began failing. */
  private failingSince: number | undefined;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    const { dependency, periodMs, windowMs, probe, outage, logger } = options;
    if (!dependency || !(periodMs > 0) || !(windowMs >= 0) || typeof probe !== 'function' || !outage || !logger) {
      throw new Error('CircuitBreaker: dependency, a positive periodMs, a windowMs of 0 or more, probe, outage and logger are required');
    }
    this.now = options.now ?? (() => performance.now());
  }

  /** True while callers must not try the dependency. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Whole seconds of a period, at least 1: the Retry-After of callers refused meanwhile. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.options.periodMs / 1000));
  }

  /** A call answered: earlier failures were no outage. Called on every call: kept cheap. */
  succeeded(): void {
    this.failingSince = undefined;
  }

  /** A call failed (a timeout, an error reply): opens once calls have kept failing for windowMs. */
  fail(cause: unknown): void {
    if (this.open) return;
    const now = this.now();
    this.failingSince ??= now;
    if (now - this.failingSince >= this.options.windowMs) this.trip(cause);
  }

  /** The dependency is gone (its connection lost): open at once (reporting the outage once) and probe when the period is over. */
  trip(cause: unknown): void {
    if (this.stopped) return;
    if (!this.open) {
      this.open = true;
      this.options.outage.down(cause);
    }
    this.schedule();
  }

  /** A sign that the dependency may be back (it reconnected): probe now instead of at the period's end. */
  probeSoon(): void {
    if (!this.open || this.probing || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.probe();
  }

  /** Stops probing, for shutdown. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.probing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.probe();
    }, this.options.periodMs);
    // A pending probe must not keep a stopping process alive.
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    this.probing = true;
    try {
      await this.options.probe();
    } catch (err) {
      this.probing = false;
      if (this.stopped) return;
      const { dependency, periodMs, logger } = this.options;
      logger.debug({ dependency, cause: (err as Error).message }, `${dependency} probe failed; still unavailable, next probe in ${periodMs} ms`);
      this.schedule();
      return;
    }
    this.probing = false;
    if (this.stopped || !this.open) return;
    this.open = false;
    this.failingSince = undefined;
    this.options.outage.up();
  }
}
