/**
 * SQLite's search dictionary (server/store/sqlite/search.ts, search-index.ts): words kept folded
 * and as typed, the FTS5 expression of a query's parts, and completions of the last word with
 * their title flags; the words of a query, and FTS rowids from ids. Ranking at scale is in
 * search-at-scale.test.ts, on every engine.
 */
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { searchTokens } from '../../../server/store/shared/search-terms.js';
import type { Database } from '../../../server/store/shared/schema.js';
import { cachingStatements } from '../../../server/store/sqlite/connection.js';
import { dictionaryWords, ftsRowid } from '../../../server/store/sqlite/search-index.js';
import { completions, queryParts } from '../../../server/store/sqlite/search.js';
import { removeTmpDbs, tmpDbPath } from '../../store/engines.js';
import { eid, episode, series, sid, T0 } from '../../store/fixtures.js';

afterAll(removeTmpDbs);

describe('SQLite search dictionary', () => {
  it('keeps words folded and as typed', () => {
    expect(dictionaryWords('Café au LAIT, 2049!')).toEqual(expect.arrayContaining(['café', 'cafe', 'au', 'lait', '2049']));
  });

  it('ORs the completions of the last word, or falls back to a prefix query', () => {
    expect(queryParts(['the', 'light'], ['light', 'lighthouse'])).toEqual(['"the"', '("light" OR "lighthouse")']);
    expect(queryParts(['light'], ['light'])).toEqual(['"light"']);
    expect(queryParts(['zq'], [])).toEqual(['"zq"*']);
  });

  it('completes the last word from the dictionary, shortest first, titles noted', async () => {
    const path = tmpDbPath();
    const store = await openStore(path);
    // A connection of the test's own, for the dictionary's statement.
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(new DatabaseSync(path), () => {}) }) });
    try {
      await store.importCatalog(
        [
          series(sid(1), { title: 'Commonplace Book', synopsis: 'Many episodes.', episodes: [episode(eid(1), { title: 'Common Ground', synopsis: 'Commons.' })] }),
          series(sid(2), { title: 'Quiet Shore', synopsis: 'Nothing common here.' }),
        ],
        T0,
      );
      const words = await completions(db, 'comm');
      expect(words.map((w) => w.term)).toEqual(['common', 'commons', 'commonplace']);
      expect(words.find((w) => w.term === 'commonplace')).toMatchObject({ series_title: 1, episode_title: 0 });
      expect(words.find((w) => w.term === 'common')).toMatchObject({ series_title: 0, episode_title: 1 });
      expect(words.find((w) => w.term === 'commons')).toMatchObject({ series_title: 0, episode_title: 0 });
    } finally {
      await db.destroy();
      await store.close();
    }
  });
});

describe('search expression', () => {
  it('extracts words of any script, and nothing else', () => {
    expect(searchTokens('  The "Lighthouse" keepers!* ')).toEqual(['the', 'lighthouse', 'keepers']);
    expect(searchTokens('Café 東京 2049')).toEqual(['café', '東京', '2049']);
    expect(searchTokens('"*()^:-')).toEqual([]);
  });

  it('derives a stable FTS rowid from the id and rejects other ids', () => {
    expect(ftsRowid('ser_0000000001')).toBe(1);
    expect(ftsRowid('ep_zzzzzzzzzz')).toBe(36 ** 10 - 1);
    expect(() => ftsRowid('ser_ABC')).toThrow(TypeError);
  });
});
