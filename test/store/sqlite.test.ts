/** SQLite-only behaviour: URL parsing, pragmas, busy handling, multi-process migrations, FTS helpers. */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../server/demo/catalog.js';
import { sqliteMigrations } from '../../server/store/migrations/index.js';
import { BULK_IMPORT_ROWS, openStore, parseDatabaseUrl, StoreUnavailableError } from '../../server/store/index.js';
import { catalog, cliActor } from '../../server/services/index.js';
import { Kysely, SqliteDialect } from 'kysely';
import { genreSortKeysMigration } from '../../server/store/migrations/genre-sort-keys.js';
import { cachingStatements, openConnection } from '../../server/store/sqlite/connection.js';
import { openSqliteStore } from '../../server/store/sqlite/store.js';
import { removeTmpDbs, tmpDbPath } from './engines.js';
import { pid, series, sid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

describe('parseDatabaseUrl', () => {
  it.each([
    ['./data/catalog.db', './data/catalog.db'],
    ['/var/lib/catalog.db', '/var/lib/catalog.db'],
    ['file:./data/x.db', './data/x.db'],
    ['file:///var/lib/x.db', '/var/lib/x.db'],
    ['sqlite:./x.db', './x.db'],
    ['sqlite:///var/lib/x.db', '/var/lib/x.db'],
    [':memory:', ':memory:'],
    ['sqlite::memory:', ':memory:'],
  ])('%s is the SQLite file %s', (url, path) => {
    expect(parseDatabaseUrl(url)).toEqual({ engine: 'sqlite', path });
  });

  it('recognises PostgreSQL and rejects other schemes', async () => {
    expect(parseDatabaseUrl('postgres://u@h/db')).toEqual({ engine: 'postgres', url: 'postgres://u@h/db' });
    expect(parseDatabaseUrl('postgresql://u@h/db').engine).toBe('postgres');
    // A PostgreSQL URL opens the PostgreSQL engine (test/store/postgres.test.ts); nothing listens on port 1.
    await expect(openStore('postgres://u@127.0.0.1:1/catalog', { connectTimeoutMs: 1000 })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow(/not supported/);
  });
});

describe('SqliteStore', () => {
  it('gives each connection the page cache it is configured with (SQLITE_CACHE_MB), else SQLite\'s own', () => {
    const path = tmpDbPath();
    for (const [cacheMb, pages] of [[12, -12 * 1024], [undefined, -2000]] as const) {
      const raw = openConnection(path, { busyTimeoutMs: 0, ...(cacheMb ? { cacheMb } : {}) });
      expect(raw.prepare('pragma cache_size').get()).toEqual({ cache_size: pages });
      raw.close();
    }
  });

  it('creates the directory, uses WAL and enforces foreign keys', async () => {
    const path = join(tmpDbPath(), 'nested', 'dir', 'catalog.db');
    const store = await openStore(`file:${path}`);
    try {
      expect(existsSync(path)).toBe(true);
      const raw = new DatabaseSync(path, { readOnly: true });
      expect(raw.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
      raw.close();
      await store.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
      await expect(store.setGrants(pid('a'), sid(404), ['read'], T0)).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
  });

  it('works in memory', async () => {
    const store = await openStore(':memory:');
    await store.importCatalog([series(sid(1))], T0);
    expect(await store.countSeries()).toBe(1);
    await store.close();
  });

  it('answers StoreUnavailableError when another connection holds the write lock past the busy timeout', async () => {
    const path = tmpDbPath();
    const store = await openStore(path, { busyTimeoutMs: 50 });
    const other = new DatabaseSync(path);
    try {
      await store.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
      other.exec('begin immediate');
      const increment = { partnerId: pid('a'), day: '2026-11-20', operation: 'getCatalog', seriesId: null, requests: 1, streamResolutions: 0, errors: 0, rateLimited: 0 };
      await expect(store.addUsage([increment])).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.importCatalog([series(sid(1))], T0)).rejects.toBeInstanceOf(StoreUnavailableError);
      other.exec('rollback');
      await store.addUsage([increment]);
      expect((await store.queryUsage({ partnerId: pid('a'), from: '2026-11-20', to: '2026-11-20', groupBy: 'day', limit: 1 })).totals.requests).toBe(1);
    } finally {
      other.close();
      await store.close();
    }
  });

  it('imports on a thread of its own as it does in its own thread, busy included', async () => {
    const path = tmpDbPath();
    const store = await openStore(path, { busyTimeoutMs: 50, importThread: true });
    const other = new DatabaseSync(path);
    try {
      other.exec('begin immediate');
      await expect(store.importCatalog([series(sid(1))], T0)).rejects.toBeInstanceOf(StoreUnavailableError);
      other.exec('rollback');
      expect(await store.importCatalog([series(sid(1)), series(sid(2))], T0)).toEqual({ seriesChanged: 2, seriesUnchanged: 0, episodesChanged: expect.any(Number) });
      expect(await store.importCatalog([series(sid(1))], T0)).toMatchObject({ seriesChanged: 0, seriesUnchanged: 1 });
      expect((await store.getSeries(sid(2)))?.id).toBe(sid(2));
      await expect(store.importCatalog([series(sid(3)), series(sid(3))], T0)).rejects.toThrow(/duplicate series id/);
    } finally {
      other.close();
      await store.close();
    }
  });

  it('switches a new database to WAL once another connection lets go of the write lock (SQLite skips busy_timeout there)', async () => {
    const path = tmpDbPath();
    const other = new DatabaseSync(path);
    other.exec('begin immediate');
    const waits: number[] = [];
    // The "other process" commits during the opener's first wait, as a concurrent opener would.
    const store = await openStore(path, { sleep: (ms) => (waits.push(ms), other.isTransaction && other.exec('commit')) });
    other.close();
    await store.close();
    expect(waits).toEqual([1]);
    const raw = new DatabaseSync(path, { readOnly: true });
    expect(raw.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
    raw.close();
  });

  it('gives up switching to WAL with SQLITE_BUSY once it has waited busyTimeoutMs', () => {
    const path = tmpDbPath();
    const other = new DatabaseSync(path);
    other.exec('begin immediate');
    const waits: number[] = [];
    try {
      expect(() => openSqliteStore(path, { busyTimeoutMs: 200, sleep: (ms) => waits.push(ms) })).toThrow(expect.objectContaining({ errcode: 5 }));
      // Backing off 1, 2, 4 ... 50 ms, and exactly the timeout in all.
      expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
      expect(Math.max(...waits)).toBe(50);
      expect(waits.reduce((a, b) => a + b, 0)).toBe(200);
    } finally {
      other.close();
    }
  });

  it('applies migrations exactly once when several processes open a new database at the same time', async () => {
    const path = tmpDbPath();
    const child = fileURLToPath(new URL('./open-store-child.ts', import.meta.url));
    // A common start instant, well after every child has loaded, so the migrations overlap.
    const startAt = String(Date.now() + 3000);
    const run = () =>
      new Promise<number>((resolve, reject) => {
        const p = spawn(process.execPath, ['--import', 'tsx', child, path, startAt], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`child exited ${code}: ${stderr}`))));
      });
    expect(await Promise.all([run(), run(), run(), run()])).toEqual([0, 0, 0, 0]);
    const raw = new DatabaseSync(path, { readOnly: true });
    expect(raw.prepare('select name from kysely_migration order by name').all().map((r) => r.name)).toEqual(Object.keys(sqliteMigrations()));
    raw.close();
  });
});

describe('after a bulk import', () => {
  it('copies the sort keys of series imported before the genre-keys migration, which genre pages then follow', async () => {
    const path = tmpDbPath();
    const first = await openStore(path);
    await first.createPartner({ id: pid('a'), name: 'A', apiKey: 'k', secretHash: 'h', now: T0 });
    const titles = ['Delta', 'alpha', 'Charlie', 'Bravo'];
    for (const [i, title] of titles.entries()) {
      await first.importCatalog([series(sid(i + 1), { title, genres: ['comedy'] })], `2026-11-0${4 - i}T00:00:00Z`);
      await first.setGrants(pid('a'), sid(i + 1), ['read'], T0);
    }
    await first.close();
    // Back to the schema before 0009: its columns and indexes gone, the migration not applied.
    // 0010 (partner_grants clustered) is recorded as not applied either, as it was not then; it
    // rebuilds the table as it is when it runs again. Migrations after 0010 (the audit kind, operator
    // accounts, idempotency keys, ...) are undone first, newest first, as migrations apply in order.
    const raw = openConnection(path, { busyTimeoutMs: 1000 });
    const db = new Kysely({ dialect: new SqliteDialect({ database: cachingStatements(raw, () => {}) }) });
    const later = Object.entries(sqliteMigrations()).filter(([name]) => name > '0010_sqlite_grants_without_rowid').reverse();
    for (const [, migration] of later) await migration.down!(db);
    await genreSortKeysMigration().down!(db);
    for (const name of ['0009_genre_sort_keys', '0010_sqlite_grants_without_rowid', ...later.map(([n]) => n)]) raw.prepare('delete from kysely_migration where name = ?').run(name);
    raw.close();

    const store = await openStore(path);
    try {
      const page = (sort: 'title' | 'updated_at') => store.listCatalog({ partnerId: pid('a'), sort, limit: 10, genre: 'comedy' });
      expect((await page('title')).items.map((s) => s.title)).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta']);
      expect((await page('updated_at')).items.map((s) => s.title)).toEqual(['Bravo', 'Charlie', 'alpha', 'Delta']);
    } finally {
      await store.close();
    }
  });

  it('empties the WAL and has planner statistics, where a small import leaves the WAL to SQLite', async () => {
    const path = tmpDbPath();
    const store = await openStore(path);
    const walBytes = () => statSync(`${path}-wal`).size;
    const analyzed = () => {
      const raw = new DatabaseSync(path, { readOnly: true });
      try {
        return raw.prepare("select count(*) as n from sqlite_master where name = 'sqlite_stat1'").get()!.n === 1;
      } finally {
        raw.close();
      }
    };
    try {
      const small = await store.importCatalog(demoCatalog({ series: 3 }), T0);
      expect(small.seriesChanged).toBe(3);
      expect(walBytes()).toBeGreaterThan(0);
      const bulk = await store.importCatalog(demoCatalog({ series: 1_000, episodesPerSeason: 12 }), T0);
      expect(bulk.seriesChanged + bulk.episodesChanged).toBeGreaterThanOrEqual(BULK_IMPORT_ROWS);
      expect(walBytes()).toBe(0);
      expect(analyzed()).toBe(true);
      expect((await store.search({ partnerId: 'ptn_none', q: 'light', limit: 5 })).items).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('tidies once at the end of an import job made of small batches that add up to a bulk import', async () => {
    const path = tmpDbPath();
    const store = await openStore(path);
    try {
      await store.importCatalog(demoCatalog({ series: 3 }), T0);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
      const ctx = { store, actor: cliActor('test'), now: T0 };
      // 100 series a batch: each well under BULK_IMPORT_ROWS changed rows, the job over it.
      const { done } = await catalog.startCatalogImport(ctx, demoCatalog({ series: 1_000, episodesPerSeason: 12 }), { batchSize: 100 });
      const job = await done;
      expect([job.state, job.seriesChanged + job.episodesChanged >= BULK_IMPORT_ROWS]).toEqual(['succeeded', true]);
      // Checkpointed and truncated at the end of the last batch: only the job's own final writes are left in it.
      expect(statSync(`${path}-wal`).size).toBeLessThan(256 * 1024);
      // Each full-text index merged into one segment (each batch had written segments of its own).
      const raw = new DatabaseSync(path, { readOnly: true });
      try {
        for (const table of ['series_fts', 'episodes_fts', 'series_titles_fts', 'episode_titles_fts']) {
          expect([table, raw.prepare(`select count(distinct segid) as n from ${table}_idx`).get()!.n]).toEqual([table, 1]);
        }
      } finally {
        raw.close();
      }
    } finally {
      await store.close();
    }
  }, 60_000);
});
