/**
 * The engines the store suite runs against. Each entry opens a fresh, empty, migrated store:
 * SQLite in a new temporary file, PostgreSQL in a new schema of the test database (dropped by
 * removeTmpDbs). Without a reachable PostgreSQL its entry is left out and each suite file shows
 * a skipped placeholder saying why (test/helpers/services.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/store/index.js';
import { createTestSchema, reportSkipped, skipReason, type TestSchema } from '../helpers/services.js';

export type OpenFreshStore = () => Promise<Store>;

let dir: string | undefined;
let counter = 0;

/** A new SQLite file path in this test file's temp directory (created on first use). */
export function tmpDbPath(): string {
  dir ??= mkdtempSync(join(tmpdir(), 'store-test-'));
  counter += 1;
  return join(dir, `catalog-${counter}.db`);
}

const schemas: TestSchema[] = [];

/** A new, empty PostgreSQL schema of the test database, dropped by removeTmpDbs. */
export async function tmpSchema(): Promise<TestSchema> {
  const schema = await createTestSchema();
  schemas.push(schema);
  return schema;
}

/** Deletes the temp directory and every database file in it, and drops the PostgreSQL schemas. */
export async function removeTmpDbs(): Promise<void> {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  await Promise.all(schemas.splice(0).map((s) => s.drop()));
}

const postgresSkipped = skipReason({ postgres: true });
if (postgresSkipped) reportSkipped('Store suites on PostgreSQL', postgresSkipped);

export const ENGINES: Array<[name: string, open: OpenFreshStore]> = [
  ['sqlite', () => openStore(tmpDbPath())],
  ...(postgresSkipped ? [] : [['postgres', async () => openStore((await tmpSchema()).url)] as [string, OpenFreshStore]]),
];
