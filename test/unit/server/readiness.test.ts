import { describe, expect, it } from 'vitest';
import { StoreReadiness } from '../../../server/http/readiness.js';

/** A store whose pings stay pending until the test answers them. */
function pingable() {
  const pending: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  return {
    pings: pending,
    store: { ping: () => new Promise<void>((resolve, reject) => void pending.push({ resolve, reject })) },
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StoreReadiness (injected monotonic clock)', () => {
  it('pings an idle store once per period, never twice at once, and turns unready when a ping waits longer than the timeout', async () => {
    let now = 0;
    const { store, pings } = pingable();
    const readiness = new StoreReadiness({ store, timeoutMs: 500, now: () => now });
    readiness.check();
    expect(pings).toHaveLength(0); // the store answered (at start) within the period
    now = 500;
    readiness.check();
    readiness.check();
    expect(pings).toHaveLength(1);
    expect(readiness.ready).toBe(true);
    now = 999;
    expect(readiness.ready).toBe(true);
    now = 1000;
    expect(readiness.ready).toBe(false); // the ping has waited the whole timeout: a stall
    pings[0]!.resolve();
    await settle();
    expect(readiness.ready).toBe(true);
  });

  it('skips the ping while operations answer, and follows their failures at once', async () => {
    let now = 0;
    const { store, pings } = pingable();
    const readiness = new StoreReadiness({ store, timeoutMs: 500, now: () => now });
    for (now = 400; now < 5000; now += 400) {
      readiness.available();
      readiness.check();
    }
    expect(pings).toHaveLength(0);
    readiness.unavailable();
    expect(readiness.ready).toBe(false);
    // A failed store is pinged at the next check, however recent its last answer.
    readiness.check();
    expect(pings).toHaveLength(1);
    pings[0]!.reject(new Error('refused'));
    await settle();
    expect(readiness.ready).toBe(false);
    readiness.check();
    pings[1]!.resolve();
    await settle();
    expect(readiness.ready).toBe(true);
  });
});
