/**
 * The job kinds migration (SQLite 0019, PostgreSQL 0017: migrations/job-kinds.ts) on a SQLite
 * database made before it: an import job of the previous release reads as a catalog import, the
 * history lists it, and the down step gives back the table as it was (then up again works).
 */
import { DatabaseSync } from 'node:sqlite';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/index.js';
import { sqliteMigrations } from '../../server/store/migrations/index.js';
import type { Database } from '../../server/store/shared/schema.js';
import { cachingStatements } from '../../server/store/sqlite/connection.js';
import { removeTmpDbs, tmpDbPath } from './engines.js';

afterAll(removeTmpDbs);

const T0 = '2026-11-20T09:30:00.000Z';
const columns = (raw: DatabaseSync) => (raw.prepare('pragma table_info(import_jobs)').all() as Array<{ name: string }>).map((c) => c.name);

describe('import_jobs gains kind and partner_id (SQLite 0019)', () => {
  it('reads an earlier import job as an import, and its down step restores the table', async () => {
    const path = tmpDbPath();
    const raw = new DatabaseSync(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(raw, () => {}) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => sqliteMigrations() } });
    expect((await migrator.migrateTo('0016_rolling_secrets')).error).toBeUndefined();
    raw.prepare(`insert into import_jobs (id, state, actor, series_total, series_done, series_changed, series_unchanged, episodes_changed, error, created_at, updated_at)
      values ('imp_00000000000000aa', 'succeeded', 'cli:ci', 3, 3, 3, 0, 6, null, '${T0}', '${T0}')`).run();
    const before = columns(raw);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(columns(raw)).toEqual([...before, 'kind', 'partner_id']);
    const store = await openStore(path);
    await store.migrate();
    const page = await store.listImportJobs({ kind: 'catalog.import', limit: 10 });
    expect(page.items).toEqual([expect.objectContaining({ id: 'imp_00000000000000aa', kind: 'catalog.import', partnerId: null, seriesTotal: 3 })]);
    await store.close();

    // Down to the migration before this one, whatever came after it.
    expect((await migrator.migrateTo('0018_webhooks')).error).toBeUndefined();
    expect(columns(raw)).toEqual(before);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(columns(raw)).toEqual([...before, 'kind', 'partner_id']);
    await db.destroy();
  });
});
