/**
 * PostgreSQL-only behaviour: byte-order key collation, concurrent migrations (in one process and
 * across processes), exact usage sums from several pools, bounded failures when PostgreSQL is
 * down or hangs and recovery without a restart. Search is in postgres-search.test.ts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../server/store/migrations/index.js';
import { BULK_IMPORT_ROWS, openStore, StoreUnavailableError, type Store, type UsageIncrement } from '../../server/store/index.js';
import { openPostgresStore } from '../../server/store/postgres/store.js';
import { demoCatalog } from '../../server/demo/catalog.js';
import { reportSkipped, skipReason, TEST_DATABASE_URL } from '../helpers/services.js';
import { startTcpProxy, viaProxy } from '../helpers/tcp-proxy.js';
import { removeTmpDbs, tmpSchema } from './engines.js';
import { pid, series, sid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('PostgreSQL store tests', skipped);

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const increment = (over: Partial<UsageIncrement> = {}): UsageIncrement => ({
  partnerId: pid('a'), day: '2026-11-20', operation: 'getCatalog', seriesId: null,
  requests: 1, streamResolutions: 0, errors: 0, rateLimited: 0, ...over,
});

/** Measures how long a promise takes to settle, and how. */
async function timed<T>(promise: Promise<T>): Promise<{ ms: number; error: unknown; value: T | undefined }> {
  const started = Date.now();
  try {
    const value = await promise;
    return { ms: Date.now() - started, error: undefined, value };
  } catch (error) {
    return { ms: Date.now() - started, error, value: undefined };
  }
}

