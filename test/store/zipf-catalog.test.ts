/**
 * The demo catalog's two vocabularies (server/demo/catalog.ts): the small default, unchanged, and
 * the Zipf-distributed one of benchmark catalogs (`--vocabulary zipf`), which must look like
 * natural text to search and still import and search like any catalog.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../../server/demo/catalog.js';
import { foldedWords } from '../../server/store/shared/search-terms.js';
import { openStore, type ImportSeries } from '../../server/store/index.js';
import { pid, T0 } from './fixtures.js';

const textOf = (s: ImportSeries) => [s.title, s.synopsis, ...s.episodes.flatMap((e) => [e.title, e.synopsis])].join(' ');
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('the demo catalog\'s vocabularies', () => {
  it('keeps the small vocabulary\'s catalog exactly as it was (cached benchmark catalogs stay valid)', () => {
    // Digests of the catalog as generated before the Zipf vocabulary existed.
    expect(sha256(demoCatalog({ series: 40 }))).toBe('8101c00cc4733cfb3979d406830dfdc9cdd507b3eaac8b52206843d2675e459b');
    expect(sha256(demoCatalog({ series: 40, vocabulary: 'small', episodesPerSeason: 5 }))).toBe('1c4a87dc6ebf3264724f3e332323fa6b423ae732d661727ead93cf1199287191');
  });

  it('draws only the text from the Zipf vocabulary, the same for the same seed', () => {
    const small = demoCatalog({ series: 30 });
    const zipf = demoCatalog({ series: 30, vocabulary: 'zipf' });
    expect(demoCatalog({ series: 30, vocabulary: 'zipf' })).toEqual(zipf);
    expect(zipf.slice(0, 3)).toEqual(small.slice(0, 3));
    const shape = (s: ImportSeries) => ({ ...s, title: '', synopsis: '', short_synopsis: '', episodes: s.episodes.map((e) => ({ ...e, title: '', synopsis: '' })) });
    expect(zipf.map(shape)).toEqual(small.map(shape));
    expect(zipf.slice(3).every((s, i) => s.title !== small[i + 3]!.title && s.synopsis.startsWith(s.short_synopsis))).toBe(true);
  });

  it('has the word frequencies of natural text: a few common words and a long tail', () => {
    const counts = new Map<string, number>();
    for (const s of demoCatalog({ series: 1500, vocabulary: 'zipf', episodesPerSeason: 2 })) {
      for (const w of foldedWords(textOf(s))) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    const ranked = [...counts.values()].sort((a, b) => b - a);
    // Zipf's law with exponent ~1: the 10th word about a tenth as frequent as the first, the 100th a hundredth.
    expect(ranked[0]! / ranked[9]!).toBeGreaterThan(5);
    expect(ranked[0]! / ranked[99]!).toBeGreaterThan(40);
    expect(counts.size).toBeGreaterThan(10_000);
    const small = new Set(demoCatalog({ series: 1500, episodesPerSeason: 2 }).flatMap((s) => foldedWords(textOf(s))));
    expect(counts.size).toBeGreaterThan(10 * small.size);
  });

  it('imports and finds series by a common word and by a rare one', async () => {
    const catalog = demoCatalog({ series: 200, vocabulary: 'zipf', episodesPerSeason: 2 });
    const store = await openStore(':memory:');
    try {
      await store.importCatalog(catalog, T0);
      await store.createPartner({ id: pid('z'), name: 'Z', apiKey: 'key-z', secretHash: 'h', now: T0 });
      for (const s of catalog) await store.setGrants(pid('z'), s.id, ['read'], T0);
      const titleWords = new Map<string, string[]>();
      for (const s of catalog.slice(3)) for (const w of foldedWords(s.title)) titleWords.set(w, [...(titleWords.get(w) ?? []), s.id]);
      const byUse = [...titleWords].sort((a, b) => b[1].length - a[1].length);
      const [common, withCommon] = byUse[0]!;
      const [rare, withRare] = byUse.at(-1)!;
      expect(withCommon.length).toBeGreaterThan(1);
      const found = async (q: string) => (await store.search({ partnerId: pid('z'), q, limit: 100, type: 'series' })).items.map((h) => (h.type === 'series' ? h.series.id : h.episode.series_id));
      expect(await found(common)).toEqual(expect.arrayContaining(withCommon));
      expect(await found(rare)).toEqual(expect.arrayContaining(withRare));
    } finally {
      await store.close();
    }
  });
});
