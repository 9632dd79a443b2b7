/** Valid catalog import documents for the CLI tests, with predictable ids. */
import type { ImportEpisode, ImportSeries } from '../../server/store/index.js';

/** The id of the i-th fixture series: `ser_` and 10 digits. */
export function seriesIdOf(i: number): string {
  return `ser_${String(i).padStart(10, '0')}`;
}

const window = { starts_at: '2026-01-01T00:00:00Z', ends_at: null, territories: ['GB', 'US'] };

function episode(i: number, season: number, number: number): ImportEpisode {
  return {
    id: `ep_${String(i).padStart(6, '0')}${season}${String(number).padStart(3, '0')}`,
    season_number: season,
    episode_number: number,
    title: `Episode ${number}`,
    synopsis: `Episode ${number} of season ${season} of series ${i}.`,
    duration_seconds: 2700,
    air_date: '2026-02-01',
    content_ratings: [{ country: 'GB', system: 'BBFC', rating: '15' }],
    audio_languages: ['en'],
    subtitle_languages: ['en', 'fr'],
    artwork: [],
    availability: window,
    stream_formats: ['hls', 'dash'],
  };
}

/** The i-th fixture series with `seasons` seasons of `perSeason` episodes each. */
export function makeSeries(i: number, seasons = 1, perSeason = 2): ImportSeries {
  const seasonNumbers = Array.from({ length: seasons }, (_, s) => s + 1);
  return {
    id: seriesIdOf(i),
    title: `Series ${i}`,
    original_title: null,
    synopsis: `The synopsis of series ${i}.`,
    short_synopsis: `Series ${i} in short.`,
    genres: ['drama'],
    content_ratings: [{ country: 'GB', system: 'BBFC', rating: '15' }],
    original_language: 'en',
    audio_languages: ['en'],
    subtitle_languages: ['en'],
    release_year: 2024,
    end_year: null,
    status: 'returning',
    seasons: seasonNumbers.map((s) => ({ season_number: s, title: `Season ${s}`, release_year: 2024 })),
    artwork: [{ kind: 'poster', url: `https://img.example/${i}.jpg`, width: 1000, height: 1500, language: null }],
    availability: window,
    episodes: seasonNumbers.flatMap((s) => Array.from({ length: perSeason }, (_, e) => episode(i, s, e + 1))),
  };
}

/** Series 1..count as an import document. */
export function catalogFile(count: number, seasons = 1, perSeason = 2): { series: ImportSeries[] } {
  return importDocument(Array.from({ length: count }, (_, i) => makeSeries(i + 1, seasons, perSeason)));
}

/** Wraps series in the import file's top-level shape. */
export function importDocument(series: ImportSeries[]): { series: ImportSeries[] } {
  return { series };
}
