/**
 * Stream URLs kept for most of their lifetime. A signed stream URL is bound to the partner, not to
 * a viewer: one URL serves every viewer of the episode until its `expires_at`, so asking for a
 * new one per viewer only spends the Streaming limit (100 a minute). resolveStream hands out the
 * same URL while less than `reuse` of its lifetime has passed (default 0.8: a 1-hour URL is
 * reused for 48 minutes, so every URL handed out still has 12 minutes to play).
 *
 * Concurrent resolves of one episode and format share one request; it is aborted only when every
 * caller waiting on it has aborted.
 */
import type { WithResponse } from './response.js';
import type { StreamLocation } from './types.js';

const MAX_ENTRIES = 1000;

interface Entry {
  result: WithResponse<StreamLocation>;
  reuseUntil: number;
}

interface Shared {
  promise: Promise<WithResponse<StreamLocation>>;
  controller: AbortController;
  waiting: number;
}

export class StreamUrlCache {
  private readonly entries = new Map<string, Entry>();
  private readonly underWay = new Map<string, Shared>();

  constructor(
    private readonly now: () => number,
    /** The share of a URL's lifetime it is handed out for, in (0, 1]. */
    private readonly reuse: number,
  ) {}

  /** The cached result for `key`, or the one `resolve` fetches (with a signal of its own). */
  async get(key: string, signal: AbortSignal | undefined, resolve: (signal: AbortSignal) => Promise<WithResponse<StreamLocation>>): Promise<WithResponse<StreamLocation>> {
    signal?.throwIfAborted();
    const entry = this.entries.get(key);
    if (entry && this.now() < entry.reuseUntil) return { data: entry.result.data, response: { ...entry.result.response, cached: true } };
    this.entries.delete(key);
    let shared = this.underWay.get(key);
    if (!shared) {
      const controller = new AbortController();
      const sentAt = this.now();
      const promise = resolve(controller.signal).then((result) => {
        this.keep(key, result, sentAt);
        return result;
      });
      shared = { promise, controller, waiting: 0 };
      this.underWay.set(key, shared);
      const started = shared;
      void promise.catch(() => {}).finally(() => this.underWay.get(key) === started && this.underWay.delete(key));
    }
    return this.wait(shared, signal);
  }

  private keep(key: string, result: WithResponse<StreamLocation>, sentAt: number): void {
    // Its lifetime on our clock from when we asked: expires_in, or less if expires_at (the server's clock) says so.
    const byServer = Date.parse(result.data.expires_at) - sentAt;
    const lifetime = Math.min(result.data.expires_in * 1000, byServer > 0 ? byServer : Infinity);
    this.entries.set(key, { result, reuseUntil: sentAt + this.reuse * lifetime });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  private wait(shared: Shared, signal: AbortSignal | undefined): Promise<WithResponse<StreamLocation>> {
    shared.waiting++;
    if (!signal) return shared.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (--shared.waiting === 0) shared.controller.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}
