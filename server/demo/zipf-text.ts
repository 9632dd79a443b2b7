/**
 * The demo catalog's other vocabulary (`vocabulary: 'zipf'`): 50,000 made-up words whose
 * frequencies follow Zipf's law as natural language does (the word of rank r drawn with weight
 * 1/r^1.07), so a benchmark catalog has a few very common words, a long tail of rare ones, and
 * short common words, like real titles and synopses. The small vocabulary of catalog-words.ts
 * stays the default: its few hundred words are each in thousands of documents, the worst case
 * for search. Each generated series keeps its structure (ids, genres, seasons, availability);
 * only its text is drawn from here.
 */
import type { ImportSeries } from '../store/index.js';

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const SYLLABLES = [...CONSONANTS].flatMap((c) => [...VOWELS].map((v) => c + v));
const TWO = SYLLABLES.length ** 2;
const EXPONENT = 1.07;
export const ZIPF_WORDS = 50_000;

/** The word of rank r (0 most frequent): two syllables for the commonest, three after; distinct, scrambled so rank and spelling do not correlate. */
function wordOf(rank: number): string {
  const n = SYLLABLES.length;
  if (rank < TWO) {
    const k = (rank * 2_207) % TWO;
    return SYLLABLES[Math.floor(k / n)]! + SYLLABLES[k % n]!;
  }
  const k = ((rank - TWO) * 104_723) % n ** 3;
  return SYLLABLES[Math.floor(k / n / n)]! + SYLLABLES[Math.floor(k / n) % n]! + SYLLABLES[k % n]!;
}

export interface Vocabulary {
  /** Every word, most frequent first. */
  readonly words: readonly string[];
  /** A word drawn with its Zipf weight, from a uniform random number in [0, 1). */
  draw(random: () => number): string;
}

let shared: Vocabulary | undefined;

/** The Zipf vocabulary (built once: 50,000 words and their cumulative weights). */
export function zipfVocabulary(): Vocabulary {
  if (shared) return shared;
  const words = Array.from({ length: ZIPF_WORDS }, (_, r) => wordOf(r));
  const cumulative = new Float64Array(ZIPF_WORDS);
  let total = 0;
  for (let r = 0; r < ZIPF_WORDS; r++) cumulative[r] = total += 1 / (r + 1) ** EXPONENT;
  const draw = (random: () => number) => {
    const target = random() * total;
    let lo = 0;
    let hi = ZIPF_WORDS - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return words[lo]!;
  };
  return (shared = { words, draw });
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function phrase(random: () => number, min: number, max: number): string {
  const { draw } = zipfVocabulary();
  const count = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length: count }, () => draw(random)).join(' ');
}

const sentence = (random: () => number, min: number, max: number) => `${capitalized(phrase(random, min, max))}.`;
const heading = (random: () => number, min: number, max: number) => phrase(random, min, max).split(' ').map(capitalized).join(' ');

/** The series with its titles and synopses (and its episodes') drawn from the Zipf vocabulary by random. */
export function withZipfText(series: ImportSeries, random: () => number): ImportSeries {
  const short = sentence(random, 8, 16);
  return {
    ...series,
    title: heading(random, 1, 4),
    short_synopsis: short,
    synopsis: `${short} ${sentence(random, 10, 20)} ${sentence(random, 8, 16)}`,
    episodes: series.episodes.map((e) => ({ ...e, title: heading(random, 1, 3), synopsis: sentence(random, 10, 25) })),
  };
}
