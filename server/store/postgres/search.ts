/**
 * PostgreSQL full-text search documents and queries, built here rather than by PostgreSQL's
 * text parser: the words are the same ones SQLite's FTS5 (unicode61, remove_diacritics) and
 * server/store/shared/search-terms.ts see, whatever the server's locale, and no extension (unaccent) is
 * needed. A document is a tsvector literal of folded words with positions and weights; a query
 * is a tsquery literal with every word required and the last one as a prefix.
 */

/** Weight labels: A titles, B short synopses, C synopses (ranked in that order). */
export type Weight = 'A' | 'B' | 'C';

/** ts_rank weights for {D, C, B, A}: titles above short synopses above synopses. */
export const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

// tsvector limits: positions up to 16383, 256 positions per lexeme, lexemes under 2 KiB.
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
const MAX_WORD_BYTES = 2_000;

/** Accents removed, lower-cased, compatibility forms unified: "Café" and "cafe" fold alike. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');
}

/** The folded words of a text, in order: runs of letters and digits of any script. */
export function foldedWords(text: string): string[] {
  return (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => Buffer.byteLength(w) <= MAX_WORD_BYTES);
}

function quote(word: string): string {
  // Words are letters and digits only; escaping keeps the literal safe regardless.
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A tsvector literal of the fields' words, each position labelled with its field's weight. */
export function searchDocument(fields: Array<[text: string, weight: Weight]>): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const [text, weight] of fields) {
    for (const word of foldedWords(text)) {
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(word) ?? [];
      if (list.length < MAX_POSITIONS_PER_WORD) list.push(`${position}${weight}`);
      positions.set(word, list);
    }
  }
  return [...positions].map(([word, list]) => `${quote(word)}:${list.join(',')}`).join(' ');
}

/**
 * A tsquery literal requiring every token, the last also as a prefix (`word:*`); null when the
 * tokens fold to nothing (then nothing matches).
 */
export function searchQuery(tokens: string[]): string | null {
  const words = foldedWords(tokens.join(' '));
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${quote(w)}:*` : quote(w))).join(' & ');
}