describe.skipIf(skipped)('PostgresStore', () => {
  it('creates its tables in the schema of the search_path, with keys collated bytewise ("C")', async () => {
    const schema = await tmpSchema();
    const store = await openStore(schema.url);
    try {
      expect(store.engine).toBe('postgres');
      const columns = await query<{ table_name: string; column_name: string; collation_name: string | null }>(
        TEST_DATABASE_URL,
        `select table_name, column_name, collation_name from information_schema.columns
          where table_schema = $1 and column_name in ('id', 'sort_title', 'updated_at', 'day', 'operation') order by 1, 2`,
        [schema.name],
      );
      const collation = Object.fromEntries(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.collation_name]));
      expect(collation).toMatchObject({ 'series.id': 'C', 'series.sort_title': 'C', 'series.updated_at': 'C', 'usage_counts.day': 'C', 'usage_counts.operation': 'C', 'partners.id': 'C' });
      // Byte order, whatever the database's locale: upper case before lower case, '_' between.
      await store.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
      await store.addUsage(['getSeries', 'Zeta', 'get_x', 'GetB'].map((operation) => increment({ operation })));
      const report = await store.queryUsage({ partnerId: pid('a'), from: '2026-11-20', to: '2026-11-20', groupBy: 'operation', limit: 10 });
      expect(report.items.map((r) => r.key)).toEqual(['GetB', 'Zeta', 'getSeries', 'get_x']);
      const migrations = await query<{ name: string }>(schema.url, 'select name from kysely_migration order by name');
      expect(migrations.map((m) => m.name)).toEqual(Object.keys(postgresMigrations()));
    } finally {
      await store.close();
    }
  });

  it('applies migrations exactly once when several stores migrate a new schema at the same time', async () => {
    const schema = await tmpSchema();
    const stores = Array.from({ length: 4 }, () => openPostgresStore(schema.url));
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      const migrations = await query<{ name: string }>(schema.url, 'select name from kysely_migration order by name');
      expect(migrations.map((m) => m.name)).toEqual(Object.keys(postgresMigrations()));
      await stores[0]!.importCatalog([series(sid(1))], T0);
      expect(await stores[3]!.countSeries()).toBe(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it("waits for another instance's migration however long it takes, unbound by the statement timeout", async () => {
    const schema = await tmpSchema();
    // kysely's PostgreSQL migration lock (PostgresAdapter), held by "another instance" for 1.5 s.
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(3853314791062309107)');
      const release = setTimeout(() => void other.query('select pg_advisory_unlock(3853314791062309107)'), 1_500);
      const opened = await timed(openStore(schema.url, { statementTimeoutMs: 300 }));
      clearTimeout(release);
      expect(opened.error).toBeUndefined();
      expect(opened.ms).toBeGreaterThanOrEqual(1_400);
      await opened.value!.close();
    } finally {
      await other.end();
    }
  });

  it('applies migrations exactly once when several processes start on a new schema at one instant', async () => {
    const schema = await tmpSchema();
    const child = fileURLToPath(new URL('./open-store-child.ts', import.meta.url));
    const startAt = String(Date.now() + 3000);
    const run = () =>
      new Promise<number>((resolve, reject) => {
        const p = spawn(process.execPath, ['--import', 'tsx', child, schema.url, startAt], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`child exited ${code}: ${stderr}`))));
      });
    expect(await Promise.all([run(), run(), run()])).toEqual([0, 0, 0]);
    const migrations = await query<{ name: string }>(schema.url, 'select name from kysely_migration order by name');
    expect(migrations.map((m) => m.name)).toEqual(Object.keys(postgresMigrations()));
  });

  it('adds up usage written concurrently by several instances (pools) exactly', async () => {
    const schema = await tmpSchema();
    const stores: Store[] = [];
    for (let i = 0; i < 3; i++) stores.push(await openStore(schema.url, { poolMax: 3 }));
    try {
      await stores[0]!.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
      const operations = ['getCatalog', 'getSeries', 'search', 'resolveStream'];
      // 3 instances x 20 flushes, each touching every key in its own order.
      await Promise.all(
        stores.flatMap((store, i) =>
          Array.from({ length: 20 }, (_, n) =>
            store.addUsage((n + i) % 2 ? operations.map((operation) => increment({ operation })) : [...operations].reverse().map((operation) => increment({ operation, requests: 2 }))),
          ),
        ),
      );
      const report = await stores[1]!.queryUsage({ partnerId: pid('a'), from: '2026-11-20', to: '2026-11-20', groupBy: 'operation', limit: 10 });
      // Per instance: 10 flushes of 1 and 10 of 2 on every key = 30; three instances = 90.
      expect(report.items.map((r) => [r.key, r.requests])).toEqual(operations.sort().map((o) => [o, 90]));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('answers StoreUnavailableError at once when PostgreSQL refuses connections', async () => {
    const attempt = await timed(openStore('postgres://postgres@127.0.0.1:1/test', { connectTimeoutMs: 1000 }));
    expect(attempt.error).toBeInstanceOf(StoreUnavailableError);
    expect(attempt.ms).toBeLessThan(2000);
  });

  it('fails fast while PostgreSQL is down, within its timeouts while it hangs, and recovers by itself', async () => {
    const schema = await tmpSchema();
    const target = new URL(TEST_DATABASE_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const store = await openStore(viaProxy(schema.url, proxy), { connectTimeoutMs: 800, statementTimeoutMs: 500 });
    try {
      await store.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });

      proxy.set('down');
      // One at a time: a call started early could fail before anything awaits it (an unhandled rejection).
      for (const call of [() => store.ping(), () => store.getPartner(pid('a')), () => store.addUsage([increment()])] as Array<() => Promise<unknown>>) {
        const result = await timed(call());
        expect(result.error).toBeInstanceOf(StoreUnavailableError);
        expect(result.ms).toBeLessThan(1500);
      }

      proxy.set('up');
      await expect(store.ping()).resolves.toBeUndefined();
      expect((await store.getPartner(pid('a')))?.id).toBe(pid('a'));

      // Hanging: established connections and new ones both stop answering. Every call still
      // ends within connect timeout / query timeout (statement timeout + 1 s), with a 503 error.
      proxy.set('blackhole');
      const hung = await Promise.all([timed(store.ping()), timed(store.getSeries(sid(1))), timed(store.search({ partnerId: pid('a'), q: 'x', limit: 5 }))]);
      for (const result of hung) {
        expect(result.error).toBeInstanceOf(StoreUnavailableError);
        expect(result.ms).toBeLessThan(3000);
      }

      proxy.set('up');
      // The connections that timed out were discarded, so the next calls find working ones.
      for (let i = 0; i < 5; i++) await expect(store.ping()).resolves.toBeUndefined();
      await store.addUsage([increment()]);
      expect((await store.queryUsage({ partnerId: pid('a'), from: '2026-11-20', to: '2026-11-20', groupBy: 'day', limit: 1 })).totals.requests).toBe(1);
    } finally {
      proxy.set('up');
      await store.close();
      await proxy.close();
    }
  });

  it('maps a statement that waits past statement_timeout to StoreUnavailableError and keeps the connection usable', async () => {
    const schema = await tmpSchema();
    const store = await openStore(schema.url, { statementTimeoutMs: 200, poolMax: 1 });
    const locker = new pg.Client({ connectionString: schema.url });
    await locker.connect();
    try {
      await store.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
      // Another session holds the table: the store's read waits until the server cancels it.
      await locker.query('begin');
      await locker.query('lock table partners in access exclusive mode');
      const slow = await timed(store.getPartner(pid('a')));
      expect(slow.error).toBeInstanceOf(StoreUnavailableError);
      expect(slow.ms).toBeLessThan(1500);
      await locker.query('rollback');
      expect((await store.getPartner(pid('a')))?.id).toBe(pid('a'));
    } finally {
      await locker.end();
      await store.close();
    }
  });
});

describe('PostgreSQL search documents (no database needed)', () => {
  it('vacuums and refreshes the planner statistics after a bulk catalog import, not after a small one', async () => {
    const schema = await tmpSchema();
    const store = await openStore(schema.url);
    const tidied = async (table: string) => {
      const rows = await query<{ last_analyze: Date | null; last_vacuum: Date | null }>(TEST_DATABASE_URL, 'select last_analyze, last_vacuum from pg_stat_user_tables where schemaname = $1 and relname = $2', [schema.name, table]);
      return [rows[0]?.last_analyze instanceof Date, rows[0]?.last_vacuum instanceof Date];
    };
    try {
      const small = await store.importCatalog(demoCatalog({ series: 3 }), T0);
      expect(small.seriesChanged).toBe(3);
      expect(await tidied('episodes')).toEqual([false, false]);
      const bulk = await store.importCatalog(demoCatalog({ series: 1_000, episodesPerSeason: 12 }), T0);
      expect(bulk.seriesChanged + bulk.episodesChanged).toBeGreaterThanOrEqual(BULK_IMPORT_ROWS);
      for (const table of ['series', 'series_genres', 'episodes', 'series_search', 'episodes_search', 'search_terms']) {
        expect([table, ...(await tidied(table))]).toEqual([table, true, true]);
      }
    } finally {
      await store.close();
    }
  }, 60_000);
});
