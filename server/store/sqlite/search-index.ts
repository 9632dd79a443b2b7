/**
 * What an import writes into SQLite's search index: rows of the FTS5 tables (migrations
 * 0002-sqlite-search.ts), and the words of the indexed texts into the `search_terms` dictionary
 * that search completes the last word from (sqlite/search.ts). The loop that writes them is
 * shared with PostgreSQL (shared/search-index.ts).
 */
import { sql, type Kysely } from 'kysely';
import { batches } from '../shared/batches.js';
import type { Database } from '../shared/schema.js';
import type { IndexTable, SearchIndex, SearchIndexChanges } from '../shared/search-index.js';
import { foldedWords, typedWords } from '../shared/search-terms.js';

/**
 * The FTS rowid of a series or episode: its id's base-36 suffix (36^10 < 2^53, so exact). A
 * derived rowid is stable and lets a changed row be deleted without a lookup table.
 */
export function ftsRowid(id: string): number {
  const m = /^(?:ser|ep)_([0-9a-z]{10})$/.exec(id);
  if (!m) throw new TypeError(`not a series or episode id: ${id}`);
  return parseInt(m[1]!, 36);
}

/** The words of a text as the dictionary keeps them: folded, and as typed (lower-case), so either spelling completes. */
export function dictionaryWords(text: string): string[] {
  const lower = text.normalize('NFC').toLowerCase();
  const words = new Set<string>(typedWords(lower));
  for (const w of foldedWords(lower)) words.add(w);
  return [...words].filter((w) => w.length <= 200);
}

/** Adds the words of an import's indexed texts to the dictionary, noting words of titles. */
async function addDictionaryWords(db: Kysely<Database>, changes: SearchIndexChanges): Promise<void> {
  const words = new Map<string, { s: number; e: number }>();
  const add = (list: string[], s: number, e: number) => {
    for (const text of list) {
      for (const w of dictionaryWords(text)) {
        const flags = words.get(w);
        if (flags) {
          flags.s ||= s;
          flags.e ||= e;
        } else words.set(w, { s, e });
      }
    }
  };
  add(changes.series.map((s) => s.title), 1, 0);
  add(changes.episodes.map((e) => e.title), 0, 1);
  add([...changes.series.flatMap((s) => [s.short_synopsis, s.synopsis]), ...changes.episodes.map((e) => e.synopsis)], 0, 0);
  for (const batch of batches([...words])) {
    const values = batch.map(([w, f]) => sql`(${w}, ${f.s}, ${f.e})`);
    await sql`insert into search_terms (term, series_title, episode_title) values ${sql.join(values)}
      on conflict (term) do update set series_title = max(series_title, excluded.series_title),
        episode_title = max(episode_title, excluded.episode_title)`.execute(db);
  }
}

/** A contentless FTS5 table keyed by ftsRowid, whose columns after the rowid are the document's fields of those names. */
function ftsTable<D extends { id: string }>(table: string, fields: Array<keyof D & string>): IndexTable<D> {
  return { table, key: 'rowid', keyOf: ftsRowid, columns: ['rowid', ...fields], row: (d) => [ftsRowid(d.id), ...fields.map((f) => d[f])] };
}

/** SQLite's full-text index: the FTS5 tables (all fields, and titles alone), and the word dictionary. */
export const sqliteSearchIndex: SearchIndex = {
  series: [ftsTable('series_fts', ['id', 'title', 'short_synopsis', 'synopsis']), ftsTable('series_titles_fts', ['id', 'title'])],
  episodes: [ftsTable('episodes_fts', ['id', 'series_id', 'title', 'synopsis']), ftsTable('episode_titles_fts', ['id', 'series_id', 'title'])],
  alsoIndex: addDictionaryWords,
};
