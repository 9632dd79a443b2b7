/**
 * Cursor pagination as async iterators: `for await (const series of client.catalog.all())` asks
 * for the next page only when the loop gets there, and stops on `next_cursor: null`.
 */

/** One page of any list operation of the API. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** Fetches the page at `cursor` (the first page when undefined). */
export type PageFetcher<P extends Page<unknown>> = (cursor: string | undefined) => Promise<P>;

/** Yields every page, following `next_cursor` from `cursor` (or the first page). */
export async function* pages<P extends Page<unknown>>(fetchPage: PageFetcher<P>, cursor?: string): AsyncGenerator<P, void, undefined> {
  // A cursor handed out twice would page forever. The real server never does that (its cursors are
  // keyset positions), but a mock serving the contract's fixed example does, on every page.
  const seen = new Set<string>(cursor ? [cursor] : []);
  let next = cursor;
  for (;;) {
    const page = await fetchPage(next);
    yield page;
    if (!page.next_cursor || seen.has(page.next_cursor)) return;
    seen.add(page.next_cursor);
    next = page.next_cursor;
  }
}

/** Yields every item of every page, in order. */
export async function* items<T>(fetchPage: PageFetcher<Page<T>>, cursor?: string): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(fetchPage, cursor)) yield* page.items;
}
