/**
 * The PostgreSQL engine's connection seam (server/store/postgres/pool.ts): settings a pool's
 * sessions carry run once per connection, before its first statement, and a connection they fail
 * on is never handed out; search's connections carry its planner settings and no others do.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedPool } from '../../server/store/postgres/pool.js';
import { SEARCH_SESSION } from '../../server/store/postgres/search.js';
import type { Database } from '../../server/store/shared/schema.js';
import { reportSkipped, skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpSchema } from './engines.js';

afterAll(removeTmpDbs);

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('PostgreSQL pool tests', skipped);

describe.skipIf(skipped)('PostgreSQL session settings', () => {
  const over = (pool: pg.Pool, session?: string) => new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, session) }) });
  const show = async (db: Kysely<Database>, name: string) => (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(db)).rows[0]![name];

  it('gives search connections its planner settings, and leaves other connections as the server sets them', async () => {
    const { url } = await tmpSchema();
    const search = over(new pg.Pool({ connectionString: url, max: 1 }), SEARCH_SESSION);
    const plain = over(new pg.Pool({ connectionString: url, max: 1 }));
    try {
      expect(await show(search, 'enable_seqscan')).toBe('off');
      expect(await show(search, 'max_parallel_workers_per_gather')).toBe('0');
      expect(await show(plain, 'enable_seqscan')).toBe('on');
    } finally {
      await Promise.all([search.destroy(), plain.destroy()]);
    }
  });

  it('runs the session once per connection, and discards a connection it fails on', async () => {
    const { url } = await tmpSchema();
    // Creating the same temporary table twice on one session fails: a second run would show.
    const once = new pg.Pool({ connectionString: url, max: 1 });
    const db = over(once, 'create temporary table session_ran (x int)');
    try {
      for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select count(*)::int as n from session_ran`.execute(db)).rows[0]!.n).toBe(0);
      expect(once.totalCount).toBe(1);
    } finally {
      await db.destroy();
    }

    const failing = new pg.Pool({ connectionString: url, max: 1 });
    const broken = over(failing, 'set no_such_setting_of_ours = 1');
    try {
      for (let i = 0; i < 2; i++) await expect(sql`select 1`.execute(broken)).rejects.toMatchObject({ code: '42704' });
      expect(failing.totalCount).toBe(0);
    } finally {
      await broken.destroy();
    }
  });
});
