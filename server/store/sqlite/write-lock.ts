/** SQLite's write transactions: BEGIN IMMEDIATE on the writes' connection, the lock waited for on timers. */
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { WithDb } from '../shared/core.js';
import type { Database } from '../shared/schema.js';
import { isBusyError } from './connection.js';

/** The connection writes run on: the store's own, or one of their own (SqliteOptions.writeConnection). */
export interface Writer {
  db: Kysely<Database>;
  raw: DatabaseSync;
}

/**
 * Waits for the write lock without blocking the thread. SQLite's busy handler sleeps inside the
 * statement, so while another connection wrote (an admin CLI import's batch, say) this
 * instance answered nothing, not even from its response cache, whenever one of its own writes
 * (usage, every second) waited there. Here BEGIN IMMEDIATE is tried without the busy handler and
 * retried on timers, up to the same busy timeout. With `writeConnection` the wait holds only
 * the writes' connection; reads go on.
 */
async function takeWriteLock(writer: Writer, conn: Kysely<Database>, busyTimeoutMs: number): Promise<void> {
  const deadline = performance.now() + busyTimeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    writer.raw.exec('pragma busy_timeout = 0');
    try {
      await sql`begin immediate`.execute(conn);
      return;
    } catch (err) {
      if (!isBusyError(err) || performance.now() >= deadline) throw err;
    } finally {
      writer.raw.exec(`pragma busy_timeout = ${busyTimeoutMs}`);
    }
    await sleep(Math.max(1, Math.min(delay, deadline - performance.now())));
  }
}

/**
 * Write transactions on writer's connection. BEGIN IMMEDIATE takes the write lock up front: a
 * deferred transaction that reads and then writes can fail at once with SQLITE_BUSY_SNAPSHOT
 * when another process wrote in between, which the busy timeout cannot help with.
 */
export function writeTransaction(writer: Writer, busyTimeoutMs: number): WithDb {
  return (fn) =>
    writer.db.connection().execute(async (conn) => {
      await takeWriteLock(writer, conn, busyTimeoutMs);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        if (writer.raw.isTransaction) await sql`rollback`.execute(conn);
        throw error;
      }
    });
}
