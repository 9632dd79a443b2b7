/**
 * SQLite's exact ranking (sqlite/search.ts, exactPart): every match is scored from the index
 * alone and sorted in a co-routine, and the outer loop reads that order, looking up ids and
 * probing grants only until it has enough. The outer query has no ORDER BY: its rows are in
 * the co-routine's order only while SQLite plans it this way, so the plan is asked of the SQLite
 * that Node ships, and the rows are compared with every readable match ranked and sorted, with
 * unreadable series among the best matches (the lookahead past them is what could go wrong).
 */
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { exactPart } from '../../../server/store/sqlite/search.js';
import { removeTmpDbs, tmpDbPath } from '../../store/engines.js';
import { planOf, rowsOf } from '../../store/sqlite-statements.js';
import { eid, episode, pid, series, sid, T0 } from '../../store/fixtures.js';

const P = pid('p');
let raw: DatabaseSync;

beforeAll(async () => {
  const path = tmpDbPath();
  const store = await openStore(path);
  await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: T0 });
  // "lantern" in titles and synopses, once or several times, so scores spread and some tie.
  const all = Array.from({ length: 120 }, (_, i) =>
    series(sid(100 + i), {
      title: i % 4 === 0 ? `Lantern ${i}` : `Harbour ${i}`,
      synopsis: `${'lantern '.repeat(i % 3)}keeper of the light number ${i}`,
      episodes: [0, 1, 2].map((j) => episode(eid(1000 + i * 3 + j), { title: j === i % 3 ? `The lantern ${j}` : `Night ${j}`, synopsis: `${'lantern '.repeat((i + j) % 4)}tide ${i}` })),
    }),
  );
  await store.importCatalog(all, T0);
  // Every series readable but every third, the best scored among them too.
  for (const [i, s] of all.entries()) if (i % 3 !== 0) await store.setGrants(P, s.id, ['read'], T0);
  await store.close();
  raw = new DatabaseSync(path, { readOnly: true });
});

afterAll(async () => {
  raw?.close();
  await removeTmpDbs();
});

/** Every readable match ranked and sorted in full: what exactPart must equal, row for row. */
function reference(index: 'series' | 'episode', match: string, count: number) {
  const [table, weights, seriesId] = index === 'series' ? [sql.raw('series_fts'), sql`0.0, 10.0, 2.0, 1.0`, sql.raw('series_fts.id')] : [sql.raw('episodes_fts'), sql`0.0, 0.0, 10.0, 1.0`, sql.raw('episodes_fts.series_id')];
  return rowsOf(raw, sql`select ${index} as type, ${table}.id as id, -bm25(${table}, ${weights}) as relevance from ${table}
    join partner_grants g on g.series_id = ${seriesId} and g.partner_id = ${P} and g.can_read = 1
    where ${table} match ${match} order by relevance desc, id asc limit ${count}`);
}

describe('exact ranking on SQLite', () => {
  it.each(['series', 'episode'] as const)('scores and sorts %s matches in a co-routine, and reads ids and grants only in its order', (index) => {
    const steps = planOf(raw, exactPart(index, '"lantern"', P, 10));
    const coroutine = steps.find((s) => s.detail === 'CO-ROUTINE c');
    expect(coroutine).toBeDefined();
    const table = index === 'series' ? 'series_fts' : 'episodes_fts';
    expect(steps.filter((s) => s.parent === coroutine!.id).map((s) => s.detail)).toEqual([expect.stringMatching(new RegExp(`^SCAN ${table} VIRTUAL TABLE INDEX 0:M`)), 'USE TEMP B-TREE FOR ORDER BY']);
    // The outer loop: the sorted matches first, then one lookup by rowid and one grant probe each, no sort of its own.
    expect(steps.filter((s) => s.parent === 0).map((s) => s.detail)).toEqual([
      'CO-ROUTINE c',
      'SCAN c',
      expect.stringMatching(/^SCAN f VIRTUAL TABLE INDEX 0:=/),
      expect.stringMatching(/^SEARCH g USING PRIMARY KEY \(partner_id=\? AND series_id=\?\)$/),
    ]);
  });

  it.each([
    ['series', '"lantern"'],
    ['episode', '"lantern"'],
    ['series', '"lantern" AND "keeper"'],
    ['episode', '"lantern" AND ("tide" OR "night")'],
  ] as const)('returns the best readable %s matches of %s in rank order, at any count', (index, match) => {
    const all = reference(index, match, 1_000);
    // Unreadable series are among the matches (every third), so the outer loop must skip them.
    expect(all.length).toBeGreaterThan(20);
    for (const count of [1, 2, 7, 25, all.length, all.length + 5]) {
      expect(rowsOf(raw, exactPart(index, match, P, count))).toEqual(reference(index, match, count));
    }
  });
});
