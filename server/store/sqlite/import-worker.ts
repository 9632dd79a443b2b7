/**
 * The import thread (import-thread.ts starts it through piscina): a read-write connection of its
 * own, on which batches and the tidying after a bulk import run as they would in the server's
 * thread, without blocking it.
 */
import { workerData } from 'node:worker_threads';
import { isUnavailableError } from './connection.js';
import { outcomeOf, type ThreadOutcome } from '../thread-outcome.js';
import type { ImportResult } from '../records.js';
import type { ImportTask, ImportWorkerData } from './import-thread.js';
import { openSqliteStore } from './store.js';

const data = workerData as ImportWorkerData;
// Opened without an import thread: this thread is the one.
const store = openSqliteStore(data.path, { busyTimeoutMs: data.busyTimeoutMs, ...(data.cacheMb !== undefined ? { cacheMb: data.cacheMb } : {}) });

export default async function runImportTask(task: ImportTask): Promise<ThreadOutcome<ImportResult | null>> {
  if (data.gate) Atomics.wait(data.gate, 0, 0);
  return outcomeOf(async () => {
    if (task.kind === 'import') return store.importCatalog(task.series, task.now);
    await store.afterBulkImport(task.totals);
    return null;
  }, isUnavailableError);
}
