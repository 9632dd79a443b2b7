/**
 * Where searches run (search/executor.ts decides when):
 *
 * - SQLite file: a piscina pool of worker threads (sqlite-worker.ts), each with its own
 *   read-only connection. Ranking at a million episodes takes milliseconds of CPU that, on the
 *   event loop, every other partner's request would wait behind.
 * - PostgreSQL: a store of its own over the same database with a pool of `workers`
 *   connections, so searches never take the connections that authentication and catalog reads
 *   need.
 * - SQLite in memory (the demo, some tests): the store itself, in this thread; no other
 *   connection can see an in-memory database.
 */
import { Piscina } from 'piscina';
import { openSearchStore, parseDatabaseUrl, valueOf, type CatalogSearch, type OpenStoreOptions, type Page, type SearchHitDoc, type SecretKey, type ThreadOutcome } from '../store/index.js';
import { workerModule } from '../platform/worker-module.js';
import type { SearchBackend } from './executor.js';
import type { SqliteWorkerData } from './sqlite-worker.js';

export interface SearchBackendOptions {
  databaseUrl: string;
  database: OpenStoreOptions;
  /** The store the rest of the service uses (searched in this thread when nothing else can). */
  store: CatalogSearch;
  cursorKeys: SecretKey[];
  workers: number;
  /**
   * Test-only: while gate[0] is 0 every search waits before it runs; a worker thread blocks
   * (as a slow query would), elsewhere the wait is asynchronous.
   */
  gate?: Int32Array;
}

/** Atomics.waitAsync (Node has it; the project's TypeScript lib, ES2022, does not declare it). */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number): { value: Promise<string> | string } }).waitAsync;

async function passGate(gate: Int32Array | undefined): Promise<void> {
  if (gate) await waitAsync(gate, 0, 0).value;
}

function inProcess(store: CatalogSearch, gate: Int32Array | undefined, close: () => Promise<void>): SearchBackend {
  return {
    async search(query) {
      await passGate(gate);
      return store.search(query);
    },
    close,
  };
}

function sqliteWorkers(path: string, options: SearchBackendOptions): SearchBackend {
  const workerData: SqliteWorkerData = {
    path,
    busyTimeoutMs: options.database.busyTimeoutMs ?? 5_000,
    ...(options.database.cacheMb !== undefined ? { cacheMb: options.database.cacheMb } : {}),
    cursorKeys: options.cursorKeys.map((k) => ({ id: k.id, secret: new Uint8Array(k.secret) })),
    ...(options.gate ? { gate: options.gate } : {}),
  };
  // Threads start with the first searches (an instance that never searches pays nothing) and then
  // stay. The executor never hands piscina more than `workers` tasks, so its own queue stays empty.
  const pool = new Piscina({ ...workerModule(import.meta.url, 'sqlite-worker'), workerData, minThreads: 0, maxThreads: options.workers, idleTimeout: Infinity, concurrentTasksPerWorker: 1 });
  return {
    async search(query) {
      return valueOf((await pool.run(query)) as ThreadOutcome<Page<SearchHitDoc>>, 'search worker');
    },
    close: () => pool.destroy(),
  };
}

/** The backend for the configured database. */
export async function openSearchBackend(options: SearchBackendOptions): Promise<SearchBackend> {
  const target = parseDatabaseUrl(options.databaseUrl);
  if (target.engine === 'sqlite') {
    return target.path === ':memory:' ? inProcess(options.store, options.gate, async () => {}) : sqliteWorkers(target.path, options);
  }
  const store = await openSearchStore(target, { ...options.database, poolMax: options.workers, cursorKeys: options.cursorKeys });
  return inProcess(store, options.gate, () => store.close());
}
