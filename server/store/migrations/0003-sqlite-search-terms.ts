/**
 * SQLite-only: the dictionary of indexed words (`search_terms`), so the last word of a search is
 * completed to whole words by an index range scan instead of an FTS5 prefix query. An FTS5
 * prefix query without a prefix index merges the document lists of every word with that prefix
 * before returning its first row: "the"* or "choos"* cost 60-120 ms at a million episodes, the
 * same words ORed as whole terms under 1 ms (see server/store/sqlite/search.ts).
 *
 * Filled from the FTS indexes' own vocabulary here (once; a few seconds at a million episodes),
 * then by every import. Words are never removed: a word whose documents are gone completes to
 * nothing and costs nothing.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const sqliteSearchTermsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // series_title / episode_title: the word is in some series' / episode's title (1) or only in
    // other fields (0), so a title-only scan for a word no title has is skipped.
    await sql`create table search_terms (
      term text not null primary key,
      series_title integer not null default 0,
      episode_title integer not null default 0
    ) without rowid`.execute(db);
    for (const [table, flag] of [['series_fts', 'series_title'], ['episodes_fts', 'episode_title']] as const) {
      const vocab = sql.id(`${table}_vocab`);
      await sql`create virtual table temp.${vocab} using fts5vocab(main, ${sql.id(table)}, 'col')`.execute(db);
      await sql`insert into search_terms (term, ${sql.id(flag)})
        select term, max(col = 'title') from temp.${vocab} where true group by term
        on conflict (term) do update set ${sql.id(flag)} = max(${sql.id(flag)}, excluded.${sql.id(flag)})`.execute(db);
      await sql`drop table temp.${vocab}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table if exists search_terms`.execute(db);
  },
};
