/** Small, explicit import items for store tests; every field valid against the contract. */
import { expect } from 'vitest';
import { validatorFor } from '../helpers/contract-schemas.js';
import type { components } from '../../generated/api.js';
import type { ImportEpisode, ImportSeries } from '../../server/store/index.js';

/** Asserts that data (after a JSON round trip, as the server sends it) matches a contract schema. */
export function expectContractShape(name: keyof components['schemas'], data: unknown): void {
  const validate = validatorFor({ $ref: `#/components/schemas/${name}` });
  const ok = validate(JSON.parse(JSON.stringify(data)));
  expect(ok ? [] : validate.errors, `${name}: ${JSON.stringify(validate.errors)}`).toEqual([]);
}

/** A valid series id from a number (ser_ + 10 base-36 digits). */
export const sid = (n: number) => `ser_${n.toString(36).padStart(10, '0')}`;
/** A valid episode id from a number. */
export const eid = (n: number) => `ep_${n.toString(36).padStart(10, '0')}`;
/** A valid partner id from a letter. */
export const pid = (c: string) => `ptn_${c.repeat(10).slice(0, 10)}`;

const WINDOW = { starts_at: '2026-01-01T00:00:00Z', ends_at: null, territories: ['GB', 'IE'] };

export function episode(id: string, overrides: Partial<ImportEpisode> = {}): ImportEpisode {
  return {
    id,
    season_number: 1,
    episode_number: 1,
    title: `Episode ${id}`,
    synopsis: 'An ordinary evening in an ordinary town.',
    duration_seconds: 1800,
    air_date: '2024-01-07',
    content_ratings: [{ country: 'GB', system: 'BBFC', rating: '12' }],
    audio_languages: ['en'],
    subtitle_languages: ['en', 'fr'],
    artwork: [{ kind: 'thumbnail', url: `https://images.halcyon-studios.example/episodes/${id}/still.jpg`, width: 1920, height: 1080, language: null }],
    availability: WINDOW,
    stream_formats: ['hls', 'dash'],
    ...overrides,
  };
}

export function series(id: string, overrides: Partial<ImportSeries> = {}): ImportSeries {
  return {
    id,
    title: `Series ${id}`,
    original_title: null,
    synopsis: 'A long synopsis about nothing in particular.',
    short_synopsis: 'A short synopsis.',
    genres: ['drama'],
    content_ratings: [{ country: 'GB', system: 'BBFC', rating: '12' }],
    original_language: 'en',
    audio_languages: ['en'],
    subtitle_languages: ['en'],
    release_year: 2024,
    end_year: null,
    status: 'returning',
    seasons: [{ season_number: 1, title: 'Season 1', release_year: 2024 }],
    artwork: [{ kind: 'poster', url: `https://images.halcyon-studios.example/series/${id}/poster.jpg`, width: 1000, height: 1500, language: 'en' }],
    availability: WINDOW,
    episodes: [],
    ...overrides,
  };
}

export const T0 = '2026-11-01T10:00:00.000Z';
export const T1 = '2026-11-02T10:00:00.000Z';
export const T2 = '2026-11-03T10:00:00.000Z';
