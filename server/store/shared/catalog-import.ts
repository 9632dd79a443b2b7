/**
 * Catalog import, dialect-neutral, as the CatalogWrites door both engines assemble
 * (catalogWrites()). Idempotent by content hash: a series or episode whose
 * normalized content is unchanged is not written at all, so its updated_at survives a
 * re-import and `updated_since` sync sees only real changes. The file is the full truth for
 * every series it contains: episodes missing from it are removed.
 */
import type { Kysely } from 'kysely';
import type { CatalogWrites, ImportPreviews } from '../interfaces.js';
import type { SeriesDiff } from '../studio-records.js';
import { BULK_IMPORT_ROWS, type ImportResult, type ImportSeries } from '../records.js';
import { batches } from './batches.js';
import type { StoreCore } from './core.js';
import { contentHash, episodeRow, normalizeEpisode, normalizeSeries, isoInstant, seriesRow } from './mapping.js';
import { changeEvents, episodeEvent, WINDOW_COLUMNS, type StoredWindow } from './catalog-events.js';
import { appendSeriesEvents, type NewEvent } from './events.js';
import { bumpContentVersion } from './partners.js';
import type { Database, EpisodeTable, SeriesTable } from './schema.js';
import { beforeCatalogChanges, updateSearchIndex, type SearchIndex } from './search-index.js';

/** Inserts rows, or updates every column but id and created_at of rows whose id exists. */
async function upsertById(db: Kysely<Database>, table: 'series' | 'episodes', rows: Array<SeriesTable | EpisodeTable>): Promise<void> {
  // kysely cannot type a table and column list chosen at run time; the names come from the rows.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const batch of batches(rows)) {
    const columns = Object.keys(batch[0]!).filter((c) => c !== 'id' && c !== 'created_at');
    await untyped
      .insertInto(table)
      .values(batch as unknown as Array<Record<string, unknown>>)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))))
      .execute();
  }
}

/** What importing a batch would write, read from db without writing: the rows, the difference series by series, and the feed events. */
async function planImport(db: Kysely<Database>, batch: ImportSeries[], at: string) {
  const seriesIds = batch.map((s) => s.id);
  if (new Set(seriesIds).size !== seriesIds.length) throw new Error('importCatalog: duplicate series id in one batch');
  const fileEpisodeIds = batch.flatMap((s) => s.episodes.map((e) => e.id));
  if (new Set(fileEpisodeIds).size !== fileEpisodeIds.length) throw new Error('importCatalog: duplicate episode id in one batch');

  const existingSeries = new Map<string, Pick<SeriesTable, 'id' | 'created_at' | 'updated_at'> & StoredWindow>();
  const existingEpisodes = new Map<string, Pick<EpisodeTable, 'id' | 'series_id' | 'created_at'> & StoredWindow>();
  for (const ids of batches(seriesIds)) {
    for (const r of await db.selectFrom('series').select(['id', 'created_at', 'updated_at', ...WINDOW_COLUMNS]).where('id', 'in', ids).execute()) existingSeries.set(r.id, r);
    for (const r of await db.selectFrom('episodes').select(['id', 'series_id', 'created_at', ...WINDOW_COLUMNS]).where('series_id', 'in', ids).execute()) existingEpisodes.set(r.id, r);
  }
  // Episodes of the file that currently belong to a series outside it (an episode moved).
  for (const ids of batches(fileEpisodeIds)) {
    for (const r of await db.selectFrom('episodes').select(['id', 'series_id', 'created_at', ...WINDOW_COLUMNS]).where('id', 'in', ids).execute()) existingEpisodes.set(r.id, r);
  }

  const episodesOf = new Map<string, string[]>();
  for (const e of existingEpisodes.values()) {
    const list = episodesOf.get(e.series_id);
    if (list) list.push(e.id);
    else episodesOf.set(e.series_id, [e.id]);
  }
  const inFile = new Set(fileEpisodeIds);

  const seriesRows: SeriesTable[] = [];
  const seasonRows: Database['seasons'][] = [];
  const genreRows: Database['series_genres'][] = [];
  const episodeRows: EpisodeTable[] = [];
  const removed: string[] = [];
  const movedFrom = new Set<string>();
  const inBatch = new Set(seriesIds);
  const diff: SeriesDiff[] = [];
  // Only series that existed before can have grants, so only they make events.
  const events: NewEvent[] = [];
  let unchanged = 0;

  for (const item of batch) {
    const own = normalizeSeries(item);
    const hash = contentHash(own);
    const before = existingSeries.get(item.id);
    let changed = !before || before.content_hash !== hash;
    if (before && changed) events.push(...changeEvents(own, before, { seriesId: item.id }, 'series.updated'));

    const keep = new Set<string>();
    const counts = { episodesAdded: 0, episodesChanged: 0, episodesRemoved: 0 };
    for (const e of item.episodes) {
      keep.add(e.id);
      const content = normalizeEpisode(e);
      const eHash = contentHash(content);
      const prev = existingEpisodes.get(e.id);
      if (prev && prev.series_id === item.id && prev.content_hash === eHash) continue;
      if (prev && prev.series_id !== item.id && !inBatch.has(prev.series_id)) {
        movedFrom.add(prev.series_id);
        events.push(episodeEvent('episode.removed', prev.series_id, e.id));
      }
      if (before && prev?.series_id === item.id) events.push(...changeEvents(content, prev, { seriesId: item.id, episodeId: e.id }, 'episode.updated'));
      else if (before) events.push(episodeEvent('episode.added', item.id, e.id));
      episodeRows.push(episodeRow(content, { seriesId: item.id, hash: eHash, createdAt: prev?.created_at ?? at, updatedAt: at }));
      if (prev) counts.episodesChanged += 1;
      else counts.episodesAdded += 1;
      changed = true;
    }
    for (const id of episodesOf.get(item.id) ?? []) {
      if (keep.has(id)) continue;
      // Gone from this series: deleted, unless the file moved it to another of its series.
      if (!inFile.has(id)) {
        removed.push(id);
        counts.episodesRemoved += 1;
      }
      events.push(episodeEvent('episode.removed', item.id, id));
      changed = true;
    }
    if (!changed) {
      unchanged += 1;
      continue;
    }
    diff.push({ seriesId: item.id, title: item.title, change: before ? 'changed' : 'added', ...counts });

    const perSeason = new Map<number, number>();
    for (const e of item.episodes) perSeason.set(e.season_number, (perSeason.get(e.season_number) ?? 0) + 1);
    const row = seriesRow(own, { hash, createdAt: before?.created_at ?? at, updatedAt: at, seasonCount: own.seasons.length, episodeCount: item.episodes.length });
    seriesRows.push(row);
    for (const s of own.seasons) seasonRows.push({ series_id: item.id, ...s, episode_count: perSeason.get(s.season_number) ?? 0 });
    for (const genre of own.genres) genreRows.push({ series_id: item.id, genre, sort_title: row.sort_title, updated_at: row.updated_at });
  }

  return { seriesRows, seasonRows, genreRows, episodeRows, removed, movedFrom, unchanged, diff, events };
}

