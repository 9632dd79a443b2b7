/**
 * The user's search words as the store understands them, shared by every engine: letters and
 * digits only (any script), so no operator or quote of a full-text query language can ever
 * reach the engine from user input.
 */

/** At most this many words count; a longer query is a paste, not a search. */
export const MAX_SEARCH_TOKENS = 16;

/** The words of a query, NFC-normalized and lower-cased, in order; [] when there are none. */
export function searchTokens(q: string): string[] {
  const words = q.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_TOKENS);
}

/** Relevance x >= 0 (higher is better) mapped monotonically into [0, 1). */
export function normalizedScore(relevance: number): number {
  const x = Number.isFinite(relevance) && relevance > 0 ? relevance : 0;
  return x / (1 + x);
}
