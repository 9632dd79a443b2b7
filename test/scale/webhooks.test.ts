/**
 * Webhook deliveries across real `npm start` processes: kill -9 of the instance delivering loses
 * nothing (its lease passes, another instance sends again: at least once), and three instances on
 * one PostgreSQL schema deliver each event exactly once to the receiver (counted by webhook-id),
 * in order per partner. Events are written straight to partner_events, as the change feed does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Child } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { startEntry } from '../helpers/entry.js';
import { eventWriter } from '../helpers/partner-events.js';
import { createTestSchema, reportSkipped, skipReason, type TestSchema } from '../helpers/services.js';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const HOOKS = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '20', WEBHOOK_JITTER_PERCENT: '0' };
const children: Child[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.stop()));
  for (const c of cleanups.splice(0)) await c();
});

async function admin<T>(databaseUrl: string, ...args: string[]): Promise<T> {
  const result = await runCli([...args, '--json'], { DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE: '1' });
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** A partner with an endpoint for series.granted at the receiver: the partner's id. */
async function hookedPartner(databaseUrl: string, receiver: WebhookReceiver, name: string): Promise<string> {
  const { partner_id: partner } = await admin<{ partner_id: string }>(databaseUrl, 'partner', 'create', '--name', name);
  await admin(databaseUrl, 'webhook', 'create', partner, '--url', receiver.url, '--events', 'series.granted');
  return partner;
}

const poll = (fn: () => unknown) => expect.poll(fn, { timeout: 60_000, interval: 50 });

describe('webhooks across processes', () => {
  it('loses nothing when the delivering instance is killed with SIGKILL mid-delivery', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pcas-hooks-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = join(dir, 'catalog.db');
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const partner = await hookedPartner(db, receiver, 'Crash Media');
    // The receiver takes the first delivery and never answers; the lease outlasts the 3 s timeout (2 x 3 + 2 s).
    receiver.mode = 'hang';
    const env = { ...HOOKS, DATABASE_URL: db, USAGE_SPOOL_DIR: dir, WEBHOOK_TIMEOUT_MS: '3000' };
    const first = await startEntry(env);
    children.push(first.child);
    const events = eventWriter(db);
    cleanups.push(() => events.close());
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await events.add(partner, 'series.granted'));
    await poll(() => receiver.received.length).toBe(1);
    process.kill(first.child.pid, 'SIGKILL');
    await first.child.exited;
    receiver.mode = 'ok';
    children.push((await startEntry(env)).child);
    await poll(() => receiver.accepted()).toEqual(ids);
    // At least once: the first event reached the receiver twice (the killed attempt and its redelivery), the rest once.
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([ids[0], ...ids]);
  }, 180_000);

  const skipped = skipReason({ postgres: true });
  if (skipped) reportSkipped('Webhooks on three PostgreSQL instances', skipped);
  describe.skipIf(skipped)('three instances on PostgreSQL', () => {
    let schema: TestSchema;
    afterAll(async () => schema?.drop());

    it('deliver each event exactly once, in order per partner', async () => {
      schema = await createTestSchema();
      const receiver = await startReceiver();
      cleanups.push(() => receiver.close());
      const partners = [await hookedPartner(schema.url, receiver, 'North'), await hookedPartner(schema.url, receiver, 'South')];
      const env = { ...HOOKS, DATABASE_URL: schema.url, NODE_ENV: 'development' };
      const started = await Promise.all([0, 1, 2].map(() => startEntry(env)));
      children.push(...started.map((s) => s.child));
      const events = eventWriter(schema.url);
      cleanups.push(() => events.close());
      const ids: Record<string, string[]> = { [partners[0]!]: [], [partners[1]!]: [] };
      for (let i = 0; i < 40; i += 1) {
        const partner = partners[i % 2]!;
        ids[partner]!.push(await events.add(partner, 'series.granted'));
      }
      const all = Object.values(ids).flat();
      await poll(() => new Set(receiver.accepted()).size).toBe(all.length);
      // Every delivery is recorded as made once before the test counts what the receiver got.
      for (const partner of partners) {
        await poll(async () => (await admin<{ deliveries: Array<{ status: string; attempts: number }> }>(schema.url, 'webhook', 'deliveries', partner, '--limit', '100')).deliveries.map((d) => `${d.status}:${d.attempts}`)).toEqual(Array(20).fill('delivered:1'));
      }
      expect(receiver.received).toHaveLength(all.length);
      for (const partner of partners) {
        const got = receiver.received.map((r) => String(r.headers['webhook-id'])).filter((id) => ids[partner]!.includes(id));
        expect(got).toEqual(ids[partner]);
      }
    }, 240_000);
  });
});
