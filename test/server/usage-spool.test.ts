/**
 * The usage spool (server/usage/spool.ts) on a real SQLite store: a stop that the store does not
 * answer in time spools what is left, within its bound; a replay writes each batch once, skipping
 * one whose write had committed unheard; a spool file is replayed by one instance only, and a
 * file whose claimant died mid-replay is replayed by a later start.
 */
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/platform/clock.js';
import { createPartner } from '../../server/services/partner-credentials.js';
import { openStore, StoreUnavailableError, type Store } from '../../server/store/index.js';
import { UsageRecorder } from '../../server/usage/recorder.js';
import { UsageSpool } from '../../server/usage/spool.js';

const clock = new ManualClock();
const DAY = new Date(clock.now()).toISOString().slice(0, 10);
const NOW = new Date(clock.now()).toISOString();
const logger = pino({ level: 'silent' });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-spool-'));
  const store = await openStore(join(dir, 'catalog.db'));
  cleanups.push(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const { partner } = await createPartner(store, 'Spool Partner', NOW);
  const spoolDir = join(dir, 'spool');
  const requests = async () => (await store.queryUsage({ partnerId: partner.id, from: DAY, to: DAY, groupBy: 'day', limit: 10 })).totals.requests;
  return { store, partnerId: partner.id, spoolDir, requests };
}

/** The store with addUsage replaced while `mode` says so: commit then lose the reply, or never answer. */
function faulty(store: Store, mode: { current: 'lose-reply' | 'hang' | undefined }): Store {
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop !== 'addUsage' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Store['addUsage']>) => {
        if (mode.current === 'hang') return new Promise<boolean>(() => {});
        const applied = await target.addUsage(...args);
        if (mode.current === 'lose-reply') throw new StoreUnavailableError('injected: the reply to COMMIT was lost');
        return applied;
      };
    },
  });
}

const event = (partnerId: string) => ({ partnerId, operation: 'getCatalog', seriesId: null, status: 200, streamResolved: false });

describe('usage spool', () => {
  it('a stop the store never answers spools within its bound, and the replay writes each batch once', async () => {
    const { store, partnerId, spoolDir, requests } = await setUp();
    const mode: { current: 'lose-reply' | 'hang' | undefined } = { current: 'lose-reply' };
    const recorder = new UsageRecorder({ store: faulty(store, mode), clock, logger });
    for (let i = 0; i < 3; i++) recorder.record(event(partnerId));
    await recorder.flush(); // committed, but the recorder heard a failure: batch 1 is kept as it was
    expect(await requests()).toBe(3);
    for (let i = 0; i < 2; i++) recorder.record(event(partnerId));

    mode.current = 'hang';
    const started = performance.now();
    await recorder.stop({ timeoutMs: 200, spool: new UsageSpool({ dir: spoolDir, logger }) });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(recorder.depth()).toBe(0);
    expect(readdirSync(spoolDir)).toHaveLength(1);

    // Batch 1 (3 requests, applied before) is skipped; batch 2 (2 requests) is written.
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(store, NOW)).toBe(2);
    expect(await requests()).toBe(5);
    expect(readdirSync(spoolDir)).toEqual([]);
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(store, NOW)).toBe(0);
    expect(await requests()).toBe(5);
  });

  it('two instances starting together replay a spool file once between them', async () => {
    const { store, partnerId, spoolDir, requests } = await setUp();
    const recorder = new UsageRecorder({ store: faulty(store, { current: 'hang' }), clock, logger });
    for (let i = 0; i < 4; i++) recorder.record(event(partnerId));
    await recorder.stop({ timeoutMs: 50, spool: new UsageSpool({ dir: spoolDir, logger }) });
    const replayed = await Promise.all([0, 1].map(() => new UsageSpool({ dir: spoolDir, logger }).replay(store, NOW)));
    expect(replayed.sort()).toEqual([0, 4]);
    expect(await requests()).toBe(4);
  });

  it('replays a file whose claimant died mid-replay once the claim is stale, never while it is fresh', async () => {
    const { store, partnerId, spoolDir, requests } = await setUp();
    const recorder = new UsageRecorder({ store: faulty(store, { current: 'hang' }), clock, logger });
    for (let i = 0; i < 3; i++) recorder.record(event(partnerId));
    await recorder.stop({ timeoutMs: 50, spool: new UsageSpool({ dir: spoolDir, logger }) });
    // What an instance killed with -9 while replaying leaves: the file under its claim.
    const [file] = readdirSync(spoolDir);
    renameSync(join(spoolDir, file!), join(spoolDir, `${file}.replaying-${Date.parse(NOW)}-4242`));
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(store, NOW)).toBe(0);
    const later = new Date(Date.parse(NOW) + 5 * 60_000).toISOString();
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(store, later)).toBe(3);
    expect(readdirSync(spoolDir)).toEqual([]);
    expect(await requests()).toBe(3);
  });

  it('keeps a spool file the store cannot take now, for the next start', async () => {
    const { store, partnerId, spoolDir, requests } = await setUp();
    const recorder = new UsageRecorder({ store: faulty(store, { current: 'hang' }), clock, logger });
    recorder.record(event(partnerId));
    await recorder.stop({ timeoutMs: 50, spool: new UsageSpool({ dir: spoolDir, logger }) });
    const down = new Proxy(store, {
      get: (target, prop) => (prop === 'addUsage' ? async () => Promise.reject(new StoreUnavailableError('injected: down')) : (Reflect.get(target, prop) as unknown)),
    });
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(down, NOW)).toBe(0);
    expect(readdirSync(spoolDir).filter((n) => n.endsWith('.json'))).toHaveLength(1);
    expect(await new UsageSpool({ dir: spoolDir, logger }).replay(store, NOW)).toBe(1);
    expect(await requests()).toBe(1);
  });
});
