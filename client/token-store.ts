/**
 * Where the client keeps its access token between calls, and between clients: the client's own
 * memory by default; pass one store to many clients (or processes, through Redis or a file) and
 * they share one token, so a new client per request (serverless) does not authenticate per
 * request. Credentials the API refused are kept there too, so no client sharing the store asks
 * again with them.
 *
 * A store holds strings under keys for a time; the client decides what they mean. Keys are
 * `partner-catalog-client:` and a SHA-256 of the base URL, API key and secret: never the secret
 * itself, and new credentials never read what old ones stored.
 */
import type { AccessToken } from './tokens.js';

/** A key-value store with expiry: an in-memory map, Redis, a file, … Every method may be sync or async. */
export interface TokenStore {
  /** The value stored under `key`, or undefined (or null) when there is none or it expired. */
  get(key: string): Promise<string | null | undefined> | string | null | undefined;
  /** Stores `value` under `key` for `ttlMs` milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<unknown> | unknown;
  /** Forgets `key`. */
  delete(key: string): Promise<unknown> | unknown;
}

/** A token store in this process's memory: give one to several clients to share their token. */
export function memoryTokenStore(options: { now?: () => number } = {}): TokenStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: string; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, ttlMs) {
      entries.set(key, { value, until: now() + ttlMs });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}

/** The key of a set of credentials in a store. */
export async function storeKey(baseUrl: string, apiKey: string, apiSecret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${baseUrl}\n${apiKey}\n${apiSecret}`));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `partner-catalog-client:${hex}`;
}

/** An answer of authenticate that no client sharing the store should ask for again (yet). */
export interface StoredRefusal {
  status: number;
  problem: unknown;
  requestId: string | undefined;
  method: string;
  url: string;
  /** Milliseconds since the epoch until which it stands. */
  until: number;
}

/** What the client keeps under a key: a token, or a refusal. */
export type StoredEntry = { token: AccessToken; expiresAt: number } | { refusal: StoredRefusal };

export function encodeEntry(entry: StoredEntry): string {
  return JSON.stringify({ v: 1, ...entry });
}

/** A stored value read back; undefined for anything this client did not write (a store is shared, and may hold anything). */
export function decodeEntry(value: string | null | undefined): StoredEntry | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { v?: unknown }).v !== 1) return undefined;
  const entry = parsed as Record<string, unknown>;
  const token = entry.token as Partial<AccessToken> | undefined;
  if (token && typeof token.access_token === 'string' && typeof entry.expiresAt === 'number') return { token: token as AccessToken, expiresAt: entry.expiresAt };
  const refusal = entry.refusal as Partial<StoredRefusal> | undefined;
  if (refusal && typeof refusal.status === 'number' && typeof refusal.until === 'number' && typeof refusal.method === 'string' && typeof refusal.url === 'string') {
    return { refusal: refusal as StoredRefusal };
  }
  return undefined;
}
