/**
 * A deterministic demo catalog: the contract's three example series first, then generated ones.
 * Every series is a pure function of (seed, index), so the catalog can be produced in batches of
 * any size (100,000 series for a benchmark) without holding it in memory, and two runs agree.
 */
import { exampleSeries } from './catalog-examples.js';
import * as W from './catalog-words.js';
import { withZipfText } from './zipf-text.js';
import type { Genre, ImportEpisode, ImportSeries } from '../store/index.js';

export interface DemoOptions {
  /** Number of series, the three examples included (default 36). */
  series?: number;
  /** Fixed episodes per season; by default each season has 4 to 10. */
  episodesPerSeason?: number;
  /** Varies the generated content (not the ids); default 1. */
  seed?: number;
  /** The generated series' words: the small vocabulary of catalog-words.ts (default) or a large Zipf-distributed one (zipf-text.ts). */
  vocabulary?: 'small' | 'zipf';
}

const IMG = 'https://images.halcyon-studios.example';
const EXAMPLES = 3;
/** Keeps the Zipf text's random numbers apart from the series' own. */
const ZIPF_SALT = 0x7a1f;
const ID_SPACE = 36n ** 10n;
// Coprime with 36, so index -> id is a bijection (distinct indexes, distinct ids); near
// 36^10 / golden ratio, so consecutive indexes land far apart and ids look random.
const ID_MULTIPLIER = 2_259_630_184_213_715n;

function scrambledId(prefix: 'ser_' | 'ep_', index: number, salt: bigint): string {
  return prefix + ((BigInt(index) * ID_MULTIPLIER + salt) % ID_SPACE).toString(36).padStart(10, '0');
}

/** The id of the series at index (the first three are the examples' ids). */
export function demoSeriesId(index: number): string {
  return ['ser_7hx2k9qmbd', 'ser_3fz8w1rtnc', 'ser_9kd4p6vyja'][index] ?? scrambledId('ser_', index, 0x5e71e5n);
}

/** The id of an episode, from its series index, season and episode number. */
export function demoEpisodeId(seriesIndex: number, season: number, episode: number): string {
  return scrambledId('ep_', seriesIndex * 1_000_000 + season * 1000 + episode, 0xe915_0de5n);
}

