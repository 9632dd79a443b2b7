import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError } from '../../../server/store/index.js';
import { servingRequestFrom } from '../../../server/store/request-start.js';
import type { Database } from '../../../server/store/shared/schema.js';
import { StoreCore } from '../../../server/store/shared/core.js';

const BOUND_MS = 1_000;

/** A core whose clock the test sets, over a database nothing reaches. */
function core() {
  const clock = { now: 10_000 };
  const store = new StoreCore({
    engine: 'postgres',
    db: {} as Kysely<Database>,
    isUnavailable: () => false,
    writeTransaction: () => Promise.reject(new Error('unused')),
    operationTimeoutMs: BOUND_MS,
    now: () => clock.now,
  });
  return { store, clock };
}

const never = () => new Promise<never>(() => undefined);

/** Settles p's outcome into a value the test can look at without awaiting it. */
function watch(p: Promise<unknown>) {
  const seen: { error?: unknown; settled: boolean } = { settled: false };
  p.then(
    () => (seen.settled = true),
    (error: unknown) => Object.assign(seen, { settled: true, error }),
  );
  return seen;
}

describe('the bound of a store operation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the whole bound for work outside a request', async () => {
    const { store } = core();
    const seen = watch(store.guard(never));
    await vi.advanceTimersByTimeAsync(BOUND_MS - 1);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.error).toBeInstanceOf(StoreUnavailableError);
  });

  it('counts from the arrival of the request it serves, however long the request waited before', async () => {
    const { store, clock } = core();
    const arrived = clock.now;
    clock.now += 700;
    const seen = watch(servingRequestFrom(arrived, () => store.guard(never)));
    await vi.advanceTimersByTimeAsync(299);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.error).toBeInstanceOf(StoreUnavailableError);
  });

  it('refuses at once, without starting the work, when the request has no bound left', async () => {
    const { store, clock } = core();
    const arrived = clock.now;
    clock.now += BOUND_MS;
    const work = vi.fn(never);
    await expect(servingRequestFrom(arrived, () => store.guard(work))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(work).not.toHaveBeenCalled();
  });

  it('leaves no timer behind when the work throws before it starts', async () => {
    const { store } = core();
    await expect(store.paged({ limit: 0 }, never)).rejects.toBeInstanceOf(RangeError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is not applied to unbounded work (imports, migrations)', async () => {
    const { store, clock } = core();
    const arrived = clock.now;
    clock.now += BOUND_MS * 5;
    await expect(servingRequestFrom(arrived, () => store.guard(() => Promise.resolve('done'), false))).resolves.toBe('done');
  });
});
