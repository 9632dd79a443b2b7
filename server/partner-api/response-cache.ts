/**
 * Validated response bytes, reused. A Content read is a pure function of the partner, the
 * request URL and what partners can read (the store's content version, bumped in the same
 * transaction as every catalog import or grant change, by any process). The first 200 for a
 * (partner, URL, Accept) is built by its handler and validated against the contract like any
 * other response; only the bytes that passed validation are kept, with their ETag. A repeat of the
 * same request, while the content version is unchanged, is answered with those bytes after the
 * same authentication, rate limit and usage counting as every request: its request validation
 * and grant check are skipped because the identical URL already passed them for this partner
 * under this content version, and its response validation because the bytes are the same ones.
 *
 * A page is kept once its key has been asked for before (seen-before.ts): most cursor pages and
 * searches are asked once, and keeping each of them cost more than the cache saved.
 *
 * Placed after the rate limiter and before the contract validator (server/partner-api/app.ts). Memory is
 * bounded by bytes (least recently used entries go first); 0 bytes turns the cache off.
 */
import type { NextFunction, Request, Response } from 'express';
import { SeenBefore } from './seen-before.js';
import { VersionedCache } from './versioned-cache.js';

interface Entry {
  body: Buffer;
  etag: string | undefined;
  /** What the grant middleware established, so usage is counted against the same series. */
  seriesGrants: Request['seriesGrants'];
}

export interface ResponseCacheOptions {
  /** Upper bound of the cached bodies' total size; 0 disables the cache. */
  maxBytes: number;
  /** Called with whether a cacheable request was answered from the cache. */
  onLookup?: (hit: boolean) => void;
}

/** A page being built for a key, and whether its bytes are to be kept. */
interface Flight {
  built: Promise<void>;
  /** Its key was asked for before, or another request is waiting for this one. */
  keep: boolean;
}

/**
 * Keys remembered as asked once (256 KB): at a thousand distinct requests a second, a key asked
 * again within about a minute is kept on its second answer.
 */
const REMEMBERED_KEYS = 1 << 16;

/** Longest URL or Accept value that is cached (longer requests always take the full path). */
const MAX_KEY_PART = 2048;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The UTF-8 bytes of text in a buffer of their own. Buffer.from(string) cuts strings shorter than
 * half its pool out of a shared slab, and a kept slice keeps its whole slab alive, so the cache's
 * byte bound would not bound what it holds (docs/performance.md#response-cache-own-bytes).
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

/** Middleware factory: answers repeated cacheable reads from validated bytes. */
export function responseCache(options: ResponseCacheOptions) {
  const { maxBytes, onLookup } = options;
  if (!Number.isInteger(maxBytes) || maxBytes < 0) throw new Error('responseCache: maxBytes must be a non-negative integer');
  const cache = maxBytes > 0 ? new VersionedCache<Entry>({ maxSize: maxBytes, size: (e) => e.body.length + 200 }) : undefined;
  const seen = cache && new SeenBefore(REMEMBERED_KEYS);
  /** Keys whose response is being built: settled when that response has closed. */
  const inFlight = new Map<string, Flight>();

  return async function responseCacheMiddleware(req: Request, res: Response, next: NextFunction): Promise<void> {
    // The version comes from bearer authentication (partner-api/authenticate.ts), read with the partner's state before any of the request's data.
    const version = req.contentVersion;
    // The contract's x-response-cache says which operations' 200 bodies this holds (server/contract/load.ts).
    if (!cache || !seen || !req.partner || version === undefined || !req.operation?.cacheable) return next();
    const accept = req.headers.accept ?? '';
    // A body on a read is refused by the validator; such requests are never cached.
    const length = req.headers['content-length'];
    if ((length && length !== '0') || req.headers['transfer-encoding']) return next();
    if (req.originalUrl.length > MAX_KEY_PART || accept.length > MAX_KEY_PART) return next();

    const key = `${req.partner.id} ${accept} ${req.originalUrl}`;
    let entry = cache.get(version, key);
    // Identical misses wait for the one being built instead of all building it (a stampede after
    // every content change, and of a whole load test's connections at once, is what this avoids).
    const building = entry ? undefined : inFlight.get(key);
    if (building) {
      building.keep = true;
      await building.built;
      entry = cache.get(version, key);
    }
    if (entry) {
      onLookup?.(true);
      req.seriesGrants = entry.seriesGrants;
      res.setHeader('Content-Type', JSON_TYPE);
      if (entry.etag) res.setHeader('ETag', entry.etag);
      // Conditional requests and HEAD take Express's send (304, no body); a plain GET is written as is.
      if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) {
        res.send(entry.body);
        return;
      }
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
      return;
    }
    onLookup?.(false);
    let built!: () => void;
    const flight: Flight = { built: new Promise<void>((resolve) => (built = resolve)), keep: seen.note(key) };
    inFlight.set(key, flight);
    res.once('close', () => {
      if (inFlight.get(key) === flight) inFlight.delete(key);
      built();
    });

    // express-openapi-validator wraps res.json after this and validates before calling it: only valid bodies arrive here.
    const send = res.json;
    res.json = function cachingJson(this: Response, body: unknown) {
      res.json = send;
      if (res.statusCode !== 200 || res.headersSent || !flight.keep) return send.call(this, body);
      const bytes = ownBytes(JSON.stringify(body));
      const etagOf = req.app.get('etag fn') as ((body: Buffer, encoding?: string) => string) | undefined;
      const etag = etagOf?.(bytes);
      cache.set(version, key, { body: bytes, etag, seriesGrants: req.seriesGrants });
      this.setHeader('Content-Type', JSON_TYPE);
      if (etag) this.setHeader('ETag', etag);
      return this.send(bytes);
    };
    next();
  };
}
