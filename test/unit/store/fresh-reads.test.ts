import { describe, expect, it } from 'vitest';
import { FreshReads } from '../../../server/store/postgres/fresh-reads.js';

/** A read whose results the test hands out, one per started read. */
function controlledReads() {
  const started: Array<{ key: string; resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const reads = new FreshReads<string, string>(
    (key) =>
      new Promise<string>((resolve, reject) => {
        started.push({ key, resolve, reject });
      }),
  );
  return { reads, started };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FreshReads', () => {
  it('never answers a caller with a read that began before it asked, and shares the next read among everyone who waited', async () => {
    const { reads, started } = controlledReads();
    const first = reads.get('p');
    expect(started).toHaveLength(1);
    // Asked while the first read runs (it may predate them): they wait for a second read.
    const second = reads.get('p');
    const third = reads.get('p');
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.resolve('v1');
    expect(await first).toBe('v1');
    await tick();
    expect(started).toHaveLength(2);
    const fourth = reads.get('p'); // asked while the second read runs: a third read
    started[1]!.resolve('v2');
    expect([await second, await third]).toEqual(['v2', 'v2']);
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.resolve('v3');
    expect(await fourth).toBe('v3');
  });

  it('keeps keys apart, passes failures to the callers that shared them, and reads again afterwards', async () => {
    const { reads, started } = controlledReads();
    const a = reads.get('a');
    const b = reads.get('b');
    expect(started.map((s) => s.key)).toEqual(['a', 'b']);
    started[0]!.reject(new Error('store down'));
    started[1]!.resolve('b1');
    await expect(a).rejects.toThrow('store down');
    expect(await b).toBe('b1');
    const again = reads.get('a');
    expect(started).toHaveLength(3);
    started[2]!.resolve('a2');
    expect(await again).toBe('a2');
  });
});
