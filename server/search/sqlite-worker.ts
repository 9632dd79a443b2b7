/**
 * A search worker thread (search/backends.ts starts them through piscina): its own read-only
 * connection to the store's SQLite file, so FTS ranking and hydration run off the event loop and
 * in parallel with the other workers (WAL lets readers run beside the writer).
 */
import { workerData } from 'node:worker_threads';
import { SqliteStore } from '../store/sqlite/store.js';
import type { Page, SearchHitDoc, SearchQuery } from '../store/types.js';
import { outcomeOf, type ThreadOutcome } from '../platform/thread-outcome.js';

export interface SqliteWorkerData {
  path: string;
  busyTimeoutMs: number;
  cacheMb?: number;
  cursorKeys: Array<{ id: string; secret: Uint8Array }>;
  /** Test-only: each search first waits (blocking this thread) while gate[0] is 0. */
  gate?: Int32Array;
}

const data = workerData as SqliteWorkerData;
const store = SqliteStore.open(data.path, { readOnly: true, busyTimeoutMs: data.busyTimeoutMs, ...(data.cacheMb !== undefined ? { cacheMb: data.cacheMb } : {}) });
store.useCursorKeys(data.cursorKeys.map((k) => ({ id: k.id, secret: Buffer.from(k.secret) })));

export default async function search(query: SearchQuery): Promise<ThreadOutcome<Page<SearchHitDoc>>> {
  if (data.gate) Atomics.wait(data.gate, 0, 0);
  return outcomeOf(() => store.search(query));
}
