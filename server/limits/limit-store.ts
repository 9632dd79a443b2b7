/**
 * A fixed-window, in-process counter store for express-rate-limit. It exists (instead of the
 * library's MemoryStore) because it reads time from the injected Clock, so tests move windows
 * without sleeping, and it needs no timer. A shared store (Redis) replaces it for several instances.
 */
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Clock } from '../platform/clock.js';
import type { FailMode } from '../contract/load.js';

/**
 * Makes the counter store of one limiter: its key prefix (which keeps limiters apart in a shared
 * backend), and what it does while a shared backend is unreachable (the contract's fail mode;
 * an in-process store is never unreachable).
 */
export type CreateLimitStore = (prefix: string, failMode: FailMode) => Store;

interface Window {
  hits: number;
  resetAt: number;
}

/** One window per key, opened by the key's first hit. */
export class ClockedMemoryStore implements Store {
  readonly localKeys = true;
  readonly prefix: string;
  /** Set by express-rate-limit from the limiter's options before the first count. */
  private windowMs = 0;
  private readonly windows = new Map<string, Window>();
  private writesSinceSweep = 0;

  constructor(private readonly clock: Clock, prefix: string) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(this.prefix + key);
    return w && w.resetAt > now ? w : undefined;
  }

  // express-rate-limit turns resetTime into Retry-After and RateLimit `t` against Date.now(): report
  // the reset on the wall-clock timeline, so the waits are right whatever the injected clock says.
  private resetTime(w: Window, now: number): Date {
    return new Date(Date.now() + (w.resetAt - now));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const now = this.clock.now();
    const w = this.current(key, now);
    return w && { totalHits: w.hits, resetTime: this.resetTime(w, now) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.clock.now();
    let w = this.current(key, now);
    if (!w) {
      w = { hits: 0, resetAt: now + this.windowMs };
      this.windows.set(this.prefix + key, w);
    }
    w.hits += 1;
    if (++this.writesSinceSweep >= 10_000) this.sweep(now);
    return { totalHits: w.hits, resetTime: this.resetTime(w, now) };
  }

  async decrement(key: string): Promise<void> {
    const w = this.current(key, this.clock.now());
    if (w && w.hits > 0) w.hits -= 1;
  }

  async resetKey(key: string): Promise<void> {
    this.windows.delete(this.prefix + key);
  }

  async resetAll(): Promise<void> {
    this.windows.clear();
  }

  // Expired windows of keys that never return (one-off client addresses) would otherwise pile up.
  private sweep(now: number): void {
    this.writesSinceSweep = 0;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
