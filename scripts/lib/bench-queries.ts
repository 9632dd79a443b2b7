/**
 * What partners send, for the varied mixes of the benchmark (scripts/bench-varied.ts): seeded, so
 * two runs ask the same things, and mostly distinct, so the response cache answers few of them.
 *
 * - Searches: 1 to 3 words drawn from the catalog's vocabulary (server/demo/catalog-words.ts,
 *   every word of every list; or the Zipf vocabulary of server/demo/zipf-text.ts with its
 *   frequencies), the last one half the time cut to a prefix of 2 or more letters, as a user
 *   types it.
 * - Catalog pages: any limit from 1 to 100, a genre or none, either sort, sometimes
 *   updated_since, and the second page of some (their cursor, fetched once before the run).
 */
import * as words from '../../server/demo/catalog-words.js';
import type { Vocabulary } from '../../server/demo/zipf-text.js';

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

/** `count` distinct first-page catalog URLs. */
export function variedCatalogPages(count: number, seed: number): string[] {
  const random = seeded(seed);
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const params = new URLSearchParams({ limit: String(1 + Math.floor(random() * 100)) });
    if (random() < 0.6) params.set('genre', words.GENRES[Math.floor(random() * words.GENRES.length)]!);
    if (random() < 0.5) params.set('sort', 'updated_at');
    if (random() < 0.2) params.set('updated_since', new Date(Date.UTC(2025, Math.floor(random() * 12), 1)).toISOString().replace('.000', ''));
    out.add(`/api/partner/content/catalog?${params}`);
  }
  return [...out];
}
