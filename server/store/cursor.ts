/**
 * Opaque page cursors: base64url JSON of a keyset position (or an offset), the id of the key that
 * signed it and an HMAC binding that position to the query that produced it, keyed with a
 * server-side secret (CURSOR_SIGNING_KEYS, rotated like the other signing keys: the first signs,
 * all verify). A cursor from another query (other partner, filters or sort), a hand-edited or
 * recomputed position, a cursor of a key no longer configured or plain garbage fails the check
 * and the store throws InvalidCursorError instead of serving a page of some other listing.
 *
 * Without the key nobody can make a cursor the server did not issue, such as one that starts
 * after the title of a series the partner may not read. Grants are still enforced by every
 * query, never by the cursor.
 */
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { InvalidCursorError } from './errors.js';

/** The contract's cursor pattern (NextCursor / Cursor parameter). */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;
export const MAX_CURSOR_LENGTH = 512;

/** Bumped if the position format changes, so cursors issued by an older build are rejected (2: keyed MAC). */
const FORMAT = 2;
/** Bytes of the HMAC kept in a cursor: 128 bits, far beyond guessing through the API. */
const MAC_BYTES = 16;

export type KeyPart = string | number | null;
export type KeyShape = Array<'string' | 'number' | 'string|null'>;

/** A secret with its key id, as CURSOR_SIGNING_KEYS lists them. */
export interface SecretKey {
  id: string;
  secret: Buffer;
}

/** A stable fingerprint of a query: its kind and every parameter that changes the listing. */
export function queryFingerprint(kind: string, params: Record<string, unknown>): string {
  const canonical = JSON.stringify([FORMAT, kind, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Signs cursors with the first key and checks them with any of the keys. */
export class CursorCodec {
  // KeyObjects made once: createHmac given a Buffer makes a KeyObject of it on every call (2% of
  // an uncached catalog page's CPU, which signs its next cursor).
  private readonly byId: Map<string, KeyObject>;
  private readonly signing: { id: string; secret: KeyObject };

  constructor(keys: SecretKey[]) {
    if (keys.length === 0) throw new Error('cursors: at least one key is required');
    this.byId = new Map(keys.map((k) => [k.id, createSecretKey(k.secret)]));
    this.signing = { id: keys[0]!.id, secret: createSecretKey(keys[0]!.secret) };
  }

  /** A codec with a random key of this process only: its cursors work until the process ends (tests, the admin CLI). */
  static ephemeral(): CursorCodec {
    return new CursorCodec([{ id: 'process', secret: randomBytes(32) }]);
  }

  private mac(secret: KeyObject, fingerprint: string, position: KeyPart[]): Buffer {
    return createHmac('sha256', secret).update(`${fingerprint}\n${JSON.stringify(position)}`).digest().subarray(0, MAC_BYTES);
  }

  /** Encodes a position for the query with this fingerprint; may exceed MAX_CURSOR_LENGTH (callers check). */
  encode(fingerprint: string, position: KeyPart[]): string {
    const c = this.mac(this.signing.secret, fingerprint, position).toString('base64url');
    return Buffer.from(JSON.stringify({ k: position, i: this.signing.id, c }), 'utf8').toString('base64url');
  }

  /** Decodes a cursor issued for this fingerprint with a position of this shape, or throws InvalidCursorError. */
  decode(cursor: string, fingerprint: string, shape: KeyShape): KeyPart[] {
    const { k, i, c } = readCursor(cursor);
    const secret = this.byId.get(i);
    if (k.length !== shape.length || !secret) throw new InvalidCursorError();
    const position = k.map((part: unknown, index) => {
      const want = shape[index];
      const ok =
        (typeof part === 'string' && (want === 'string' || want === 'string|null')) ||
        (part === null && want === 'string|null') ||
        (typeof part === 'number' && want === 'number' && Number.isSafeInteger(part));
      if (!ok) throw new InvalidCursorError();
      return part as KeyPart;
    });
    const given = Buffer.from(c, 'base64url');
    const expected = this.mac(secret, fingerprint, position);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidCursorError();
    return position;
  }
}

/**
 * The format check every cursor passes before its position is read: base64url JSON of
 * `{ k: [position parts], i: "key id", c: "MAC" }`. Throws InvalidCursorError for anything else.
 * The contract's example cursors are checked against it (test/unit/contract/examples.test.ts).
 */
export function readCursor(cursor: string): { k: unknown[]; i: string; c: string } {
  if (!CURSOR_PATTERN.test(cursor)) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidCursorError();
  const { k, i, c } = parsed as { k?: unknown; i?: unknown; c?: unknown };
  if (!Array.isArray(k) || typeof i !== 'string' || typeof c !== 'string') throw new InvalidCursorError();
  return { k, i, c };
}

/** What a catalog listing's cursors are bound to: its partner, genre, instant (isoInstant, or null) and sort. */
export function catalogFingerprint(listing: { partnerId: string; genre: string | null; since: string | null; sort: 'title' | 'updated_at' }): string {
  return queryFingerprint('catalog', { partner: listing.partnerId, genre: listing.genre, since: listing.since, sort: listing.sort });
}
