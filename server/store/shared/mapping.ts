/**
 * Conversions between stored rows and the contract's documents, shared by every engine: JSON
 * text back to arrays/objects, 0/1 to booleans, driver numbers (bigint strings on PostgreSQL)
 * to plain numbers, and instants to one ISO form so they compare correctly as text.
 */
import { createHash } from 'node:crypto';
import type { EpisodeTable, SeasonTable, SeriesTable } from './schema.js';
import { sortKey } from './search-terms.js';
import type { EpisodeDoc, Grant, ImportEpisode, ImportSeries, SeriesDoc, SeriesSummaryDoc } from '../records.js';

type Window = SeriesDoc['availability'];

/** An instant in toISOString form (UTC, milliseconds, `Z`); throws on an unparseable value. */
export function isoInstant(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new TypeError(`not an ISO instant: ${value}`);
  return new Date(ms).toISOString();
}

/** A number from a driver value (node:sqlite numbers, pg bigint strings). */
export function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Grants from the stored flags, in the contract's order read, stream. */
export function grantsOf(canRead: unknown, canStream: unknown): Grant[] {
  const grants: Grant[] = [];
  if (num(canRead)) grants.push('read');
  if (num(canStream)) grants.push('stream');
  return grants;
}

/** JSON with object keys sorted, so a hash does not depend on the key order of the import file. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Content hash of an import item: equal content, equal hash. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function normalizeWindow(w: Window): Window {
  return { starts_at: isoInstant(w.starts_at), ends_at: w.ends_at === null ? null : isoInstant(w.ends_at), territories: w.territories };
}

/** The import series with instants normalized and seasons ordered, without its episodes. */
export function normalizeSeries(s: ImportSeries): Omit<ImportSeries, 'episodes'> {
  const { episodes: _episodes, ...own } = s;
  const seasons = [...own.seasons].sort((a, b) => a.season_number - b.season_number);
  return { ...own, seasons, availability: normalizeWindow(own.availability) };
}

/** The import episode with instants normalized. */
export function normalizeEpisode(e: ImportEpisode): ImportEpisode {
  return { ...e, availability: normalizeWindow(e.availability) };
}

const json = JSON.stringify;

/** The series row for normalized import content. */
export function seriesRow(
  s: Omit<ImportSeries, 'episodes'>,
  meta: { hash: string; createdAt: string; updatedAt: string; seasonCount: number; episodeCount: number },
): SeriesTable {
  return {
    id: s.id,
    title: s.title,
    sort_title: sortKey(s.title),
    original_title: s.original_title,
    synopsis: s.synopsis,
    short_synopsis: s.short_synopsis,
    genres: json(s.genres),
    content_ratings: json(s.content_ratings),
    original_language: s.original_language,
    audio_languages: json(s.audio_languages),
    subtitle_languages: json(s.subtitle_languages),
    release_year: s.release_year,
    end_year: s.end_year,
    status: s.status,
    season_count: meta.seasonCount,
    episode_count: meta.episodeCount,
    artwork: json(s.artwork),
    availability_starts_at: s.availability.starts_at,
    availability_ends_at: s.availability.ends_at,
    availability_territories: json(s.availability.territories),
    content_hash: meta.hash,
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
  };
}

/** The episode row for normalized import content. */
export function episodeRow(
  e: ImportEpisode,
  meta: { seriesId: string; hash: string; createdAt: string; updatedAt: string },
): EpisodeTable {
  return {
    id: e.id,
    series_id: meta.seriesId,
    season_number: e.season_number,
    episode_number: e.episode_number,
    title: e.title,
    synopsis: e.synopsis,
    duration_seconds: e.duration_seconds,
    air_date: e.air_date,
    content_ratings: json(e.content_ratings),
    audio_languages: json(e.audio_languages),
    subtitle_languages: json(e.subtitle_languages),
    artwork: json(e.artwork),
    availability_starts_at: e.availability.starts_at,
    availability_ends_at: e.availability.ends_at,
    availability_territories: json(e.availability.territories),
    stream_formats: json(e.stream_formats),
    content_hash: meta.hash,
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
  };
}

function parse<T>(text: string): T {
  return JSON.parse(text) as T;
}

