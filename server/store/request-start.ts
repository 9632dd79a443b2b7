/**
 * When the request a store operation serves arrived, carried through its async calls. The
 * documented bound of a store operation (StoreCore.guard) is a promise to the request, not to
 * each operation: a request that waited before it reached the store (a search slot, a CPU-starved
 * event loop, another operation of its own) has only the rest of the bound left. The HTTP layer
 * marks the arrival (server/http/store-deadline.ts); work outside a request (usage writes,
 * imports, probes) runs unmarked and gets the whole bound.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const arrivals = new AsyncLocalStorage<number>();

/** The monotonic clock arrivals and deadlines are read on. */
export const monotonicNow = (): number => performance.now();

/** Runs fn as work of a request that arrived at `arrivedAt` (monotonicNow's time). */
export function servingRequestFrom<R>(arrivedAt: number, fn: () => R): R {
  return arrivals.run(arrivedAt, fn);
}

/** When the request being served arrived, or undefined outside a request. */
export function requestArrival(): number | undefined {
  return arrivals.getStore();
}
