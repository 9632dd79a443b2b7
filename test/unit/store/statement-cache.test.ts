/**
 * The SQLite connection reuses prepared statements by SQL text (server/store/sqlite/connection.ts,
 * docs/performance.md): each text is prepared once while it stays among the most recently used,
 * and every statement that may write tells the store (which then checks for changes again before
 * its next read of partner state).
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from '../../../server/store/sqlite/connection.js';

/** A real in-memory connection whose prepare() calls are counted. */
function counted() {
  const raw = new DatabaseSync(':memory:');
  raw.exec('create table t (id integer primary key, v text)');
  const prepared: string[] = [];
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof raw.prepare;
  const writes: number[] = [];
  const db = cachingStatements(raw, () => writes.push(1));
  return { db, prepared, writes };
}

describe('cachingStatements', () => {
  it('prepares each SQL text once and runs it with positional parameters', () => {
    const { db, prepared } = counted();
    for (let i = 0; i < 3; i++) db.prepare('insert into t (v) values (?)').run([`v${i}`]);
    for (let i = 0; i < 3; i++) expect(db.prepare('select v from t where id = ?').all([i + 1])).toEqual([{ v: `v${i}` }]);
    expect(prepared).toEqual(['insert into t (v) values (?)', 'select v from t where id = ?']);
  });

  it('is a reader for statements that return rows, writes included', () => {
    const { db } = counted();
    expect(db.prepare('select 1 as one').reader).toBe(true);
    expect(db.prepare('insert into t (v) values (?) returning id').reader).toBe(true);
    expect(db.prepare('delete from t').reader).toBe(false);
  });

  it('tells the store before every statement that may write, and never before a plain select', () => {
    const { db, writes } = counted();
    db.prepare('select * from t');
    expect(writes).toHaveLength(0);
    db.prepare('insert into t (v) values (?) returning id');
    db.prepare('update t set v = ?');
    db.prepare('insert into t (v) values (?) returning id');
    expect(writes).toHaveLength(3);
  });

  it('keeps the 256 most recently used texts', () => {
    const { db, prepared } = counted();
    const sql = (i: number) => `select ${i} as n`;
    for (let i = 0; i < 257; i++) db.prepare(sql(i));
    db.prepare(sql(256)); // still cached
    db.prepare(sql(0)); // the least recently used, dropped when the 257th came
    expect(prepared.filter((s) => s === sql(256))).toHaveLength(1);
    expect(prepared.filter((s) => s === sql(0))).toHaveLength(2);
  });
});