/** Imports a batch of series (call inside one transaction); the result carries the batch's feed events, to append after it. */
async function importCatalog(db: Kysely<Database>, batch: ImportSeries[], now: string, index: SearchIndex): Promise<ImportResult & { events: NewEvent[] }> {
  const at = isoInstant(now);
  const { seriesRows, seasonRows, genreRows, episodeRows, removed, movedFrom, unchanged, events } = await planImport(db, batch, at);
  const changedIds = seriesRows.map((r) => r.id);
  const changes = { series: seriesRows, episodes: episodeRows, removedEpisodes: removed };
  await beforeCatalogChanges(db, index, changes);
  await upsertById(db, 'series', seriesRows);
  for (const ids of batches(changedIds)) {
    await db.deleteFrom('seasons').where('series_id', 'in', ids).execute();
    await db.deleteFrom('series_genres').where('series_id', 'in', ids).execute();
  }
  for (const rows of batches(seasonRows)) await db.insertInto('seasons').values(rows).execute();
  for (const rows of batches(genreRows)) await db.insertInto('series_genres').values(rows).execute();
  for (const ids of batches(removed)) await db.deleteFrom('episodes').where('id', 'in', ids).execute();
  await upsertById(db, 'episodes', episodeRows);
  await recount(db, [...movedFrom], at);

  await updateSearchIndex(db, index, changes);
  return { seriesChanged: seriesRows.length, seriesUnchanged: unchanged, episodesChanged: episodeRows.length + removed.length, events };
}

/** Re-derives counts of series outside the batch that lost an episode to a series in it. */
async function recount(db: Kysely<Database>, ids: string[], at: string): Promise<void> {
  for (const group of batches(ids)) {
    await db
      .updateTable('seasons')
      .set((eb) => ({
        episode_count: eb
          .selectFrom('episodes')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('episodes.series_id', '=', 'seasons.series_id')
          .whereRef('episodes.season_number', '=', 'seasons.season_number'),
      }))
      .where('series_id', 'in', group)
      .execute();
    await db
      .updateTable('series')
      .set((eb) => ({
        episode_count: eb.selectFrom('episodes').select((e) => e.fn.countAll<number>().as('n')).whereRef('episodes.series_id', '=', 'series.id'),
        updated_at: at,
      }))
      .where('id', 'in', group)
      .execute();
    // The genre index's copy of the sort key (migrations/genre-sort-keys.ts).
    await db.updateTable('series_genres').set({ updated_at: at }).where('series_id', 'in', group).execute();
  }
}

/**
 * The CatalogWrites door as both engines run it in the thread that holds the database: the batch
 * imported into the engine's full-text index (`index`) in one write transaction that also marks
 * what partners read as changed, then the engine's own tidying after a bulk import.
 */
export function catalogWrites(core: StoreCore, index: SearchIndex, afterBulkImport: CatalogWrites['afterBulkImport']): CatalogWrites {
  return {
    async importCatalog(series, now) {
      const result = await core.guard(
        () =>
          core.writeTransaction(async (db) => {
            const { events, ...imported } = await importCatalog(db, series, now, index);
            await bumpContentVersion(db);
            await appendSeriesEvents(db, events, now);
            return imported;
          }),
        false,
      );
      if (result.seriesChanged + result.episodesChanged >= BULK_IMPORT_ROWS) await core.guard(() => afterBulkImport(result), false);
      return result;
    },
    afterBulkImport,
  };
}

/** The ImportPreviews door: planImport over the whole file, read in this thread, nothing written. */
export function importPreviews(core: StoreCore): ImportPreviews {
  return {
    previewImport: (series) =>
      core.guard(async () => {
        const { diff, unchanged } = await planImport(core.db, series, new Date(0).toISOString());
        const sum = (pick: (d: SeriesDiff) => number) => diff.reduce((n, d) => n + pick(d), 0);
        return {
          seriesAdded: diff.filter((d) => d.change === 'added').length,
          seriesChanged: diff.filter((d) => d.change === 'changed').length,
          seriesUnchanged: unchanged,
          episodesAdded: sum((d) => d.episodesAdded),
          episodesChanged: sum((d) => d.episodesChanged),
          episodesRemoved: sum((d) => d.episodesRemoved),
          series: diff,
        };
      }),
  };
}
