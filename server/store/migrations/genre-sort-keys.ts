/**
 * The genre filter of the partner catalog walks its own index in the page's order: each
 * series_genres row carries its series' two catalog sort keys (sort_title, updated_at), written
 * with the series by every import (shared/catalog-import.ts), and is indexed by (genre, key, id).
 *
 * Before, a genre page walked the series in sort order and probed each one's genres, visiting
 * several series per hit: most of a varied catalog page's SQL
 * (docs/decisions/0040-catalog-pages-walk-one-index.md, docs/performance.md#catalog-index-walk).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { keyCollated } from './0001-core.js';

/** The migration for an engine; keyCollation as in 0001-core.ts, so both sorts order as the series' own keys do. */
export function genreSortKeysMigration(options: { keyCollation?: string; analyze?: boolean } = {}): Migration {
  const key = keyCollated(options.keyCollation);
  const keyText = (c: ColumnDefinitionBuilder) => key(c.notNull().defaultTo(''));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('series_genres').addColumn('sort_title', 'text', keyText).execute();
      await db.schema.alterTable('series_genres').addColumn('updated_at', 'text', keyText).execute();
      await sql`update series_genres set
        sort_title = (select s.sort_title from series s where s.id = series_genres.series_id),
        updated_at = (select s.updated_at from series s where s.id = series_genres.series_id)`.execute(db);
      await db.schema.createIndex('series_genres_title_idx').on('series_genres').columns(['genre', 'sort_title', 'series_id']).execute();
      await db.schema.createIndex('series_genres_updated_idx').on('series_genres').columns(['genre', 'updated_at', 'series_id']).execute();
      // PostgreSQL: statistics of the new columns now, not whenever autovacuum gets to the rewritten table.
      if (options.analyze) await sql`analyze series_genres`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('series_genres_updated_idx').ifExists().execute();
      await db.schema.dropIndex('series_genres_title_idx').ifExists().execute();
      await db.schema.alterTable('series_genres').dropColumn('updated_at').execute();
      await db.schema.alterTable('series_genres').dropColumn('sort_title').execute();
    },
  };
}
