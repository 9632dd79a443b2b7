/**
 * SQLite-only: FTS5 indexes over series and episode titles and synopses, written by every import
 * (server/store/sqlite/search-index.ts), not by triggers, so a bulk import indexes each row once.
 *
 * Contentless (content='') because the text already lives in series/episodes; only the ids are
 * kept (contentless_unindexed) to join back. The FTS rowid is the id's base-36 suffix (ftsRowid):
 * stable across VACUUM, unlike an implicit rowid, so rows can be deleted by rowid when content
 * changes. remove_diacritics 2 lets "cafe" find "Café".
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const sqliteSearchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create virtual table series_fts using fts5(
      id unindexed, title, short_synopsis, synopsis,
      content='', contentless_delete=1, contentless_unindexed=1,
      tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create virtual table episodes_fts using fts5(
      id unindexed, series_id unindexed, title, synopsis,
      content='', contentless_delete=1, contentless_unindexed=1,
      tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table if exists episodes_fts`.execute(db);
    await sql`drop table if exists series_fts`.execute(db);
  },
};