/** mulberry32: tiny, fast, good enough for fake content, and identical on every platform. */
function rng(seed: number, index: number): () => number {
  // Two rounds of a murmur3-style finalizer, so neighbouring (seed, index) pairs start far apart.
  let a = (seed >>> 0) ^ Math.imul(index + 1, 0x9e3779b9);
  for (let round = 0; round < 2; round++) {
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a = (a ^ (a >>> 16)) >>> 0;
  }
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function some<T>(r: Rand, list: readonly T[], n: number): T[] {
  const out = new Set<T>();
  while (out.size < Math.min(n, list.length)) out.add(pick(r, list));
  return [...out];
}

function title(r: Rand): string {
  const adj = pick(r, W.ADJECTIVES);
  const noun = pick(r, W.NOUNS);
  switch (int(r, 0, 5)) {
    case 0: return `The ${adj} ${noun}`;
    case 1: return `${noun} of ${pick(r, W.PLACES)}`;
    case 2: return `${adj} ${noun}`;
    case 3: return `${pick(r, W.FIRST_NAMES)}'s ${noun}`;
    case 4: return `After the ${noun}`;
    default: return cap(pick(r, W.PLACES));
  }
}

const window = (starts: string, ends: string | null, territories: string[]) => ({ starts_at: starts, ends_at: ends, territories });

/** The generated series at index (>= 3), as an import item. */
function generatedSeries(index: number, seed: number, fixedEpisodes: number | undefined): ImportSeries {
  const r = rng(seed, index);
  const id = demoSeriesId(index);
  const name = pick(r, W.FIRST_NAMES);
  const place = pick(r, W.PLACES);
  const short = `${name}, ${pick(r, W.ROLES)}, ${pick(r, W.INCITING)} ${pick(r, W.STAKES)}.`;
  const [theme1, theme2] = some(r, W.THEMES, 2);
  const synopsis = `${short} Set in ${place}, it is a story of ${theme1} and ${theme2}. Then ${pick(r, W.FIRST_NAMES)}, ${pick(r, W.ROLES)}, ${pick(r, W.INCITING)}, and nothing in ${place} stays the same.`;
  const genres: Genre[] = some(r, W.GENRES, int(r, 1, 3));
  const level = genres.some((g) => g === 'family' || g === 'animation') ? int(r, 0, 1) : genres.includes('horror') ? int(r, 3, 4) : int(r, 1, 4);
  const original = r() < 0.7 ? 'en' : pick(r, W.LANGUAGES);
  const audio = [...new Set([original, ...some(r, W.LANGUAGES, int(r, 0, 2))])];
  const subtitles = [...new Set([...audio, ...some(r, W.LANGUAGES, int(r, 1, 3))])];
  const status = pick(r, ['returning', 'returning', 'ended', 'ended', 'limited'] as const);
  const seasonCount = status === 'limited' ? 1 : int(r, 1, 4);
  const release = int(r, 1998, 2024);
  const lastYear = Math.min(2026, release + seasonCount - 1);
  const seriesWindow = window(
    pick(r, ['2024-01-01T00:00:00Z', '2024-07-01T00:00:00Z', '2025-01-01T00:00:00Z', '2025-09-01T00:00:00Z', '2026-01-01T00:00:00Z']),
    pick(r, [null, null, '2028-12-31T23:59:59Z', '2029-06-30T23:59:59Z', '2030-12-31T23:59:59Z']),
    [...new Set(['GB', ...some(r, W.TERRITORIES, int(r, 1, 5))])],
  );
  const short_form = genres.includes('comedy') || genres.includes('animation');
  const seasons = Array.from({ length: seasonCount }, (_, k) => ({
    season_number: k + 1,
    title: r() < 0.2 ? `Season ${k + 1}: ${pick(r, W.EPISODE_WORDS)}` : `Season ${k + 1}`,
    release_year: Math.min(2026, release + k),
  }));

  const episodes: ImportEpisode[] = [];
  for (const season of seasons) {
    const count = fixedEpisodes ?? int(r, 4, 10);
    // A few series show the edges of availability: an expired first season, a future last one.
    const expired = index % 9 === 4 && season.season_number === 1;
    const upcoming = index % 11 === 7 && season.season_number === seasonCount;
    const firstAir = Date.UTC(season.release_year, int(r, 0, 10), int(r, 1, 28));
    for (let n = 1; n <= count; n++) {
      const epId = demoEpisodeId(index, season.season_number, n);
      episodes.push({
        id: epId,
        season_number: season.season_number,
        episode_number: n,
        title: r() < 0.25 ? `${pick(r, W.EPISODE_WORDS)}, Part ${int(r, 1, 2)}` : r() < 0.5 ? `The ${pick(r, W.NOUNS)}` : pick(r, W.EPISODE_WORDS),
        synopsis: `${pick(r, W.FIRST_NAMES)} ${pick(r, W.INCITING)} ${pick(r, W.STAKES)}, and ${name} must choose between ${pick(r, W.THEMES)} and ${pick(r, W.THEMES)}.`,
        duration_seconds: short_form ? int(r, 1300, 1800) : int(r, 2600, 3600),
        air_date: upcoming ? null : new Date(firstAir + (n - 1) * 7 * 86_400_000).toISOString().slice(0, 10),
        content_ratings: W.RATINGS[level]!.slice(0, 1),
        audio_languages: audio,
        subtitle_languages: subtitles,
        artwork: [{ kind: 'thumbnail', url: `${IMG}/episodes/${epId}/still-16x9.jpg`, width: 1920, height: 1080, language: null }],
        availability: expired
          ? window('2023-01-01T00:00:00Z', '2025-12-31T23:59:59Z', seriesWindow.territories)
          : upcoming ? window('2031-01-01T00:00:00Z', null, seriesWindow.territories) : seriesWindow,
        stream_formats: r() < 0.85 ? ['hls', 'dash'] : ['hls'],
      });
    }
  }

  return {
    id,
    title: title(r),
    original_title: null,
    synopsis,
    short_synopsis: short,
    genres,
    content_ratings: W.RATINGS[level]!,
    original_language: original,
    audio_languages: audio,
    subtitle_languages: subtitles,
    release_year: release,
    end_year: status === 'returning' ? null : lastYear,
    status,
    seasons,
    artwork: [
      { kind: 'poster', url: `${IMG}/series/${id}/poster-2x3.jpg`, width: 1000, height: 1500, language: original },
      { kind: 'backdrop', url: `${IMG}/series/${id}/backdrop-16x9.jpg`, width: 3840, height: 2160, language: null },
    ],
    availability: seriesWindow,
    episodes,
  };
}

/** Yields the demo catalog in batches of batchSize series, generating each batch on demand. */
export function* demoCatalogBatches(options: DemoOptions & { batchSize?: number } = {}): Generator<ImportSeries[]> {
  const total = options.series ?? 36;
  const batchSize = options.batchSize ?? 500;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`series must be a non-negative integer, got ${total}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const fixed = options.episodesPerSeason;
  if (fixed !== undefined && (!Number.isInteger(fixed) || fixed < 1 || fixed > 500)) throw new RangeError(`episodesPerSeason must be 1..500, got ${fixed}`);
  const examples = exampleSeries(demoEpisodeId);
  for (let start = 0; start < total; start += batchSize) {
    const batch: ImportSeries[] = [];
    for (let i = start; i < Math.min(total, start + batchSize); i++) {
      if (i < EXAMPLES) batch.push(examples[i]!);
      else if (options.vocabulary === 'zipf') batch.push(withZipfText(generatedSeries(i, seed, fixed), rng(seed ^ ZIPF_SALT, i)));
      else batch.push(generatedSeries(i, seed, fixed));
    }
    yield batch;
  }
}

/** The whole demo catalog (default 36 series) as one array. */
export function demoCatalog(options: DemoOptions = {}): ImportSeries[] {
  return [...demoCatalogBatches(options)].flat();
}
