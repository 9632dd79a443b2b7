import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { warmUp } from '../../../server/platform/warm-up.js';

const logger = () => ({ info: vi.fn() });

describe('warmUp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the steps together and logs at info what was warmed, what stayed cold and how long it took', async () => {
    const log = logger();
    const result = await warmUp({ steps: { a: () => Promise.resolve(), b: () => Promise.reject(new Error('no')) }, timeoutMs: 1_000, logger: log, now: () => 0 });
    expect(result).toEqual({ warmed: ['a'], cold: ['b'], ms: 0 });
    expect(log.info).toHaveBeenCalledWith(result, 'warm-up done');
  });

  it('ends at its bound, leaving a step that has not finished cold', async () => {
    let t = 0;
    const running = warmUp({ steps: { slow: () => new Promise(() => undefined), quick: () => Promise.resolve() }, timeoutMs: 500, logger: logger(), now: () => t });
    t = 500;
    await vi.advanceTimersByTimeAsync(500);
    await expect(running).resolves.toEqual({ warmed: ['quick'], cold: ['slow'], ms: 500 });
  });

  it('skips every step with a bound of 0', async () => {
    const step = vi.fn(() => Promise.resolve());
    await expect(warmUp({ steps: { step }, timeoutMs: 0, logger: logger() })).resolves.toMatchObject({ warmed: [], cold: ['step'] });
    expect(step).not.toHaveBeenCalled();
  });
});
