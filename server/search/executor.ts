/**
 * The search executor: admission in front of whatever runs searches (search/backends.ts). A
 * fixed number of searches run at once (SEARCH_WORKERS), a bounded queue waits for them
 * (SEARCH_QUEUE_LENGTH), and each partner holds at most the contract's `per_partner` of both
 * (`x-search-capacity`). Past any of these a search is refused at once with Retry-After instead
 * of waiting: latency stays bounded, and one partner's searches cannot take every slot.
 *
 * A partner over its own cap gets 429 too_many_concurrent_searches (its own doing, as with its
 * rate limit); a full queue is 503 search_capacity_exhausted (the instance's). The per-partner
 * check comes first, so a partner flooding a full instance is told that it is the cause.
 */
import { ApiError } from '../http/errors.js';
import type { SearchCapacity } from '../contract/load.js';
import type { Page, SearchHitDoc, SearchQuery } from '../store/index.js';

/** What runs one search: in this thread, in a worker thread, or on search's own connections. */
export interface SearchBackend {
  search(query: SearchQuery): Promise<Page<SearchHitDoc>>;
  close(): Promise<void>;
}

export interface SearchExecutorOptions {
  backend: SearchBackend;
  capacity: SearchCapacity;
  /** Searches running at once. */
  workers: number;
  /** Searches waiting for a running slot, beyond which search answers 503. */
  queueLength: number;
}

export class SearchExecutor {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private readonly perPartner = new Map<string, number>();
  private readonly retryAfter: Record<string, string>;

  constructor(private readonly options: SearchExecutorOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError('search executor: workers must be a positive integer');
    if (!Number.isInteger(options.queueLength) || options.queueLength < 0) throw new RangeError('search executor: queueLength must be a non-negative integer');
    this.retryAfter = { 'Retry-After': String(options.capacity.retryAfterSeconds) };
  }

  /** Runs the search when a slot is free, or refuses it at once (429 or 503 with Retry-After). */
  async search(query: SearchQuery): Promise<Page<SearchHitDoc>> {
    const held = this.perPartner.get(query.partnerId) ?? 0;
    if (held >= this.options.capacity.perPartner) {
      throw new ApiError('too_many_concurrent_searches', `At most ${this.options.capacity.perPartner} of your searches run at once; retry when one has finished.`, { headers: this.retryAfter });
    }
    if (this.running >= this.options.workers && this.queue.length >= this.options.queueLength) {
      throw new ApiError('search_capacity_exhausted', 'Every search slot is taken; retry shortly.', { headers: this.retryAfter });
    }
    this.perPartner.set(query.partnerId, held + 1);
    try {
      if (this.running >= this.options.workers) await new Promise<void>((resolve) => this.queue.push(resolve));
      else this.running++;
      try {
        return await this.options.backend.search(query);
      } finally {
        // The slot passes straight to the next waiter, so running never dips below a full queue.
        const next = this.queue.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.perPartner.get(query.partnerId) ?? 1) - 1;
      if (left === 0) this.perPartner.delete(query.partnerId);
      else this.perPartner.set(query.partnerId, left);
    }
  }

  /** Searches running and waiting now (for metrics and tests). */
  stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  async close(): Promise<void> {
    await this.options.backend.close();
  }
}
