/**
 * Pages, alike for every listing: the page size checked once, before any query runs
 * (StoreCore.paged, shared/core.ts), and rows fetched with limit + 1, the extra row only telling
 * that a next page exists. Positions are signed into cursors by ../cursor.ts.
 */

/** Throws RangeError unless limit is an integer from 1 to 100 (the contract's page sizes). */
export function checkLimit(limit: number, max = 100): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new RangeError(`limit must be 1..${max}, got ${limit}`);
}

/** A page from rows fetched with limit + 1; the cursor holds the position of the last row returned. */
export function pageOf<R, T>(
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
  cursorAfter: (last: R) => string,
): { items: T[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { items: kept.map(toItem), nextCursor: hasMore && last !== undefined ? cursorAfter(last) : null };
}
