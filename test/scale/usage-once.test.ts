/**
 * Usage is counted exactly once when a flush's commit succeeds but its writer never hears so: the
 * recorder keeps the counts and writes them again, and the store must recognise the batch.
 *
 * On PostgreSQL the fault is real: the store reaches the database through a TCP proxy that lets
 * the COMMIT through and loses its reply, so the flush times out on the client after the
 * database committed. SQLite has no network to lose a reply on; there the store's answer to a
 * committed write is replaced by the error a timeout would give, at the store's interface.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/platform/clock.js';
import { openStore, StoreUnavailableError, type Store } from '../../server/store/index.js';
import { createLogger } from '../../server/platform/logger.js';
import { UsageRecorder } from '../../server/usage/recorder.js';
import { proxyTo } from '../helpers/fault-requests.js';
import { createTestSchema, reportSkipped, skipReason, TEST_DATABASE_URL, type TestSchema } from '../helpers/services.js';
import { viaProxy } from '../helpers/tcp-proxy.js';

const PARTNER = 'ptn_usageonce01';
const DAY = '2026-11-20';

interface Faulty {
  /** The store the recorder writes to. */
  store: Store;
  /** A store that sees what was committed, whatever the fault. */
  check: Store;
  /** Makes the next usage write commit and then fail as a lost reply does; resolves once it has been sent. */
  loseNextReply(): Promise<void>;
  /** Lifts the fault. */
  heal(): void;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sqliteFaulty(): Promise<Faulty> {
  const dir = mkdtempSync(join(tmpdir(), 'usage-once-'));
  const real = await openStore(join(dir, 'catalog.db'));
  cleanups.push(async () => {
    await real.close();
    rmSync(dir, { recursive: true, force: true });
  });
  let lose: (() => void) | undefined;
  const store = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop !== 'addUsage') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Store['addUsage']>) => {
        await target.addUsage(...args);
        const sent = lose;
        lose = undefined;
        if (sent) {
          sent();
          throw new StoreUnavailableError('sqlite store did not answer in time (injected after the commit)');
        }
      };
    },
  });
  return { store, check: real, loseNextReply: () => new Promise<void>((resolve) => (lose = resolve)), heal: () => (lose = undefined) };
}

async function postgresFaulty(): Promise<Faulty> {
  const proxy = await proxyTo(TEST_DATABASE_URL);
  const schema: TestSchema = await createTestSchema();
  const store = await openStore(viaProxy(schema.url, proxy), { connectTimeoutMs: 1000, statementTimeoutMs: 1000 });
  const check = await openStore(schema.url);
  cleanups.push(async () => {
    await store.close();
    await check.close();
    await schema.drop();
  });
  return { store, check, loseNextReply: () => proxy.stallRepliesAfter(/\bcommit\b/i), heal: () => proxy.set('up') };
}

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('Usage counted once on PostgreSQL', skipped);
const engines: Array<[string, () => Promise<Faulty>]> = [['sqlite', sqliteFaulty], ...(skipped ? [] : [['postgres', postgresFaulty] as [string, () => Promise<Faulty>]])];

describe.each(engines)('usage counted exactly once (%s)', (_name, faulty) => {
  it('does not count a flush twice when its commit succeeded but the reply was lost', async () => {
    const { store, check, loseNextReply, heal } = await faulty();
    await store.createPartner({ id: PARTNER, name: 'Usage once', apiKey: `pk_${PARTNER}`, secretHash: 'h', now: `${DAY}T00:00:00Z` });
    let logs = '';
    const logger = createLogger('debug', new Writable({ write: (chunk, _enc, done) => void ((logs += String(chunk)), done()) }));
    const recorder = new UsageRecorder({ store, clock: new ManualClock(Date.parse(`${DAY}T12:00:00Z`)), logger });
    const record = (n: number) => {
      for (let i = 0; i < n; i++) recorder.record({ partnerId: PARTNER, operation: 'getCatalog', seriesId: null, status: 200, streamResolved: false });
    };
    const counted = async () => (await check.queryUsage({ partnerId: PARTNER, from: DAY, to: DAY, groupBy: 'day', limit: 1 })).totals.requests;

    record(7);
    const lost = loseNextReply();
    await recorder.flush();
    await lost;
    // The writer saw a failure and kept its counts, though the database has them.
    expect(logs).toMatch(/usage flush failed/);
    expect(recorder.depth()).toBe(1);
    expect(await counted()).toBe(7);

    heal();
    record(2); // counted meanwhile: written with the next batch
    await recorder.flush();
    expect(recorder.depth()).toBe(0);
    expect(await counted()).toBe(9);
    await recorder.flush();
    expect(await counted()).toBe(9);
  });
});
