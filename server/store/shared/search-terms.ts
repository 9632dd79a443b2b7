/**
 * Words as the store understands them, shared by every engine: the user's search words, the
 * folded words both engines index and look up, and the catalog's title sort key. Letters and
 * digits only (any script), so no operator or quote of a full-text query language can ever reach
 * an engine from user input.
 */

/** At most this many words count; a longer query is a paste, not a search. */
export const MAX_SEARCH_TOKENS = 16;

/** The words of a text as typed: NFC-normalized, lower-cased, in order; [] when there are none. */
export function typedWords(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

/** The words of a query: its first MAX_SEARCH_TOKENS typed words. */
export function searchTokens(q: string): string[] {
  return typedWords(q).slice(0, MAX_SEARCH_TOKENS);
}

/** Accents removed, lower-cased, compatibility forms unified: "Café" and "cafe" fold alike. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');
}

/** The folded words of a text, in order: runs of letters and digits of any script. */
export function foldedWords(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The `sort=title` key: accents and case folded so "élan" sorts with "Elan", not after "Z". Unlike
 * fold() it is not recomposed (NFC): every stored sort_title was made this way, and keys of two
 * forms would not sort together.
 */
export function sortKey(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Relevance x >= 0 (higher is better) mapped monotonically into [0, 1). */
export function normalizedScore(relevance: number): number {
  const x = Number.isFinite(relevance) && relevance > 0 ? relevance : 0;
  return x / (1 + x);
}
