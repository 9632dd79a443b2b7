/**
 * What partners send, for the varied mixes of the benchmark (scripts/bench-varied.ts): seeded, so
 * two runs ask the same things, and mostly distinct, so the response cache answers few of them.
 *
 * - Searches: 1 to 3 words drawn from the catalog's vocabulary (server/demo/catalog-words.ts,
 *   every word of every list; or the Zipf vocabulary of server/demo/zipf-text.ts with its
 *   frequencies), the last one half the time cut to a prefix of 2 or more letters, as a user
 *   types it.
 * - Catalog pages: any limit from 1 to 100, a genre or none, either sort, updated_since in a
 *   fifth of them, and mostly pages past the first (a cursor at a position anywhere in the
 *   listing): a partner's first pages repeat, and the response cache answers them, so what reaches
 *   the store uncached is mostly the pages after them. The cursors are signed as the server signs
 *   them (`CatalogCursor`), with a key the benchmark gives the server.
 */
import * as words from '../../server/demo/catalog-words.js';
import { demoSeriesId } from '../../server/demo/catalog.js';
import type { Vocabulary } from '../../server/demo/zipf-text.js';
import { catalogFingerprint, CursorCodec, type SecretKey } from '../../server/store/index.js';

/** A small seeded PRNG (mulberry32): the same seed gives the same mix. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every word of the demo catalog's vocabulary, lower-cased, once. */
export function catalogVocabulary(): string[] {
  const all = new Set<string>();
  for (const list of Object.values(words)) {
    if (!Array.isArray(list)) continue;
    for (const text of list) for (const w of String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) all.add(w);
  }
  return [...all].sort();
}

/**
 * `count` distinct search URLs (or as many as the vocabulary allows). Words come uniformly from
 * a list (the small vocabulary, every word equally likely), or drawn with the catalog's own
 * frequencies from the Zipf vocabulary, so common words are asked for more often, as people do.
 */
export function variedSearches(count: number, seed: number, vocabulary: readonly string[] | Vocabulary = catalogVocabulary()): string[] {
  const random = seeded(seed);
  const pick = 'draw' in vocabulary ? () => vocabulary.draw(random) : () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const n = 1 + Math.floor(random() * 3);
    const q = Array.from({ length: n }, pick);
    const last = q[n - 1]!;
    if (random() < 0.5 && last.length > 2) q[n - 1] = last.slice(0, 2 + Math.floor(random() * (last.length - 2)));
    out.add(`/api/partner/content/search?q=${encodeURIComponent(q.join(' '))}`);
  }
  return [...out];
}

/** What a catalog cursor is made for: the listing it continues and a position in it. */
export interface CatalogListing {
  genre: string | null;
  sort: 'title' | 'updated_at';
  /** The updated_since parameter as sent, or null. */
  since: string | null;
}

/** A signed cursor continuing `listing` after a position the function draws with `random`. */
export type CatalogCursor = (listing: CatalogListing, random: () => number) => string;

/**
 * Cursors of a partner's listings of a generated catalog (`series` series, all updated at
 * `updatedAt`), signed with the server's cursor key, at positions spread over them: by title
 * after a random two-letter key, by updated_at after a random series at the catalog's instant.
 * The key shapes are listCatalog's (server/store/shared/catalog-read.ts), the fingerprint its own function (as listCatalog, the instant in toISOString form).
 */
export function signedCatalogCursors(catalog: { partnerId: string; series: number; updatedAt: string }, key: SecretKey): CatalogCursor {
  const codec = new CursorCodec([key]);
  const letter = (random: () => number) => String.fromCharCode(97 + Math.floor(random() * 26));
  return (listing, random) => {
    const fp = catalogFingerprint({ partnerId: catalog.partnerId, genre: listing.genre, since: listing.since === null ? null : new Date(listing.since).toISOString(), sort: listing.sort });
    const id = demoSeriesId(Math.floor(random() * catalog.series));
    return codec.encode(fp, [listing.sort === 'title' ? letter(random) + letter(random) : catalog.updatedAt, id]);
  };
}

/** The share of first pages (no cursor) in variedCatalogPages. */
const FIRST_PAGES = 0.06;

/**
 * `count` distinct catalog URLs: FIRST_PAGES of them first pages (about 3,000 of 50,000, of the
 * 3,400 without updated_since that exist), the rest continued with `cursor`.
 */
export function variedCatalogPages(count: number, seed: number, cursor: CatalogCursor): string[] {
  const random = seeded(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const params = new URLSearchParams({ limit: String(1 + Math.floor(random() * 100)) });
    const listing: CatalogListing = { genre: null, sort: 'title', since: null };
    if (random() < 0.6) params.set('genre', (listing.genre = words.GENRES[Math.floor(random() * words.GENRES.length)]!));
    if (random() < 0.5) params.set('sort', (listing.sort = 'updated_at'));
    if (random() < 0.2) params.set('updated_since', (listing.since = new Date(Date.UTC(2025, Math.floor(random() * 12), 1)).toISOString().replace('.000', '')));
    if (random() >= FIRST_PAGES) params.set('cursor', cursor(listing, random));
    out.add(`/api/partner/content/catalog?${params}`);
  }
  return [...out];
}
