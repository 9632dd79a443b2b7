/**
 * The usage recorder writes one batch per flush, whatever arrives meanwhile: a busy server on
 * PostgreSQL used to write back to back (the counts of requests that arrived during a write were
 * written at once after it, again and again), a transaction every 20-40 ms instead of one a
 * second. Counts that arrive during a write are written by the next flush, none lost.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock.js';
import { createLogger } from '../../../server/platform/logger.js';
import type { Store, UsageIncrement } from '../../../server/store/index.js';
import { UsageRecorder } from '../../../server/usage/recorder.js';

function slowStore() {
  const writes: UsageIncrement[][] = [];
  let release: (() => void) | undefined;
  const store = {
    async addUsage(rows: UsageIncrement[]) {
      writes.push(rows);
      await new Promise<void>((resolve) => (release = resolve));
      return true;
    },
  } as unknown as Store;
  return { store, writes, finishWrite: () => release?.() };
}

const event = (partnerId: string) => ({ partnerId, operation: 'getCatalog', seriesId: null, status: 200, streamResolved: false });

describe('usage recorder', () => {
  it('writes what was pending when a flush began, once; what arrives during the write waits for the next flush', async () => {
    const { store, writes, finishWrite } = slowStore();
    const recorder = new UsageRecorder({ store, clock: new ManualClock(Date.parse('2026-11-20T12:00:00Z')), logger: createLogger('silent') });
    recorder.record(event('ptn_a'));
    recorder.record(event('ptn_a'));
    const first = recorder.flush();
    await Promise.resolve();
    expect(writes.length).toBe(1);
    // Requests finishing while the write is under way.
    recorder.record(event('ptn_a'));
    recorder.record(event('ptn_b'));
    finishWrite();
    // One turn of the event loop lets the flush go on to whatever it would write next.
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.length).toBe(1);
    await first;
    expect(writes[0]!.map((r) => [r.partnerId, r.requests])).toEqual([['ptn_a', 2]]);
    expect(recorder.depth()).toBe(2);

    const second = recorder.flush();
    await Promise.resolve();
    finishWrite();
    await second;
    expect(writes.map((w) => w.map((r) => [r.partnerId, r.requests]))).toEqual([[['ptn_a', 2]], [['ptn_a', 1], ['ptn_b', 1]]]);
    expect(recorder.depth()).toBe(0);
  });
});
