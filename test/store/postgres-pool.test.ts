/**
 * The PostgreSQL engine's connection seam (server/store/postgres/pool.ts): settings a pool's
 * sessions carry run once per connection, before its first statement, and a connection they fail
 * on is never handed out; search's connections carry its planner settings and no others do; a
 * reply that does not come within its bound fails the statement and its connection is discarded;
 * and what statements return dies young instead of being promoted to V8's old generation, as it
 * is through pg's own promise and reply-timeout forms (the control that fails if pg changes).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedPool, MAX_PREPARED, type GuardedPoolOptions } from '../../server/store/postgres/pool.js';
import { SEARCH_SESSION } from '../../server/store/postgres/search.js';
import type { Database } from '../../server/store/shared/schema.js';
import { reportSkipped, skipReason } from '../helpers/services.js';
import { startTcpProxy, viaProxy } from '../helpers/tcp-proxy.js';
import { removeTmpDbs, tmpSchema } from './engines.js';

const ROOT = join(import.meta.dirname, '../..');

afterAll(removeTmpDbs);

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('PostgreSQL pool tests', skipped);

describe.skipIf(skipped)('PostgreSQL session settings', () => {
  const over = (pool: pg.Pool, options: GuardedPoolOptions = {}) => new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, options) }) });
  /** The PostgreSQL backend (connection) a statement on db runs on. */
  const backend = async (db: Kysely<Database>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  const show = async (db: Kysely<Database>, name: string) => (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(db)).rows[0]![name];

  it('gives search connections its planner settings, and leaves other connections as the server sets them', async () => {
    const { url } = await tmpSchema();
    const search = over(new pg.Pool({ connectionString: url, max: 1 }), { session: SEARCH_SESSION });
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
    const db = over(once, { session: 'create temporary table session_ran (x int)' });
    try {
      for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select count(*)::int as n from session_ran`.execute(db)).rows[0]!.n).toBe(0);
      expect(once.totalCount).toBe(1);
    } finally {
      await db.destroy();
    }

    const failing = new pg.Pool({ connectionString: url, max: 1 });
    const broken = over(failing, { session: 'set no_such_setting_of_ours = 1' });
    try {
      for (let i = 0; i < 2; i++) await expect(sql`select 1`.execute(broken)).rejects.toMatchObject({ code: '42704' });
      expect(failing.totalCount).toBe(0);
    } finally {
      await broken.destroy();
    }
  });

  it('prepares each statement text once per connection, by name, up to MAX_PREPARED texts, and never the session', async () => {
    const { url } = await tmpSchema();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = over(pool, { session: 'set enable_seqscan = off; set max_parallel_workers_per_gather = 0', prepare: true });
    const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)).rows.map((r) => r.statement);
    try {
      for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select ${i}::int + 1 as n`.execute(db)).rows[0]!.n).toBe(i + 1);
      // The statement above ran three times as one prepared statement; the listing itself is the second.
      expect(await prepared()).toEqual(['select $1::int + 1 as n', 'select statement from pg_prepared_statements order by prepare_time']);
      for (let i = 0; i < MAX_PREPARED; i++) await sql`select ${sql.raw(String(i))} as n`.execute(db);
      const names = await prepared();
      expect(names).toHaveLength(MAX_PREPARED);
      expect(names).not.toContain(`select ${MAX_PREPARED - 2} as n`);
      expect(await show(db, 'enable_seqscan')).toBe('off');
    } finally {
      await db.destroy();
    }
    // The control: without `prepare` nothing is prepared.
    const plain = over(new pg.Pool({ connectionString: url, max: 1 }));
    try {
      await sql`select 1`.execute(plain);
      expect((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(plain)).rows[0]!.n).toBe(0);
    } finally {
      await plain.destroy();
    }
  });

  it('prepares the statements of several guardedPools over one pg.Pool under names of their own', async () => {
    const { url } = await tmpSchema();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const [a, b] = [1, 2].map(() => over(pool, { prepare: true }));
    try {
      // Both run on the pool's one connection: the same name for two texts would be refused there.
      expect((await sql<{ n: number }>`select 1 as n`.execute(a!)).rows).toEqual([{ n: 1 }]);
      expect((await sql<{ n: number }>`select 2 as n`.execute(b!)).rows).toEqual([{ n: 2 }]);
      expect((await sql<{ n: number }>`select 1 as n`.execute(a!)).rows).toEqual([{ n: 1 }]);
      expect(pool.totalCount).toBe(1);
    } finally {
      await a!.destroy();
    }
  });

  it('answers a prepared statement a migration broke, and retires its connection', async () => {
    const { url } = await tmpSchema();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = over(pool, { prepare: true });
    const read = () => sql<{ x: unknown; pid: number }>`select x, pg_backend_pid() as pid from changing`.execute(db);
    try {
      await sql`create table changing (x int)`.execute(db);
      await sql`insert into changing values (1)`.execute(db);
      const first = await backend(db);
      expect((await read()).rows).toEqual([{ x: 1, pid: first }]);
      // Another instance's migration, as in a rolling deploy: the prepared plan's result type changes.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('alter table changing alter column x type text');
      await other.end();
      // Answered on the same connection, unprepared, with the new type; then the connection is replaced.
      expect((await read()).rows).toEqual([{ x: '1', pid: first }]);
      expect(await backend(db)).not.toBe(first);
      expect((await read()).rows).toEqual([{ x: '1', pid: await backend(db) }]);
      expect(pool.totalCount).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('retires a connection whose prepared statement is refused inside a transaction, and fails only that statement', async () => {
    const { url } = await tmpSchema();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = over(pool, { prepare: true });
    const read = (on: Kysely<Database>) => sql<{ x: unknown }>`select x from changing_in_tx`.execute(on);
    try {
      await sql`create table changing_in_tx (x int)`.execute(db);
      const first = await backend(db);
      await read(db);
      await sql`alter table changing_in_tx alter column x type text`.execute(db);
      // The refusal aborted the transaction, so running it again there cannot succeed: the error stands.
      await expect(db.transaction().execute((tx) => read(tx))).rejects.toMatchObject({ code: '25P02' });
      expect(await backend(db)).not.toBe(first);
      expect((await read(db)).rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('fails a statement whose reply does not come within its bound, and discards its connection', async () => {
    const { url } = await tmpSchema();
    const target = new URL(url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const pool = new pg.Pool({ connectionString: viaProxy(url, proxy), max: 1 });
    const db = over(pool, { replyTimeoutMs: 300 });
    try {
      const first = await backend(db);
      const stalled = proxy.stallRepliesAfter(/reply_never_comes/);
      await expect(sql`select 'reply_never_comes'`.execute(db)).rejects.toThrow('Query read timeout');
      await stalled;
      // The one connection was busy with the stalled statement: the next statement gets a new one.
      expect(await backend(db)).not.toBe(first);
      expect(pool.totalCount).toBe(1);
    } finally {
      await db.destroy();
      await proxy.close();
    }
  });
});

describe.skipIf(skipped)('PostgreSQL statements and V8 promotion', () => {
  // The start command's V8 flags (package.json), so the young generation is sized as in production.
  const startFlags = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ').filter((w) => w.startsWith('--'));

  /** The share of what 1,500 statements allocated that V8 promoted out of the young generation. */
  async function promotedShare(mode: 'guarded' | 'pg-promise' | 'pg-reply-timeout'): Promise<number> {
    const { url } = await tmpSchema();
    const child = join(ROOT, 'test/helpers/pg-statements.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [...startFlags, '--trace-gc-nvp', child, mode, url, join(ROOT, 'dist/server/store/postgres/pool.js')], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    let allocated = 0;
    let promoted = 0;
    for (const line of stdout.split('\n')) {
      if (!/ gc=s /.test(line)) continue;
      allocated += Number(/ allocated=(\d+)/.exec(line)![1]);
      promoted += Number(/ promoted=(\d+)/.exec(line)![1]);
    }
    expect(allocated).toBeGreaterThan(50 * 1024 * 1024);
    return promoted / allocated;
  }

  it.each([
    { mode: 'guarded' as const, promoted: 'little', check: (share: number) => expect(share).toBeLessThan(0.05) },
    // Controls: if pg stops keeping results alive this way, these fail, and statement() in
    // server/store/postgres/pool.ts can go back to pg's own forms.
    { mode: 'pg-promise' as const, promoted: 'much', check: (share: number) => expect(share).toBeGreaterThan(0.2) },
    { mode: 'pg-reply-timeout' as const, promoted: 'much', check: (share: number) => expect(share).toBeGreaterThan(0.2) },
  ])('$mode: V8 promotes $promoted of what the statements return', async ({ mode, check }) => {
    check(await promotedShare(mode));
  }, 60_000);
});
