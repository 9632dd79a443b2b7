/**
 * The webhook claim's statement (shared/webhook-outbox.ts, claimStatement) as SQLite plans it:
 * driven from the endpoints, each endpoint's earliest pending delivery found by a seek in the
 * partial index of pending rows, and the delivery itself by its key, so no step reads an
 * endpoint's history of delivered rows (docs/performance.md#webhook-claim). The planner's choice
 * can move with a SQLite release, so this asks the planner of the SQLite Node ships; the control
 * shows that without the index the same statement reads each endpoint's whole history.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/index.js';
import { claimStatement } from '../../../server/store/shared/webhook-outbox.js';
import { eventWriter } from '../../helpers/partner-events.js';
import { removeTmpDbs, tmpDbPath } from '../../store/engines.js';
import { planOf } from '../../store/sqlite-statements.js';
import { pid, T0 } from '../../store/fixtures.js';

const P = pid('p');
const at = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();
let raw: DatabaseSync;

beforeAll(async () => {
  const path = tmpDbPath();
  const store = await openStore(path);
  await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: T0 });
  for (const id of ['whe_aaaaaaaaaaa', 'whe_bbbbbbbbbbb']) {
    await store.webhookTransact((tx) => tx.createWebhookEndpoint({ id, partnerId: P, url: `https://${id}.example/`, description: '', eventTypes: ['series.granted'], secret: 'a2V5', now: T0 }));
  }
  const events = eventWriter(path);
  for (let i = 0; i < 300; i += 1) await events.add(P, 'series.granted');
  await events.close();
  await store.fillWebhookOutbox(at(0), 500);
  // Most of each endpoint's history delivered, as in a long-running outbox.
  for (let i = 0; i < 250; i += 1) {
    for (const d of await store.claimWebhookDeliveries(`x:${i}`, at(1), at(30), 2)) await store.recordWebhookAttempt(`x:${i}`, d, { kind: 'delivered', statusCode: 204 }, at(2));
  }
  await store.close();
  raw = new DatabaseSync(path);
});

afterAll(async () => {
  raw?.close();
  await removeTmpDbs();
});

const claim = () => claimStatement('sqlite', { by: 'x:plan', now: at(3), leaseUntil: at(30), limit: 4 });
const plan = () => planOf(raw, claim()).map((step) => step.detail);

describe("the webhook claim's plan (SQLite)", () => {
  // A new deployment's webhook tables have no statistics; a long-running one's may.
  it.each(['without statistics', 'with statistics'])("seeks each endpoint's earliest pending delivery in the pending index and reads no delivery history, %s", (when) => {
    if (when === 'with statistics') raw.exec('analyze');
    const steps = plan();
    expect(steps).toContain('SEARCH p USING COVERING INDEX webhook_deliveries_pending (endpoint_id=?)');
    expect(steps.filter((s) => /^SEARCH d /.test(s))).toEqual([expect.stringMatching(/\(endpoint_id=\? AND event_seq=\?\)$/)]);
    expect(steps.filter((s) => /^SCAN (d|p|webhook_deliveries)\b/.test(s))).toEqual([]);
  });

  it("control: without the pending index the same statement reads each endpoint's whole history", () => {
    raw.exec('savepoint control; drop index webhook_deliveries_pending');
    try {
      // The earliest pending delivery is then looked for among every delivery the endpoint ever had.
      expect(plan().find((s) => s.startsWith('SEARCH p '))).not.toMatch(/webhook_deliveries_pending/);
    } finally {
      raw.exec('rollback to control; release control');
    }
  });
});
