/**
 * The store's own errors. The store knows nothing of HTTP: server/http/problem.ts maps these to
 * problem documents (503 service_unavailable with Retry-After; 400 invalid_cursor), the admin CLI
 * to its exit codes, and the usage recorder keeps its counts on StoreUnavailableError.
 */

/** The engine cannot answer now (unreachable, timed out, busy): the caller may retry. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** A page cursor this store did not issue, or one issued for another query. */
export class InvalidCursorError extends Error {
  constructor(message = 'The cursor is malformed or belongs to another query; start again without a cursor.') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

/**
 * A change-feed cursor older than the feed keeps events: some after it may be gone (410
 * cursor_expired: walk the catalog again). A kind of InvalidCursorError, so every path that lets
 * a refused cursor through (the guard, the threads) lets this one through too.
 */
export class ExpiredCursorError extends InvalidCursorError {
  constructor(message = 'Events before this cursor are no longer kept: walk the catalog again and follow the changes_cursor of its first page.') {
    super(message);
    this.name = 'ExpiredCursorError';
  }
}
