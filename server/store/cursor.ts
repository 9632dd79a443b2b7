/**
 * Opaque page cursors: base64url JSON of a keyset position (or an offset) plus a check value
 * binding that position to the query that produced it. A cursor from another query (other
 * partner, filters or sort), a hand-edited position or plain garbage fails the check and the
 * store throws InvalidCursorError instead of serving a page of some other listing.
 *
 * The check is a hash, not a MAC: it catches mistakes and casual edits. A forged cursor could
 * at most start a listing the caller may already page through at another position; grants are
 * enforced by every query, never by the cursor.
 */
import { createHash } from 'node:crypto';
import { InvalidCursorError } from '../errors.js';

/** The contract's cursor pattern (NextCursor / Cursor parameter). */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;
export const MAX_CURSOR_LENGTH = 512;

/** Bumped if the position format changes, so cursors issued by an older build are rejected. */
const FORMAT = 1;

export type KeyPart = string | number | null;
export type KeyShape = Array<'string' | 'number' | 'string|null'>;

/** A stable fingerprint of a query: its kind and every parameter that changes the listing. */
export function queryFingerprint(kind: string, params: Record<string, unknown>): string {
  const canonical = JSON.stringify([FORMAT, kind, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return createHash('sha256').update(canonical).digest('base64url');
}

function check(fingerprint: string, position: KeyPart[]): string {
  return createHash('sha256').update(fingerprint).update(JSON.stringify(position)).digest('base64url').slice(0, 16);
}

/** Encodes a position for the query with this fingerprint; may exceed MAX_CURSOR_LENGTH (callers check). */
export function encodeCursor(fingerprint: string, position: KeyPart[]): string {
  return Buffer.from(JSON.stringify({ k: position, c: check(fingerprint, position) }), 'utf8').toString('base64url');
}

/**
 * The format check every cursor passes before its position is read: base64url JSON of
 * `{ k: [position parts], c: "check value" }`. Throws InvalidCursorError for anything else.
 */
export function readCursor(cursor: string): { k: unknown[]; c: string } {
  if (!CURSOR_PATTERN.test(cursor)) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidCursorError();
  const { k, c } = parsed as { k?: unknown; c?: unknown };
  if (!Array.isArray(k) || typeof c !== 'string') throw new InvalidCursorError();
  return { k, c };
}

/** Decodes a cursor issued for this fingerprint with a position of this shape, or throws InvalidCursorError. */
export function decodeCursor(cursor: string, fingerprint: string, shape: KeyShape): KeyPart[] {
  const { k, c } = readCursor(cursor);
  if (k.length !== shape.length) throw new InvalidCursorError();
  const position = k.map((part: unknown, i) => {
    const want = shape[i];
    const ok =
      (typeof part === 'string' && (want === 'string' || want === 'string|null')) ||
      (part === null && want === 'string|null') ||
      (typeof part === 'number' && want === 'number' && Number.isSafeInteger(part));
    if (!ok) throw new InvalidCursorError();
    return part as KeyPart;
  });
  if (check(fingerprint, position) !== c) throw new InvalidCursorError();
  return position;
}

/**
 * Builds a page from rows fetched with limit + 1: the extra row only tells that a next page
 * exists; the cursor holds the position of the last row returned.
 */
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
