/**
 * Webhooks end to end, on every engine: endpoints made through the studio API, events written to
 * partner_events, deliveries to a real local receiver, each verified with the client's
 * verifyWebhook; a receiver down for a while gets every event once back, in order; an endpoint
 * failing for the whole (configured, short) retry period is disabled with an audit entry; a
 * private address is refused at registration and at delivery unless configuration allows it.
 * The retry schedule runs on the injected clock; tests poll for outcomes, never sleep.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../client/index.js';
import { bearer, serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';
import { eventWriter, type EventWriter } from '../helpers/partner-events.js';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const LOOP = { WEBHOOK_DELIVERY: '1', WEBHOOK_POLL_MS: '20', WEBHOOK_JITTER_PERCENT: '0', WEBHOOK_RETRY_SCHEDULE: '60,600' };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function setUp(engine: object, env: Record<string, string>) {
  const server = await startServer({ ...engine, env });
  const receiver = await startReceiver();
  const events = eventWriter(server.dbPath);
  open.push(receiver, events);
  const owner = await operatorSession(server, 'owner');
  const partner = await server.partner();
  return { server, receiver, events, owner, partner };
}

async function createEndpoint(server: TestServer, owner: SignedIn, partnerId: string, url: string, eventTypes = ['series.granted', 'series.withdrawn']) {
  const res = await studio(server, owner, 'POST', `/api/studio/partners/${partnerId}/webhooks`, { url, event_types: eventTypes, description: 'test' });
  return { status: res.status, body: (await res.json()) as { endpoint: { id: string }; secret: string; code?: string } };
}

async function deliveries(server: TestServer, owner: SignedIn, partnerId: string) {
  const res = await studio(server, owner, 'GET', `/api/studio/partners/${partnerId}/webhook-deliveries?limit=100`);
  return ((await res.json()) as { items: Array<{ event_id: string; status: string; attempts: number; last_status_code: number | null; next_attempt_at: string | null }> }).items;
}

const poll = (fn: () => unknown) => expect.poll(fn, { timeout: 20_000, interval: 25 });
// A server, a signed-in owner (a scrypt hash) and a receiver each: slow on a loaded machine.
const SLOW = 90_000;

describe.each(serverEngines())('webhook deliveries (%s)', (_name, engine) => {
  it('signs each event as Standard Webhooks says, verified by the client, and logs the delivery', async () => {
    const { server, receiver, events, owner, partner } = await setUp(engine, { ...LOOP, WEBHOOK_ALLOW_PRIVATE: '1' });
    const { status, body } = await createEndpoint(server, owner, partner.id, receiver.url);
    expect(status).toBe(201);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const ids = [await events.add(partner.id, 'series.granted', { series_id: 'ser_aaaaaaaaaa' }), await events.add(partner.id, 'episode.added'), await events.add(partner.id, 'series.withdrawn')];
    await poll(() => receiver.accepted()).toEqual([ids[0], ids[2]]);
    const verified = await Promise.all(receiver.received.map((r) => verifyWebhook(r.headers as Record<string, string>, r.body, body.secret, { now: () => server.clock.now() })));
    expect(verified.map((v) => [v.id, v.type])).toEqual([[ids[0], 'series.granted'], [ids[2], 'series.withdrawn']]);
    expect(verified[0]!.data).toMatchObject({ id: ids[0], series_id: 'ser_aaaaaaaaaa' });
    await expect(verifyWebhook(receiver.received[0]!.headers as Record<string, string>, receiver.received[0]!.body, 'whsec_d3Jvbmcta2V5LW9mLTI0LWJ5dGVzISE=', { now: () => server.clock.now() })).rejects.toMatchObject({ code: 'invalid_signature' });
    await poll(async () => (await deliveries(server, owner, partner.id)).map((d) => [d.event_id, d.status, d.attempts, d.last_status_code])).toEqual([
      [ids[2], 'delivered', 1, 204],
      [ids[0], 'delivered', 1, 204],
    ]);
    // The partner reads its own log; another partner sees none of it.
    const log = await fetch(`${server.url}/api/partner/webhooks/deliveries`, { headers: bearer(await server.token(partner)) });
    expect(log.status).toBe(200);
    expect(((await log.json()) as { items: Array<{ event_id: string; status: string }> }).items.map((d) => [d.event_id, d.status])).toEqual([
      [ids[2], 'delivered'],
      [ids[0], 'delivered'],
    ]);
    const other = await fetch(`${server.url}/api/partner/webhooks/deliveries?status=delivered`, { headers: bearer(await server.token(await server.partner())) });
    expect(await other.json()).toEqual({ items: [], next_cursor: null });
  }, SLOW);

  it('delivers every event once, in order, to a receiver that was down for a while', async () => {
    const { server, receiver, events, owner, partner } = await setUp(engine, { ...LOOP, WEBHOOK_ALLOW_PRIVATE: '1' });
    await createEndpoint(server, owner, partner.id, receiver.url);
    receiver.mode = 'down';
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await events.add(partner.id, i % 2 ? 'series.withdrawn' : 'series.granted'));
    // Only the first is tried: the later ones wait behind it.
    await poll(() => receiver.received.length).toBe(1);
    await poll(async () => (await deliveries(server, owner, partner.id)).at(-1)).toMatchObject({ event_id: ids[0], status: 'pending', attempts: 1, last_status_code: 503 });
    await server.advance(60_000);
    await poll(() => receiver.received.length).toBe(2);
    // Recorded (retry due 600 s on) before the clock moves, or the retry would be dated after the move.
    await poll(async () => (await deliveries(server, owner, partner.id)).at(-1)?.attempts).toBe(2);
    receiver.mode = 'ok';
    await server.advance(600_000);
    await poll(() => receiver.accepted()).toEqual(ids);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(ids));
  }, SLOW);

  it('disables an endpoint that failed for the whole retry period, with an audit entry', async () => {
    const { server, receiver, events, owner, partner } = await setUp(engine, { ...LOOP, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '60' });
    const { body } = await createEndpoint(server, owner, partner.id, receiver.url);
    receiver.mode = 'down';
    await events.add(partner.id, 'series.granted');
    await poll(() => receiver.received.length).toBe(1);
    await poll(async () => (await deliveries(server, owner, partner.id))[0]?.attempts).toBe(1);
    await server.advance(60_000);
    await poll(async () => ((await (await studio(server, owner, 'GET', `/api/studio/webhooks/${body.endpoint.id}`)).json()) as { status: string }).status).toBe('disabled');
    const endpoint = (await (await studio(server, owner, 'GET', `/api/studio/webhooks/${body.endpoint.id}`)).json()) as { disabled_reason: string };
    expect(endpoint.disabled_reason).toBe('failing');
    expect((await deliveries(server, owner, partner.id)).map((d) => [d.status, d.attempts])).toEqual([['failed', 2]]);
    const audit = (await (await studio(server, owner, 'GET', `/api/studio/audit?action=webhook.disable&limit=10`)).json()) as { items: Array<{ actor: string; target_id: string }> };
    expect(audit.items.map((e) => [e.actor, e.target_id])).toEqual([['cli:webhook-delivery', body.endpoint.id]]);
  }, SLOW);

  it('refuses a private address at registration, and at delivery, unless configuration allows it', async () => {
    const { server, receiver, events, owner, partner } = await setUp(engine, { ...LOOP });
    const refused = await createEndpoint(server, owner, partner.id, receiver.url);
    expect([refused.status, refused.body.code]).toEqual([400, 'webhook_url_refused']);
    // Registered behind the API's back (as if the address had changed since): refused when sending too.
    await server.store.webhookTransact((tx) =>
      tx.createWebhookEndpoint({ id: 'whe_aaaaaaaaaaa', partnerId: partner.id, url: receiver.url, description: '', eventTypes: ['series.granted'], secret: 'a2V5', now: new Date(server.clock.now()).toISOString() }),
    );
    await events.add(partner.id, 'series.granted');
    await poll(async () => (await server.store.listWebhookDeliveries({ partnerId: partner.id, limit: 10 })).items[0]?.lastError ?? '').toMatch(/private or reserved/);
    expect(receiver.received).toEqual([]);
  }, SLOW);
});

describe('a slow receiver', () => {
  it('never holds up partner requests: deliveries hang in the background while partners are answered', async () => {
    const env = { ...LOOP, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_CONCURRENCY: '4' };
    const { server, receiver, events, owner } = await setUp({}, env);
    receiver.mode = 'hang';
    const hooked = [];
    for (let i = 0; i < 6; i += 1) {
      const p = await server.partner({ ser_7hx2k9qmbd: ['read'] }, `Partner ${i}`);
      await createEndpoint(server, owner, p.id, receiver.url);
      await events.add(p.id, 'series.granted');
      hooked.push(p);
    }
    // Every delivery slot is taken by a receiver that does not answer.
    await poll(() => receiver.received.length).toBe(4);
    const token = await server.token(hooked[0]!);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/partner/content/entitlements`, { headers: bearer(token) });
        return [res.status, performance.now() - started] as const;
      }),
    );
    expect(answers.map(([status]) => status)).toEqual(Array(20).fill(200));
    // A generous bound (the receiver hangs for 60 s): partners never wait on a delivery.
    expect(Math.max(...answers.map(([, ms]) => ms))).toBeLessThan(10_000);
    expect(receiver.received).toHaveLength(4);
  }, SLOW);
});
