/**
 * PostgreSQL-only: full-text documents of series and episodes (tsvector, GIN-indexed), written
 * by every import like SQLite's FTS5 tables, not by triggers. The documents are built from folded
 * words in server/store/postgres/search.ts, so no text search configuration or extension is
 * involved. Rows go with their series or episode (cascade).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const postgresSearchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create table series_search (
      id text collate "C" not null primary key references series (id) on delete cascade,
      document tsvector not null
    )`.execute(db);
    await sql`create index series_search_document_idx on series_search using gin (document)`.execute(db);
    await sql`create table episodes_search (
      id text collate "C" not null primary key references episodes (id) on delete cascade,
      series_id text collate "C" not null,
      document tsvector not null
    )`.execute(db);
    await sql`create index episodes_search_document_idx on episodes_search using gin (document)`.execute(db);
    await sql`create index episodes_search_series_idx on episodes_search (series_id)`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table if exists episodes_search`.execute(db);
    await sql`drop table if exists series_search`.execute(db);
  },
};
