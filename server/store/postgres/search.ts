/**
 * PostgreSQL full-text search: the documents an import writes (tsvector rows of series_search and
 * episodes_search, through the loop of shared/search-index.ts), the query, and the ranking.
 * Documents and queries are built here rather than by PostgreSQL's text parser: the words are the
 * folded words of shared/search-terms.ts, the same ones SQLite's FTS5 (unicode61,
 * remove_diacritics) sees, whatever the server's locale, and no extension (unaccent) is needed.
 * A document is a tsvector literal of folded words with positions and weights; a query is a
 * tsquery literal with every word required and the last one as a prefix.
 */
import { sql, type Kysely } from 'kysely';
import type { RankedHit, RankRequest } from '../shared/search.js';
import type { Database } from '../shared/schema.js';
import type { SearchIndex } from '../shared/search-index.js';
import { foldedWords } from '../shared/search-terms.js';

/** Weight labels: A titles, B short synopses, C synopses (ranked in that order). */
export type Weight = 'A' | 'B' | 'C';

/** ts_rank weights for {D, C, B, A}: titles above short synopses above synopses. */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/** Matches ranked per part (series, episodes) of a search; see rankPostgresHits. */
const RANK_CANDIDATES = 5_000;
const INDEXED_ID = /^(?:ser|ep)_[0-9a-z]{10}$/;

// tsvector limits: positions up to 16383, 256 positions per lexeme, lexemes under 2 KiB.
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
const MAX_WORD_BYTES = 2_000;

/** The words of a text as lexemes: its folded words, each under PostgreSQL's lexeme size. */
function lexemes(text: string): string[] {
  return foldedWords(text).filter((w) => Buffer.byteLength(w) <= MAX_WORD_BYTES);
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
    for (const word of lexemes(text)) {
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
  const words = lexemes(tokens.join(' '));
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${quote(w)}:*` : quote(w))).join(' & ');
}

/** Ids the search index takes, as on SQLite (whose FTS rowid derives from them): others fail the import. */
function indexedId(id: string): string {
  if (!INDEXED_ID.test(id)) throw new TypeError(`not a series or episode id: ${id}`);
  return id;
}

/** PostgreSQL's full-text index: one tsvector document per series and per episode, keyed by id. */
export const postgresSearchIndex: SearchIndex = {
  series: [{
    table: 'series_search',
    key: 'id',
    keyOf: (id) => id,
    columns: ['id', 'document'],
    row: (s) => [indexedId(s.id), sql`${searchDocument([[s.title, 'A'], [s.short_synopsis, 'B'], [s.synopsis, 'C']])}::tsvector`],
  }],
  episodes: [{
    table: 'episodes_search',
    key: 'id',
    keyOf: (id) => id,
    columns: ['id', 'series_id', 'document'],
    row: (e) => [indexedId(e.id), e.series_id, sql`${searchDocument([[e.title, 'A'], [e.synopsis, 'C']])}::tsvector`],
  }],
};

/**
 * Readable hits for the request's tokens, best first then by id (bytewise): ts_rank with weights
 * A (titles) > B (short synopses) > C (synopses), times 10 so that good hits score like SQLite's
 * bm25 after normalizedScore.
 */
export async function rankPostgresHits(db: Kysely<Database>, r: RankRequest): Promise<RankedHit[]> {
  const query = searchQuery(r.tokens);
  if (query === null) return [];
  // Each part ranks at most RANK_CANDIDATES readable matches (the first the scan yields):
  // ranking every match of a common word (`a`, a 1.1M-episode catalog) runs past the statement
  // timeout. Rarer words are ranked in full. Recorded with the SQLite engine's bounds in
  // docs/decisions.md. The query is a bound value in each condition, not a CTE column, so the
  // planner sees the words and their statistics: for a common word it reads the table in order
  // and stops after RANK_CANDIDATES matches, where an opaque CTE value makes it scan the whole
  // GIN posting list first (`the` at 1.1M episodes: ~35 ms against ~480 ms).
  const tsquery = sql`${query}::tsquery`;
  const rank = sql`10 * ts_rank(${RANK_WEIGHTS}::float4[], c.document, ${tsquery})`;
  const seriesPart = sql`select 'series'::text as type, c.id as id, ${rank} as relevance
    from (select x.id, x.document from series_search x join partner_grants g on g.series_id = x.id
      where x.document @@ ${tsquery} and g.partner_id = ${r.partnerId} and g.can_read = 1 limit ${RANK_CANDIDATES}) c`;
  const episodePart = sql`select 'episode'::text as type, c.id as id, ${rank} as relevance
    from (select x.id, x.document from episodes_search x join partner_grants g on g.series_id = x.series_id
      where x.document @@ ${tsquery} and g.partner_id = ${r.partnerId} and g.can_read = 1 limit ${RANK_CANDIDATES}) c`;
  const union =
    r.type === 'series' ? seriesPart : r.type === 'episode' ? episodePart : sql`${seriesPart} union all ${episodePart}`;
  const { rows } = await sql<RankedHit>`select type, id, relevance from (${union}) hits
    order by relevance desc, id collate "C" asc limit ${r.limit} offset ${r.offset}`.execute(db);
  return rows.map((row) => ({ type: row.type, id: row.id, relevance: Number(row.relevance) }));
}
