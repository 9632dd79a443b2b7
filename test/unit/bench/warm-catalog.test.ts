/** scripts/lib/warm-catalog.ts: a SQLite catalog and its WAL are read through; nothing else is. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { warmCatalog } from '../../../scripts/lib/warm-catalog.js';

const dir = mkdtempSync(join(tmpdir(), 'warm-catalog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('warmCatalog', () => {
  it('reads a SQLite catalog and its WAL through, and no other kind of database', async () => {
    const db = join(dir, 'catalog.db');
    writeFileSync(db, Buffer.alloc(3 * 1024 * 1024 + 5));
    expect(await warmCatalog(db)).toBe(3 * 1024 * 1024 + 5);
    writeFileSync(`${db}-wal`, Buffer.alloc(100));
    expect(await warmCatalog(`file://${db}`)).toBe(3 * 1024 * 1024 + 105);
    expect(await warmCatalog('postgres://postgres@127.0.0.1:5432/any')).toBe(0);
    expect(await warmCatalog(':memory:')).toBe(0);
  });
});
