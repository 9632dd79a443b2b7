/**
 * SIGTERM while PostgreSQL is stalled, on the real entry (`npm start`): the process exits within
 * its documented bound (SHUTDOWN_TIMEOUT_MS + SHUTDOWN_STORE_TIMEOUT_MS), spooling the usage it
 * could not write (server/usage/spool.ts); once the database is back, the next start replays the
 * spool once, and the partner's usage equals what its client counted, the 503s of the stall in
 * `errors`. The stall is test/helpers/tcp-proxy.ts in `blackhole` mode, for 10 s.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from '../../scripts/lib/processes.js';
import { demoCredentials, startEntry, type Entry } from '../helpers/entry.js';
import { proxyTo, request } from '../helpers/fault-requests.js';
import { createTestSchema, reportSkipped, skipReason, TEST_DATABASE_URL, type TestSchema } from '../helpers/services.js';
import { viaProxy } from '../helpers/tcp-proxy.js';

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('SIGTERM during a PostgreSQL stall', skipped);

const STALL_MS = 10_000;
const SHUTDOWN_TIMEOUT_MS = 2_000;
const SHUTDOWN_STORE_TIMEOUT_MS = 2_000;
/** What a busy 2-core machine may add to a bound: scheduling, not the server's waits. */
const MARGIN_MS = 1_500;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(skipped)('SIGTERM during a PostgreSQL stall', () => {
  it('exits within its bound, spools the usage it could not write, and the next start replays it once', async () => {
    const schema: TestSchema = await createTestSchema();
    cleanups.push(() => schema.drop());
    const spoolDir = mkdtempSync(join(tmpdir(), 'pcas-spool-'));
    cleanups.push(() => rmSync(spoolDir, { recursive: true, force: true }));
    const proxy = await proxyTo(TEST_DATABASE_URL);
    const env = {
      USAGE_SPOOL_DIR: spoolDir,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      SHUTDOWN_STORE_TIMEOUT_MS: String(SHUTDOWN_STORE_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    };
    const first: Entry = await startEntry({ ...env, DATABASE_URL: viaProxy(schema.url, proxy) });
    cleanups.push(async () => void (await first.child.stop()));
    const creds = demoCredentials(first.child.output());

    // What the partner's client counts, per operation: every answer it got.
    const counted = { authenticate: 0, getCatalog: 0, getCatalogErrors: 0 };
    const auth = await request({ url: first.base }, '/api/partner/auth', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(creds) });
    expect(auth.status).toBe(200);
    counted.authenticate += 1;
    const token = ((await (await fetch(`${first.base}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(creds) })).json()) as { access_token: string }).access_token;
    counted.authenticate += 1;
    const catalog = (base: string) => request({ url: base }, '/api/partner/content/catalog?limit=5', { headers: { Authorization: `Bearer ${token}` } });
    for (let i = 0; i < 10; i++) {
      expect((await catalog(first.base)).status).toBe(200);
      counted.getCatalog += 1;
    }

    proxy.set('blackhole');
    const stalledAt = performance.now();
    for (const answer of await Promise.all([catalog(first.base), catalog(first.base), catalog(first.base)])) {
      expect(answer.status).toBe(503);
      counted.getCatalog += 1;
      counted.getCatalogErrors += 1;
    }

    const stopping = performance.now();
    const stopped = await first.child.stop();
    const stopMs = performance.now() - stopping;
    expect(stopped).toMatchObject({ code: 0, killed: false });
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + SHUTDOWN_STORE_TIMEOUT_MS + MARGIN_MS);
    expect(first.child.output()).toMatch(/"level":40[^\n]*usage counts not written to the store in time were spooled/);
    expect(readdirSync(spoolDir).filter((n) => n.startsWith('usage-spool-'))).toHaveLength(1);
    expect(performance.now() - stalledAt).toBeLessThan(STALL_MS);

    // The stall lasts its 10 s whatever the instance does; then the database is back.
    await sleep(STALL_MS - (performance.now() - stalledAt));
    proxy.set('up');
    const second = await startEntry({ ...env, DATABASE_URL: schema.url });
    cleanups.push(async () => void (await second.child.stop()));
    expect(second.child.output()).toMatch(/"level":40[^\n]*replayed spooled usage counts/);
    expect(readdirSync(spoolDir)).toEqual([]);

    const day = new Date().toISOString().slice(0, 10);
    const rows = async () => {
      const res = await fetch(`${second.base}/api/partner/analytics/usage?from=${day}&to=${day}&group_by=operation`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { items: Array<{ key: string; requests: number; errors: number }> };
      return Object.fromEntries(body.items.map((r) => [r.key, { requests: r.requests, errors: r.errors }]));
    };
    expect(await rows()).toMatchObject({
      authenticate: { requests: counted.authenticate, errors: 0 },
      getCatalog: { requests: counted.getCatalog, errors: counted.getCatalogErrors },
    });
  });
});