function windowOf(row: Pick<SeriesTable, 'availability_starts_at' | 'availability_ends_at' | 'availability_territories'>): Window {
  return {
    starts_at: row.availability_starts_at,
    ends_at: row.availability_ends_at,
    territories: parse(row.availability_territories),
  };
}

/** The series columns a SeriesSummary needs (and the catalog's sort keys): listings read only these, not synopses. */
export const SERIES_SUMMARY_COLUMNS = [
  'id', 'title', 'sort_title', 'short_synopsis', 'genres', 'content_ratings', 'original_language', 'release_year', 'status',
  'season_count', 'episode_count', 'artwork', 'availability_starts_at', 'availability_ends_at', 'availability_territories', 'updated_at',
] as const satisfies ReadonlyArray<keyof SeriesTable>;

export type SeriesSummaryRow = Pick<SeriesTable, (typeof SERIES_SUMMARY_COLUMNS)[number]>;

/** The contract's SeriesSummary (without grants) from a series row. */
export function seriesSummaryDoc(row: SeriesSummaryRow): SeriesSummaryDoc {
  return seriesSummary(row, undefined);
}

/**
 * The contract's SeriesSummary from a series row, with the partner's grants last when given:
 * one object per row (listings and search build dozens per page; a spread copy of each was an
 * eighth of what an uncached catalog page allocated).
 */
export function seriesSummary<G extends Grant[] | undefined>(row: SeriesSummaryRow, grants: G): G extends Grant[] ? SeriesSummaryDoc & { grants: Grant[] } : SeriesSummaryDoc;
export function seriesSummary(row: SeriesSummaryRow, grants: Grant[] | undefined): SeriesSummaryDoc & { grants?: Grant[] } {
  const doc: SeriesSummaryDoc & { grants?: Grant[] } = {
    id: row.id,
    title: row.title,
    short_synopsis: row.short_synopsis,
    genres: parse(row.genres),
    content_ratings: parse(row.content_ratings),
    original_language: row.original_language,
    release_year: num(row.release_year),
    status: row.status as SeriesSummaryDoc['status'],
    season_count: num(row.season_count),
    episode_count: num(row.episode_count),
    artwork: parse(row.artwork),
    availability: windowOf(row),
    updated_at: row.updated_at,
  };
  if (grants) doc.grants = grants;
  return doc;
}

/** The contract's Series (without grants) from a series row and its season rows. */
export function seriesDoc(row: SeriesTable, seasons: SeasonTable[]): SeriesDoc {
  const { updated_at, ...summary } = seriesSummaryDoc(row);
  return {
    ...summary,
    original_title: row.original_title,
    synopsis: row.synopsis,
    audio_languages: parse(row.audio_languages),
    subtitle_languages: parse(row.subtitle_languages),
    end_year: row.end_year === null ? null : num(row.end_year),
    seasons: seasons.map((s) => ({
      season_number: num(s.season_number),
      title: s.title,
      release_year: num(s.release_year),
      episode_count: num(s.episode_count),
    })),
    created_at: row.created_at,
    updated_at,
  };
}

/** The columns of an episode row its document is made of. */
export const EPISODE_COLUMNS = [
  'id', 'series_id', 'season_number', 'episode_number', 'title', 'synopsis', 'duration_seconds', 'air_date', 'content_ratings', 'audio_languages',
  'subtitle_languages', 'artwork', 'availability_starts_at', 'availability_ends_at', 'availability_territories', 'stream_formats', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof EpisodeTable>;

export type EpisodeRow = Pick<EpisodeTable, (typeof EPISODE_COLUMNS)[number]>;

/** The contract's Episode (without grants) from an episode row. */
export function episodeDoc(row: EpisodeRow): EpisodeDoc {
  return {
    id: row.id,
    series_id: row.series_id,
    season_number: num(row.season_number),
    episode_number: num(row.episode_number),
    title: row.title,
    synopsis: row.synopsis,
    duration_seconds: num(row.duration_seconds),
    air_date: row.air_date,
    content_ratings: parse(row.content_ratings),
    audio_languages: parse(row.audio_languages),
    subtitle_languages: parse(row.subtitle_languages),
    artwork: parse(row.artwork),
    availability: windowOf(row),
    stream_formats: parse(row.stream_formats),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
