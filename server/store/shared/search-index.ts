/**
 * The search-indexing loop both engines run inside the import transaction (not triggers, so a
 * bulk import indexes each changed document once, in batches): entries of changed and removed
 * documents deleted, then the changed documents written. An engine only says what its index
 * tables are and what row a document becomes (sqlite/search-index.ts, postgres/search.ts).
 */
import { sql, type Kysely } from 'kysely';
import { batches } from './batches.js';
import type { Database, EpisodeTable, SeriesTable } from './schema.js';

export type IndexedSeries = Pick<SeriesTable, 'id' | 'title' | 'short_synopsis' | 'synopsis'>;
export type IndexedEpisode = Pick<EpisodeTable, 'id' | 'series_id' | 'title' | 'synopsis'>;

/** What the engine's full-text index must learn about one import. */
export interface SearchIndexChanges {
  series: IndexedSeries[];
  episodes: IndexedEpisode[];
  removedEpisodes: string[];
}

/** One table of an engine's full-text index. */
export interface IndexTable<D> {
  table: string;
  /** The column an entry is found by, and its value for a series or episode id. */
  key: string;
  keyOf(id: string): string | number;
  /** The columns a row is written with, and one document's values for them (values or SQL). */
  columns: string[];
  row(document: D): unknown[];
}

/** An engine's full-text index: its tables of series and of episodes. */
export interface SearchIndex {
  series: Array<IndexTable<IndexedSeries>>;
  episodes: Array<IndexTable<IndexedEpisode>>;
  /**
   * What the engine notes of the entries an import is about to replace or remove, before the
   * import changes any catalog row (removed episodes take their entries with them): PostgreSQL's
   * word counts. Called by beforeCatalogChanges.
   */
  beforeIndex?(db: Kysely<Database>, changes: SearchIndexChanges): Promise<void>;
  /** What else the engine keeps per import (the word dictionaries), after the rows. */
  alsoIndex?(db: Kysely<Database>, changes: SearchIndexChanges): Promise<void>;
}

async function removeEntries<D>(db: Kysely<Database>, index: IndexTable<D>, ids: string[]): Promise<void> {
  for (const batch of batches(ids)) {
    await sql`delete from ${sql.table(index.table)} where ${sql.ref(index.key)} in (${sql.join(batch.map((id) => index.keyOf(id)))})`.execute(db);
  }
}

async function writeEntries<D>(db: Kysely<Database>, index: IndexTable<D>, documents: D[]): Promise<void> {
  const columns = sql.join(index.columns.map((c) => sql.ref(c)));
  for (const batch of batches(documents)) {
    const rows = batch.map((d) => sql`(${sql.join(index.row(d))})`);
    await sql`insert into ${sql.table(index.table)} (${columns}) values ${sql.join(rows)}`.execute(db);
  }
}

/** Lets the engine's index see the entries an import will replace or remove (call before the import writes any catalog row). */
export async function beforeCatalogChanges(db: Kysely<Database>, index: SearchIndex, changes: SearchIndexChanges): Promise<void> {
  await index.beforeIndex?.(db, changes);
}

/** Applies an import's changes to the engine's index (call inside the import transaction, after beforeCatalogChanges and the catalog rows). */
export async function updateSearchIndex(db: Kysely<Database>, index: SearchIndex, changes: SearchIndexChanges): Promise<void> {
  const removedEpisodes = [...changes.episodes.map((e) => e.id), ...changes.removedEpisodes];
  for (const table of index.series) await removeEntries(db, table, changes.series.map((s) => s.id));
  for (const table of index.episodes) await removeEntries(db, table, removedEpisodes);
  for (const table of index.series) await writeEntries(db, table, changes.series);
  for (const table of index.episodes) await writeEntries(db, table, changes.episodes);
  await index.alsoIndex?.(db, changes);
}
