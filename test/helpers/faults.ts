/** Injected faults for the test server (test/helpers/server.ts): a store that fails on demand, and a gate that holds searches. */
import { StoreUnavailableError } from '../../server/store/index.js';

export type Fault = 'error' | 'unavailable' | undefined;

/** A gate for StartOptions.searchGate or importGate, closed until open() is called (and again after close()). */
export function searchGate(): { gate: Int32Array; open(): void; close(): void } {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  return {
    gate,
    open() {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
    },
    close() {
      Atomics.store(gate, 0, 0);
    },
  };
}

/** The same kind of gate for import batches (startServer's importGate). */
export const importGate = searchGate;

/** The store (or search backend) with every call but close failing while current() names a fault. */
export function withFaults<S extends object>(store: S, current: () => Fault): S {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || prop === 'close') return value;
      return (...args: unknown[]) => {
        const fault = current();
        if (fault === 'error') return Promise.reject(new Error('injected store failure: SELECT * FROM secret_table'));
        if (fault === 'unavailable') return Promise.reject(new StoreUnavailableError('injected: engine unreachable'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
