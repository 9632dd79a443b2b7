/**
 * A search worker thread (search/backends.ts starts them through piscina): its own read-only
 * connection to the store's SQLite file, so FTS ranking and hydration run off the event loop and
 * in parallel with the other workers (WAL lets readers run beside the writer).
 */
import { workerData } from 'node:worker_threads';
import { openSearchStore, outcomeOf, type Page, type SearchHitDoc, type SearchQuery, type ThreadOutcome } from '../store/index.js';

export interface SqliteWorkerData {
  path: string;
  busyTimeoutMs: number;
  cacheMb?: number;
  cursorKeys: Array<{ id: string; secret: Uint8Array }>;
  /** Test-only: each search first waits (blocking this thread) while gate[0] is 0. */
  gate?: Int32Array;
}

const data = workerData as SqliteWorkerData;
const store = await openSearchStore(
  { engine: 'sqlite', path: data.path },
  {
    busyTimeoutMs: data.busyTimeoutMs,
    ...(data.cacheMb !== undefined ? { cacheMb: data.cacheMb } : {}),
    cursorKeys: data.cursorKeys.map((k) => ({ id: k.id, secret: Buffer.from(k.secret) })),
  },
);

export default async function search(query: SearchQuery): Promise<ThreadOutcome<Page<SearchHitDoc>>> {
  if (data.gate) Atomics.wait(data.gate, 0, 0);
  return outcomeOf(() => store.search(query));
}
