/**
 * The catalog page's statement (shared/catalog-read.ts, catalogPageQuery) as SQLite's own planner
 * plans it once statistics exist, as they do after an import (PRAGMA optimize) or an ANALYZE: every
 * shape walks its sort index in the page's order and probes the partner's grant inside the walk,
 * one descent of partner_grants' clustered key per probe. The plan is what a page costs at catalog
 * scale (0.09 ms walked, 6 ms with every grant read and sorted), and the planner's choice can move
 * with a SQLite release, so this asks the planner of the SQLite that Node ships. A control shows
 * that the same statistics plan the costly way for the grant as a join, so the test can fail.
 * Last, a database made before partner_grants was clustered keeps its grants through the change.
 */
import { DatabaseSync } from 'node:sqlite';
import { Kysely, Migrator, SqliteDialect, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { sqliteMigrations } from '../../../server/store/migrations/index.js';
import { catalogPageQuery, type CatalogPageSpec } from '../../../server/store/shared/catalog-read.js';
import { normalizeSeries, seriesRow } from '../../../server/store/shared/mapping.js';
import type { Database } from '../../../server/store/shared/schema.js';
import { cachingStatements } from '../../../server/store/sqlite/connection.js';
import { removeTmpDbs, tmpDbPath } from '../../store/engines.js';
import { compiler, planOf } from '../../store/sqlite-statements.js';
import { pid, series, sid, T0 } from '../../store/fixtures.js';

const P = pid('p');
const SINCE = '2026-01-01T00:00:00.000Z';
let raw: DatabaseSync;

beforeAll(async () => {
  const path = tmpDbPath();
  const store = await openStore(path);
  await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: T0 });
  const all = Array.from({ length: 600 }, (_, i) => series(sid(100 + i), { title: `Series ${(i * 7919) % 600}`, genres: [i % 3 === 0 ? 'comedy' : 'drama'] }));
  for (let i = 0; i < all.length; i += 200) await store.importCatalog(all.slice(i, i + 200), T0);
  // Every series readable but every seventh, as in the bench's grant pattern.
  for (const [i, s] of all.entries()) if (i % 7 !== 6) await store.setGrants(P, s.id, ['read', 'stream'], T0);
  await store.close();
  raw = new DatabaseSync(path);
  raw.exec('analyze');
});

afterAll(async () => {
  raw?.close();
  await removeTmpDbs();
});

function plan(query: RawBuilder<unknown>): string[] {
  return planOf(raw, query).map((step) => step.detail);
}

const base: CatalogPageSpec = { partnerId: P, genre: undefined, sort: 'title', since: null, walk: false, after: undefined, rows: 51 };
const GRANT_PROBE = /^SEARCH g USING PRIMARY KEY \(partner_id=\? AND series_id=\?\)$/;

describe('catalog page plan on SQLite with statistics', () => {
  it.each([
    ['by title', {}, /^SCAN s USING (COVERING )?INDEX series_sort_title_idx$/],
    ['by updated_at', { sort: 'updated_at' }, /^SCAN s USING (COVERING )?INDEX series_updated_at_idx$/],
    ['by title after a cursor', { after: ['series 5', sid(105)] }, /^SEARCH s USING (COVERING )?INDEX series_sort_title_idx \(/],
    ['by title since an instant, walking', { since: SINCE, walk: true }, /^SCAN s USING (COVERING )?INDEX series_sort_title_idx$/],
    ['of a genre by title', { genre: 'comedy' }, /^SEARCH k USING COVERING INDEX series_genres_title_idx \(genre=\?\)$/],
    ['of a genre by updated_at', { genre: 'comedy', sort: 'updated_at' }, /^SEARCH k USING COVERING INDEX series_genres_updated_idx \(genre=\?\)$/],
    // Since an instant and after a cursor, the walk starts at the cursor, not at the instant: every
    // series of a bulk import shares one updated_at, and a page deep into such a listing would
    // otherwise pass over every row before its cursor (docs/performance.md#sqlite-sync-after-cursor).
    ['by updated_at since an instant, after a cursor', { sort: 'updated_at', since: SINCE, after: [T0, sid(105)] }, /^SEARCH s USING (COVERING )?INDEX series_updated_at_idx \(\(updated_at,id\)>\(\?,\?\)\)$/],
    ['of a genre by updated_at since an instant, after a cursor', { genre: 'comedy', sort: 'updated_at', since: SINCE, after: [T0, sid(105)] }, /^SEARCH k USING COVERING INDEX series_genres_updated_idx \(genre=\? AND \(updated_at,series_id\)>\(\?,\?\)\)$/],
  ] as Array<[string, Partial<CatalogPageSpec>, RegExp]>)('%s walks the sort index and probes the grant inside the walk', (_label, spec, walk) => {
    const steps = plan(catalogPageQuery({ ...base, ...spec }));
    expect(steps[0]).toMatch(walk);
    // The filter's probe and can_stream's, each one descent of the clustered key.
    expect(steps.filter((step) => step.startsWith('SEARCH g '))).toEqual([expect.stringMatching(GRANT_PROBE), expect.stringMatching(GRANT_PROBE)]);
    expect(steps.join(' | ')).not.toMatch(/TEMP B-TREE|BLOOM/);
  });

  it('plans the grant as a join by reading every grant first, or through a Bloom filter (the control)', () => {
    const join = compiler
      .selectFrom('series as s')
      .innerJoin('partner_grants as g', (j) => j.onRef('g.series_id', '=', 's.id').on('g.partner_id', '=', P))
      .select(['s.id', 'g.can_stream'])
      .where('g.can_read', '<>', 0)
      .orderBy('s.sort_title')
      .orderBy('s.id')
      .limit(51);
    const steps = planOf(raw, join).map((step) => step.detail);
    expect(steps.join(' | ')).toMatch(/TEMP B-TREE|BLOOM/);
  });
});

describe('partner_grants clustered on its key (migration 0010 on SQLite)', () => {
  it('keeps the grants of a database made before it', async () => {
    const path = tmpDbPath();
    const old = new DatabaseSync(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(old, () => {}) }) });
    const provider = { getMigrations: async () => sqliteMigrations() };
    expect((await new Migrator({ db, provider }).migrateTo('0009_genre_sort_keys')).error).toBeUndefined();
    await db.insertInto('partners').values({ id: P, name: 'P', api_key: 'key-p', secret_hash: 'h', credential_version: 1, disabled: 0, created_at: T0, updated_at: T0 }).execute();
    const ids = [sid(1), sid(2), sid(3)];
    for (const id of ids) {
      await db.insertInto('series').values(seriesRow(normalizeSeries(series(id)), { hash: 'h', createdAt: T0, updatedAt: T0, seasonCount: 1, episodeCount: 0 })).execute();
    }
    await db.insertInto('partner_grants').values([
      { partner_id: P, series_id: ids[0]!, can_read: 1, can_stream: 1, updated_at: T0 },
      { partner_id: P, series_id: ids[1]!, can_read: 1, can_stream: 0, updated_at: T0 },
    ]).execute();
    await db.destroy();

    const store = await openStore(path);
    try {
      expect(await Promise.all(ids.map((id) => store.getGrants(P, id)))).toEqual([['read', 'stream'], ['read'], []]);
      const check = new DatabaseSync(path, { readOnly: true });
      const ddl = check.prepare(`select sql from sqlite_master where name = 'partner_grants'`).get() as { sql: string };
      check.close();
      expect(ddl.sql).toMatch(/without rowid\s*$/i);
    } finally {
      await store.close();
    }
  });
});
