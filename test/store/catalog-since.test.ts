/** Store contract: title pages of the partner catalog since an instant, on either side of the count that picks how they are read, on every engine. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { pid, series, sid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

describe.each(ENGINES)('Store catalog since an instant (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe('listCatalog by title since an instant', () => {
    // Past 1,000 series updated since the instant the store walks the title index instead of
    // sorting them (shared/catalog-read.ts): both ways must give the same pages.
    const P = pid('p');
    const OLD = '2026-10-01T00:00:00.000Z';
    const NEW = '2026-11-01T00:00:00.000Z';
    const expected: { id: string; title: string; at: string; genre: 'comedy' | 'drama' }[] = [];
    beforeEach(async () => {
      await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: T0 });
      expected.length = 0;
      for (let i = 0; i < 1200; i++) {
        const title = `Series ${((i * 7919) % 1200).toString().padStart(4, '0')}`;
        expected.push({ id: sid(100 + i), title, at: i < 300 ? OLD : NEW, genre: i % 6 === 0 ? 'comedy' : 'drama' });
      }
      for (const at of [OLD, NEW]) {
        const batch = expected.filter((e) => e.at === at).map((e) => series(e.id, { title: e.title, genres: [e.genre] }));
        for (let i = 0; i < batch.length; i += 500) await store.importCatalog(batch.slice(i, i + 500), at);
      }
      // Every series readable but every eleventh.
      for (const [i, e] of expected.entries()) if (i % 11 !== 0) await store.setGrants(P, e.id, ['read'], T0);
    });

    it.each([
      ['an instant before every series (the title walk)', OLD, undefined],
      ['an instant before most series of a genre (the title walk)', OLD, 'drama' as const],
      ['an instant a few series have reached (the sort)', NEW, 'comedy' as const],
    ])('pages %s in title order', async (_label, since, genre) => {
      const want = expected
        .filter((e, i) => i % 11 !== 0 && e.at >= since && (genre === undefined || e.genre === genre))
        .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1))
        .map((e) => e.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listCatalog({ partnerId: P, sort: 'title', limit: 100, updatedSince: since, ...(genre ? { genre } : {}), cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(seen).toEqual(want);
    });
  });

});
