/**
 * SQLite-only: FTS5 indexes over titles alone, beside the full ones of 0002-sqlite-search.ts,
 * written by every import (server/store/sqlite/search-index.ts).
 *
 * Search ranks title matches first. Over the full index a title-only match (`{title} : ...`) reads
 * every document of each word to look at its positions, titles and synopses alike: for a prefix
 * that completes to words of nearly every synopsis ("be": before, between, becomes) that is the
 * whole million-episode posting list, 300-440 ms, for the few dozen titles it finds. A title
 * index holds only the titles' words, so the same block reads a few hundred entries.
 *
 * Filled here from what is indexed already (the full indexes keep their rowid and ids).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const sqliteTitleSearchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create virtual table series_titles_fts using fts5(
      id unindexed, title,
      content='', contentless_delete=1, contentless_unindexed=1,
      tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create virtual table episode_titles_fts using fts5(
      id unindexed, series_id unindexed, title,
      content='', contentless_delete=1, contentless_unindexed=1,
      tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`insert into series_titles_fts (rowid, id, title)
      select f.rowid, f.id, s.title from series_fts f join series s on s.id = f.id`.execute(db);
    await sql`insert into episode_titles_fts (rowid, id, series_id, title)
      select f.rowid, f.id, f.series_id, e.title from episodes_fts f join episodes e on e.id = f.id`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table if exists episode_titles_fts`.execute(db);
    await sql`drop table if exists series_titles_fts`.execute(db);
  },
};
