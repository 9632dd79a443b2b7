/**
 * PostgreSQL-only: what bounded-cost search needs (server/store/postgres/search.ts).
 *
 * - `search_terms`, the word dictionary with each word's document counts per index (series,
 *   episodes) and among titles: the last word of a query completes from it to whole words, and
 *   the counts tell a rare part of a query (ranked exactly) from a common one (ranked in blocks).
 *   The empty word counts every document. Kept exact by every import (postgres/search-index.ts),
 *   filled here from the documents.
 * - Title-only GIN indexes over the title lexemes of each document (weight A, `ts_filter`), so
 *   a block of title matches reads the titles' posting lists, not the synopses'.
 * - `fastupdate = off` on every search index: with the pending list on, each import leaves up to
 *   4 MB of unindexed entries that every query scans in full until a VACUUM (with autovacuum off
 *   or behind, for good): 3-15 ms of every search at 1.1M episodes.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const INDEXES = [
  ['series_search', 'series'],
  ['episodes_search', 'episode'],
] as const;

export const postgresSearchBlocksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create table search_terms (
      term text collate "C" not null primary key,
      series_docs integer not null default 0,
      series_title_docs integer not null default 0,
      episode_docs integer not null default 0,
      episode_title_docs integer not null default 0
    )`.execute(db);
    for (const [table, kind] of INDEXES) {
      const docs = sql.id(`${kind}_docs`);
      const titleDocs = sql.id(`${kind}_title_docs`);
      await sql`insert into search_terms (term, ${docs}, ${titleDocs})
        select term, sum(docs), sum(title_docs) from (
          select unnest(tsvector_to_array(document) || '{""}'::text[]) as term, 1 as docs, 0 as title_docs from ${sql.table(table)}
          union all
          select unnest(tsvector_to_array(ts_filter(document, '{a}'))), 0, 1 from ${sql.table(table)}
        ) words group by term
        on conflict (term) do update set ${docs} = excluded.${docs}, ${titleDocs} = excluded.${titleDocs}`.execute(db);
      await sql`alter index ${sql.id(`${table}_document_idx`)} set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list(${`${table}_document_idx`}::regclass)`.execute(db);
      await sql`create index ${sql.id(`${table}_title_idx`)} on ${sql.table(table)}
        using gin (ts_filter(document, '{a}')) with (fastupdate = off)`.execute(db);
    }
    await sql`analyze search_terms`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [table] of INDEXES) {
      await sql`drop index if exists ${sql.id(`${table}_title_idx`)}`.execute(db);
      await sql`alter index ${sql.id(`${table}_document_idx`)} set (fastupdate = on)`.execute(db);
    }
    await sql`drop table if exists search_terms`.execute(db);
  },
};
