/**
 * The engines the store suite runs against. Each entry opens a fresh, empty, migrated store;
 * a PostgreSQL entry (a fresh schema per call) can be added here without touching the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/index.js';
import type { Store } from '../../server/store/types.js';

export type OpenFreshStore = () => Promise<Store>;

let dir: string | undefined;
let counter = 0;

/** A new SQLite file path in this test file's temp directory (created on first use). */
export function tmpDbPath(): string {
  dir ??= mkdtempSync(join(tmpdir(), 'store-test-'));
  counter += 1;
  return join(dir, `catalog-${counter}.db`);
}

/** Deletes the temp directory and every database file in it. */
export function removeTmpDbs(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
}

export const ENGINES: Array<[name: string, open: OpenFreshStore]> = [
  ['sqlite', () => openStore(tmpDbPath())],
];
