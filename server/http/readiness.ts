/**
 * GET /readyz for the load balancer: ready when the instance is not draining and the store
 * answers. It answers at once, from state, never waiting on the store: a probe that waited on a
 * stalled store answered late (1.0 s measured against the documented 500 ms), and a late answer
 * reads to a load balancer as a dead instance rather than an unready one.
 *
 * The state (StoreReadiness) is kept by the store's own operations and a background ping:
 * - every store operation that answers says the store answers (the store's availability
 *   observer); one that finds the store unavailable says it does not, until the next answer;
 * - every `timeoutMs`, when no operation has answered within the last `timeoutMs`, a ping goes
 *   out (never two at once); a ping still unanswered after `timeoutMs` makes the instance unready.
 * So during a stall /readyz turns 503 within about twice `timeoutMs` (READINESS_TIMEOUT_MS) of the
 * store's last answer, and each probe is answered in no time.
 */
import type { Request, Response } from 'express';
import { StoreUnavailableError, type AvailabilityObserver, type Health } from '../store/index.js';
import { ApiError } from './errors.js';
import { toApiError } from './problem.js';

export interface StoreReadinessOptions {
  store: Health;
  /** How long the store may go without answering while asked (READINESS_TIMEOUT_MS), and how often it is pinged when idle. */
  timeoutMs: number;
  /** Monotonic milliseconds (default performance.now): readiness must not depend on wall-clock adjustments or a test's frozen clock. */
  now?: () => number;
}

/** Whether the store answers, as its operations and a background ping have shown. */
export class StoreReadiness implements AvailabilityObserver {
  private readonly now: () => number;
  private lastAnswerAt: number;
  private failed = false;
  private pingSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: StoreReadinessOptions) {
    if (!options.store || !Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new Error('StoreReadiness: store and a positive timeoutMs are required');
    }
    this.now = options.now ?? (() => performance.now());
    this.lastAnswerAt = this.now();
  }

  /** The store answered an operation (called on every one: kept cheap). */
  available(): void {
    this.lastAnswerAt = this.now();
    this.failed = false;
  }

  /** An operation found the store unable to answer. */
  unavailable(): void {
    this.failed = true;
  }

  /** True unless the store's last word was a failure, or a ping has waited longer than timeoutMs. */
  get ready(): boolean {
    if (this.failed) return false;
    return this.pingSince === undefined || this.now() - this.pingSince < this.options.timeoutMs;
  }

  /** Pings the store unless an operation answered within timeoutMs or a ping is under way. */
  check(): void {
    if (this.pingSince !== undefined) return;
    if (!this.failed && this.now() - this.lastAnswerAt < this.options.timeoutMs) return;
    this.pingSince = this.now();
    void this.options.store.ping().then(
      () => {
        this.pingSince = undefined;
        this.available();
      },
      () => {
        this.pingSince = undefined;
        this.unavailable();
      },
    );
  }

  /** Checks every timeoutMs until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), this.options.timeoutMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

export interface ReadinessOptions {
  readiness: Pick<StoreReadiness, 'ready'>;
  /** True while shutting down: not ready, whatever the store says. */
  isDraining?: () => boolean;
  /** True until the warm-up has ended (server/platform/warm-up.ts): not ready either. */
  isWarming?: () => boolean;
}

/** The /readyz handler. */
export function readinessProbe(options: ReadinessOptions) {
  const { readiness, isDraining, isWarming } = options;
  if (!readiness) throw new Error('readinessProbe: readiness is required');
  return function readyz(_req: Request, res: Response): void {
    if (isDraining?.()) throw new ApiError('service_unavailable', 'The instance is shutting down.');
    if (isWarming?.()) throw new ApiError('service_unavailable', 'The instance is warming up.');
    // Mapped as any store outage is (503, Retry-After), without counting as a refused partner request.
    if (!readiness.ready) throw toApiError(new StoreUnavailableError('the store is not answering'));
    res.json({ status: 'ready' });
  };
}
