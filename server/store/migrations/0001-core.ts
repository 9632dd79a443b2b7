/**
 * The dialect-neutral tables (see server/store/shared/schema.ts). Written with kysely's schema builder
 * so PostgreSQL gets the same layout; only text types and integer flags are used.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

export interface CoreMigrationOptions {
  /**
   * Collation for columns used as keyset/sort keys. Keyset paging needs the same order on every
   * engine: SQLite's default BINARY is bytewise; PostgreSQL must be told "C".
   */
  keyCollation?: string | undefined;
}

/** A key column in the engine's key collation (later migrations adding key columns use it too). */
export function keyCollated(keyCollation: string | undefined) {
  return (c: ColumnDefinitionBuilder) => (keyCollation ? c.modifyEnd(sql`collate ${sql.id(keyCollation)}`) : c);
}

/** The core schema migration for an engine. */
export function coreMigration(options: CoreMigrationOptions = {}): Migration {
  const key = keyCollated(options.keyCollation);
  const text = (c: ColumnDefinitionBuilder) => c.notNull();
  const keyText = (c: ColumnDefinitionBuilder) => key(c.notNull());

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('series')
        .addColumn('id', 'text', (c) => keyText(c).primaryKey())
        .addColumn('title', 'text', text)
        .addColumn('sort_title', 'text', keyText)
        .addColumn('original_title', 'text')
        .addColumn('synopsis', 'text', text)
        .addColumn('short_synopsis', 'text', text)
        .addColumn('genres', 'text', text)
        .addColumn('content_ratings', 'text', text)
        .addColumn('original_language', 'text', text)
        .addColumn('audio_languages', 'text', text)
        .addColumn('subtitle_languages', 'text', text)
        .addColumn('release_year', 'integer', text)
        .addColumn('end_year', 'integer')
        .addColumn('status', 'text', text)
        .addColumn('season_count', 'integer', text)
        .addColumn('episode_count', 'integer', text)
        .addColumn('artwork', 'text', text)
        .addColumn('availability_starts_at', 'text', text)
        .addColumn('availability_ends_at', 'text')
        .addColumn('availability_territories', 'text', text)
        .addColumn('content_hash', 'text', text)
        .addColumn('created_at', 'text', text)
        .addColumn('updated_at', 'text', keyText)
        .execute();
      // Keyset indexes of the two catalog sorts and of listAllSeries (the primary key).
      await db.schema.createIndex('series_sort_title_idx').on('series').columns(['sort_title', 'id']).execute();
      await db.schema.createIndex('series_updated_at_idx').on('series').columns(['updated_at', 'id']).execute();

      await db.schema
        .createTable('series_genres')
        .addColumn('series_id', 'text', (c) => keyText(c).references('series.id').onDelete('cascade'))
        .addColumn('genre', 'text', keyText)
        .addPrimaryKeyConstraint('series_genres_pk', ['series_id', 'genre'])
        .execute();
      // The genre filter probes (genre, series_id).
      await db.schema.createIndex('series_genres_genre_idx').on('series_genres').columns(['genre', 'series_id']).execute();

      await db.schema
        .createTable('seasons')
        .addColumn('series_id', 'text', (c) => keyText(c).references('series.id').onDelete('cascade'))
        .addColumn('season_number', 'integer', text)
        .addColumn('title', 'text', text)
        .addColumn('release_year', 'integer', text)
        .addColumn('episode_count', 'integer', text)
        .addPrimaryKeyConstraint('seasons_pk', ['series_id', 'season_number'])
        .execute();

      await db.schema
        .createTable('episodes')
        .addColumn('id', 'text', (c) => keyText(c).primaryKey())
        .addColumn('series_id', 'text', (c) => keyText(c).references('series.id').onDelete('cascade'))
        .addColumn('season_number', 'integer', text)
        .addColumn('episode_number', 'integer', text)
        .addColumn('title', 'text', text)
        .addColumn('synopsis', 'text', text)
        .addColumn('duration_seconds', 'integer', text)
        .addColumn('air_date', 'text')
        .addColumn('content_ratings', 'text', text)
        .addColumn('audio_languages', 'text', text)
        .addColumn('subtitle_languages', 'text', text)
        .addColumn('artwork', 'text', text)
        .addColumn('availability_starts_at', 'text', text)
        .addColumn('availability_ends_at', 'text')
        .addColumn('availability_territories', 'text', text)
        .addColumn('stream_formats', 'text', text)
        .addColumn('content_hash', 'text', text)
        .addColumn('created_at', 'text', text)
        .addColumn('updated_at', 'text', text)
        .execute();
      // Not unique: an import may swap two episodes' numbers, which a per-row unique check would
      // reject mid-statement. Import validation guarantees uniqueness per series instead.
      await db.schema
        .createIndex('episodes_order_idx')
        .on('episodes')
        .columns(['series_id', 'season_number', 'episode_number', 'id'])
        .execute();

      await db.schema
        .createTable('partners')
        .addColumn('id', 'text', (c) => keyText(c).primaryKey())
        .addColumn('name', 'text', text)
        .addColumn('api_key', 'text', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'text', text)
        .addColumn('credential_version', 'integer', text)
        .addColumn('disabled', 'integer', text)
        .addColumn('created_at', 'text', text)
        .addColumn('updated_at', 'text', text)
        .execute();

      await db.schema
        .createTable('partner_grants')
        .addColumn('partner_id', 'text', (c) => keyText(c).references('partners.id').onDelete('cascade'))
        .addColumn('series_id', 'text', (c) => keyText(c).references('series.id').onDelete('cascade'))
        .addColumn('can_read', 'integer', text)
        .addColumn('can_stream', 'integer', text)
        .addColumn('updated_at', 'text', text)
        .addPrimaryKeyConstraint('partner_grants_pk', ['partner_id', 'series_id'])
        .execute();
      // Foreign-key checks when a series is deleted, and search joins from the series side.
      await db.schema.createIndex('partner_grants_series_idx').on('partner_grants').columns(['series_id', 'partner_id']).execute();

      await db.schema
        .createTable('usage_counts')
        .addColumn('partner_id', 'text', (c) => keyText(c).references('partners.id').onDelete('cascade'))
        .addColumn('day', 'text', keyText)
        .addColumn('operation', 'text', keyText)
        .addColumn('series_id', 'text', keyText)
        .addColumn('requests', 'bigint', text)
        .addColumn('stream_resolutions', 'bigint', text)
        .addColumn('errors', 'bigint', text)
        .addColumn('rate_limited', 'bigint', text)
        // Partner first, then day: every usage query is one partner over a day range.
        .addPrimaryKeyConstraint('usage_counts_pk', ['partner_id', 'day', 'operation', 'series_id'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.notNull().primaryKey())
        .addColumn('value', 'text', text)
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['settings', 'usage_counts', 'partner_grants', 'partners', 'episodes', 'seasons', 'series_genres', 'series']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
