/**
 * Catalog imports on a worker thread of their own (import-worker.ts), with its own read-write
 * connection to the file. node:sqlite runs every statement synchronously, so a batch imported on
 * the server's thread held every request for its whole transaction (0.26 s for 100 series);
 * here the thread only waits. The server's reads go on beside it (WAL), and its own writes wait
 * for the batch's write lock on timers (store.ts). One thread, started by the first import and
 * ended after a minute without one, so an instance that is not importing pays no memory for it.
 */
import { Piscina } from 'piscina';
import { valueOf, type ThreadOutcome } from '../thread-outcome.js';
import { workerModule } from '../../platform/worker-module.js';
import type { ImportResult, ImportSeries } from '../records.js';

export interface ImportWorkerData {
  path: string;
  busyTimeoutMs: number;
  cacheMb?: number;
  /** Test-only: each task first waits (blocking that thread, as a slow batch would) while gate[0] is 0. */
  gate?: Int32Array;
}

export type ImportTask = { kind: 'import'; series: ImportSeries[]; now: string } | { kind: 'tidy'; totals: ImportResult };

export interface ImportThread {
  run(task: ImportTask): Promise<ImportResult | null>;
  close(): Promise<void>;
}

const IDLE_MS = 60_000;

export function importThread(data: ImportWorkerData): ImportThread {
  let pool: Piscina | undefined;
  return {
    async run(task) {
      pool ??= new Piscina({ ...workerModule(import.meta.url, 'import-worker'), workerData: data, minThreads: 0, maxThreads: 1, idleTimeout: IDLE_MS });
      // No label: a failed import's message reaches the job's report as it is.
      return valueOf((await pool.run(task)) as ThreadOutcome<ImportResult | null>);
    },
    async close() {
      await pool?.destroy();
    },
  };
}
