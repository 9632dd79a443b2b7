/**
 * At most `max` requests on the wire at once for one client (its `maxConcurrency` option): the
 * others wait their turn in order. A slot is held for one attempt, never during a wait between
 * attempts, so a call sleeping out a 429 does not hold back the calls behind it.
 */

/** Runs `attempt` once a slot is free; a caller's AbortSignal takes it out of the queue. */
export type Slots = <T>(attempt: () => Promise<T>, signal: AbortSignal | undefined) => Promise<T>;

export function concurrencyLimit(max: number): Slots {
  let busy = 0;
  const waiting: Array<() => void> = [];

  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    signal?.throwIfAborted();
    if (busy < max) {
      busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        waiting.splice(waiting.indexOf(granted), 1);
        reject(signal!.reason);
      };
      // Called with the slot handed over: `busy` already counts it.
      const granted = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiting.push(granted);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  return async (attempt, signal) => {
    await acquire(signal);
    try {
      return await attempt();
    } finally {
      release();
    }
  };
}
