/**
 * The change feed as an async iterator: `for await (const event of feed)` reads your events after
 * a stored cursor, oldest first, page by page, and ends once it has caught up. `feed.cursor` is
 * where to resume: it moves to a page's `next_cursor` only once you have taken every event of that
 * page (the loop asked for the next one), so a cursor stored from it never skips an event you had
 * not handled; `onCursor` is told each time, to store it as you go.
 */
import type { ChangeEvent, ChangesPage } from './types.js';

export interface FollowOptions {
  /** Where to start: a cursor you stored (a page's `next_cursor`, or a catalog page's `changes_cursor`); absent: from now. */
  cursor?: string | undefined;
  /** Events per page, 1 to 100 (default 100); a page with fewer means caught up. */
  limit?: number;
  /** Told the cursor to resume from after each page you have taken every event of: store it there. */
  onCursor?: (cursor: string) => void | Promise<void>;
}

/** Your change feed from a cursor; iterate it once. */
export class ChangeFeedReader implements AsyncIterable<ChangeEvent> {
  /** Where the next read starts: store it to resume later (undefined until the first page when started without one). */
  cursor: string | undefined;
  private readonly limit: number;

  constructor(
    private readonly fetchPage: (query: { cursor?: string; limit: number }) => PromiseLike<ChangesPage>,
    private readonly options: FollowOptions = {},
  ) {
    this.cursor = options.cursor;
    this.limit = options.limit ?? 100;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ChangeEvent, void, undefined> {
    for (;;) {
      const page = await this.fetchPage({ ...(this.cursor ? { cursor: this.cursor } : {}), limit: this.limit });
      yield* page.events;
      // A mock serving the contract's fixed example hands out the same cursor every time.
      const stuck = page.next_cursor === this.cursor;
      this.cursor = page.next_cursor;
      await this.options.onCursor?.(page.next_cursor);
      if (page.events.length < this.limit || stuck) return;
    }
  }
}
