/**
 * Store contract for the webhook outbox, on both engines: filling from partner_events (only
 * subscribed types of enabled endpoints, only events after the endpoint was made, idempotent),
 * claims in order per endpoint with a lease, attempts recorded only by the claim holding it.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../server/store/index.js';
import { eventWriter, type EventWriter } from '../helpers/partner-events.js';
import { skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpDbPath, tmpSchema } from './engines.js';
import { pid, T0 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const B = pid('b');
const at = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

const URLS: Array<[string, () => Promise<string>]> = [
  ['sqlite', async () => tmpDbPath()],
  ...(skipReason({ postgres: true }) ? [] : [['postgres', async () => (await tmpSchema()).url] as [string, () => Promise<string>]]),
];

describe.each(URLS)('Store webhook outbox (%s)', (_name, databaseUrl) => {
  let store: Store;
  let events: EventWriter;
  const endpoint = (id: string, partnerId: string, eventTypes: string[]) =>
    store.webhookTransact((tx) => tx.createWebhookEndpoint({ id, partnerId, url: `https://${id}.example/`, description: '', eventTypes, secret: 'a2V5', now: T0 }));
  const claim = (by: string, now: number, limit = 10) => store.claimWebhookDeliveries(by, at(now), at(now + 30), limit);

  beforeEach(async () => {
    const url = await databaseUrl();
    store = await openStore(url);
    events = eventWriter(url);
    for (const [id, apiKey] of [[A, 'key-a'], [B, 'key-b']] as const) await store.createPartner({ id, name: id, apiKey, secretHash: 'h', now: T0 });
  });
  afterEach(async () => {
    await events.close();
    await store.close();
  });

  it('fills the outbox once per subscribed event of an enabled endpoint, from its creation on', async () => {
    await events.add(A, 'series.granted');
    await endpoint('whe_aaaaaaaaaaa', A, ['series.granted', 'episode.added']);
    await endpoint('whe_bbbbbbbbbbb', B, ['series.granted']);
    const granted = await events.add(A, 'series.granted');
    await events.add(A, 'episode.removed');
    await events.add(B, 'series.withdrawn');
    const added = await events.add(A, 'episode.added');
    expect(await store.fillWebhookOutbox(at(0), 500)).toBe(2);
    expect(await store.fillWebhookOutbox(at(0), 500)).toBe(0);
    const log = await store.listWebhookDeliveries({ partnerId: A, limit: 10 });
    expect(log.items.map((d) => [d.eventId, d.status, d.attempts])).toEqual([[added, 'pending', 0], [granted, 'pending', 0]]);
    expect((await store.listWebhookDeliveries({ partnerId: B, limit: 10 })).items).toEqual([]);
  });

  it('claims only the earliest pending delivery of each endpoint, and the next once it is delivered', async () => {
    await endpoint('whe_aaaaaaaaaaa', A, ['series.granted']);
    const ids = [await events.add(A, 'series.granted'), await events.add(A, 'series.granted'), await events.add(A, 'series.granted')];
    await store.fillWebhookOutbox(at(0), 500);
    const [first, ...rest] = await claim('x:1', 1);
    expect([first?.eventId, rest]).toEqual([ids[0], []]);
    expect(first).toMatchObject({ url: 'https://whe_aaaaaaaaaaa.example/', secrets: ['a2V5'], eventType: 'series.granted', attempts: 0 });
    // Failed, retried at 60: the later events wait behind it.
    expect(await store.recordWebhookAttempt('x:1', first!, { kind: 'failed', statusCode: 503, error: 'answered 503', retryAt: at(60) }, at(2))).toBe(true);
    expect(await claim('x:2', 30)).toEqual([]);
    const again = await claim('x:3', 60);
    expect(again.map((d) => [d.eventId, d.attempts])).toEqual([[ids[0], 1]]);
    await store.recordWebhookAttempt('x:3', again[0]!, { kind: 'delivered', statusCode: 204 }, at(61));
    expect((await claim('x:4', 61)).map((d) => d.eventId)).toEqual([ids[1]]);
    const log = await store.listWebhookDeliveries({ partnerId: A, limit: 1 });
    expect(log.items.map((d) => d.status)).toEqual(['pending']);
    const older = await store.listWebhookDeliveries({ partnerId: A, limit: 2, cursor: log.nextCursor! });
    expect(older.items.map((d) => [d.eventId, d.status, d.attempts, d.lastStatusCode])).toEqual([[ids[1], 'pending', 0, null], [ids[0], 'delivered', 2, 204]]);
  });

  it('hands a delivery to another claim only once its lease has passed, and ignores the first holder then', async () => {
    await endpoint('whe_aaaaaaaaaaa', A, ['series.granted']);
    await events.add(A, 'series.granted');
    await store.fillWebhookOutbox(at(0), 500);
    const [held] = await claim('x:1', 0);
    expect(await claim('y:1', 29)).toEqual([]);
    const [taken] = await claim('y:2', 31);
    expect(taken?.eventId).toBe(held?.eventId);
    expect(await store.recordWebhookAttempt('x:1', held!, { kind: 'delivered', statusCode: 200 }, at(32))).toBe(false);
    expect(await store.recordWebhookAttempt('y:2', taken!, { kind: 'delivered', statusCode: 200 }, at(32))).toBe(true);
  });

  it('claims nothing of a disabled endpoint; one disabled as failing ends its pending deliveries as failed', async () => {
    await endpoint('whe_aaaaaaaaaaa', A, ['series.granted']);
    await events.add(A, 'series.granted');
    await store.fillWebhookOutbox(at(0), 500);
    await store.webhookTransact((tx) => tx.updateWebhookEndpoint('whe_aaaaaaaaaaa', { disabled: { disabled: true, reason: 'operator' } }, at(1)));
    expect(await claim('x:1', 2)).toEqual([]);
    await events.add(A, 'series.granted');
    expect(await store.fillWebhookOutbox(at(3), 500)).toBe(0);
    const failing = await store.webhookTransact((tx) => tx.updateWebhookEndpoint('whe_aaaaaaaaaaa', { disabled: { disabled: true, reason: 'failing' } }, at(4)));
    expect(failing).toMatchObject({ disabled: true, disabledReason: 'failing' });
    expect((await store.listWebhookDeliveries({ partnerId: A, limit: 10 })).items.map((d) => d.status)).toEqual(['failed']);
  });

  it('signs with a roll\'s previous key too until it expires', async () => {
    await endpoint('whe_aaaaaaaaaaa', A, ['series.granted']);
    await store.webhookTransact((tx) => tx.updateWebhookEndpoint('whe_aaaaaaaaaaa', { secret: { secret: 'bmV3', previousExpiresAt: at(100) } }, at(1)));
    await events.add(A, 'series.granted');
    await events.add(B, 'series.granted');
    await store.fillWebhookOutbox(at(0), 500);
    expect((await claim('x:1', 2))[0]?.secrets).toEqual(['bmV3', 'a2V5']);
    await store.webhookTransact((tx) => tx.deleteWebhookEndpoint('whe_aaaaaaaaaaa'));
    expect(await store.getWebhookEndpoint('whe_aaaaaaaaaaa')).toBeUndefined();
    expect((await store.listWebhookDeliveries({ partnerId: A, limit: 10 })).items).toEqual([]);
  });
});
