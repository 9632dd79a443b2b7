/**
 * What an import writes into PostgreSQL's search index: one tsvector document per series and per
 * episode (series_search, episodes_search; migrations 0002-postgres-search.ts and
 * postgres-search-blocks.ts), and the document counts of the `search_terms` dictionary, through
 * the loop of shared/search-index.ts.
 *
 * Documents are built here rather than by PostgreSQL's text parser: the words are the folded
 * words of shared/search-terms.ts, the same ones SQLite's FTS5 (unicode61, remove_diacritics)
 * sees, whatever the server's locale, and no extension (unaccent) is needed. A document is a
 * tsvector literal of folded words with positions, each labelled with its field's weight (A
 * titles): the title-only indexes read the A lexemes.
 */
import { sql, type Kysely } from 'kysely';
import { batches } from '../shared/batches.js';
import type { Database } from '../shared/schema.js';
import type { SearchIndex, SearchIndexChanges } from '../shared/search-index.js';
import { foldedWords } from '../shared/search-terms.js';

/** Weight labels: A titles, B short synopses, C synopses (ranked in that order). */
export type Weight = 'A' | 'B' | 'C';

const INDEXED_ID = /^(?:ser|ep)_[0-9a-z]{10}$/;

// tsvector limits: positions up to 16383, 256 positions per lexeme, lexemes under 2 KiB.
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
const MAX_WORD_BYTES = 2_000;

/** The words of a text as lexemes: its folded words, each under PostgreSQL's lexeme size. */
export function lexemes(text: string): string[] {
  return foldedWords(text).filter((w) => Buffer.byteLength(w) <= MAX_WORD_BYTES);
}

/** A word as a tsvector or tsquery lexeme literal. */
export function quote(word: string): string {
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

/** Ids the search index takes, as on SQLite (whose FTS rowid derives from them): others fail the import. */
function indexedId(id: string): string {
  if (!INDEXED_ID.test(id)) throw new TypeError(`not a series or episode id: ${id}`);
  return id;
}

const KINDS = {
  series: { table: sql.table('series_search'), docs: sql.ref('series_docs'), titleDocs: sql.ref('series_title_docs') },
  episode: { table: sql.table('episodes_search'), docs: sql.ref('episode_docs'), titleDocs: sql.ref('episode_title_docs') },
} as const;

/**
 * Adds (+1) or takes away (-1) the documents with these ids from the dictionary's counts: every
 * lexeme of each document, its title (weight A) lexemes, and the empty word, which every document
 * has (the number of documents of the kind). Read back from the stored documents, so what is
 * counted is exactly what is indexed.
 */
async function countDocuments(db: Kysely<Database>, kind: keyof typeof KINDS, ids: readonly string[], sign: 1 | -1): Promise<void> {
  const { table, docs, titleDocs } = KINDS[kind];
  for (const batch of batches(ids)) {
    await sql`insert into search_terms as t (term, ${docs}, ${titleDocs})
      select term, ${sign} * sum(docs)::int, ${sign} * sum(title_docs)::int from (
        select unnest(tsvector_to_array(document) || '{""}'::text[]) as term, 1 as docs, 0 as title_docs from ${table} where id = any(${batch}::text[])
        union all
        select unnest(tsvector_to_array(ts_filter(document, '{a}'))), 0, 1 from ${table} where id = any(${batch}::text[])
      ) words group by term
      on conflict (term) do update set ${docs} = t.${docs} + excluded.${docs}, ${titleDocs} = t.${titleDocs} + excluded.${titleDocs}`.execute(db);
  }
}

/** The ids whose documents an import replaces or removes (before) or writes (after). */
const replaced = (changes: SearchIndexChanges) => ({
  series: changes.series.map((s) => s.id),
  episodes: [...changes.episodes.map((e) => e.id), ...changes.removedEpisodes],
});

/** PostgreSQL's full-text index: one tsvector document per series and per episode, keyed by id, and the dictionary's counts. */
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
  async beforeIndex(db, changes) {
    const { series, episodes } = replaced(changes);
    await countDocuments(db, 'series', series, -1);
    await countDocuments(db, 'episode', episodes, -1);
  },
  async alsoIndex(db, changes) {
    await countDocuments(db, 'series', changes.series.map((s) => s.id), 1);
    await countDocuments(db, 'episode', changes.episodes.map((e) => e.id), 1);
  },
};
