/**
 * Many calls at once: maxConcurrency holds a client's requests on the wire to its limit; 150
 * parallel calls against the real server's 100-a-minute limit all succeed, their retries spread
 * out; and an instance that refuses connections for 3 s is ridden through with the default
 * policy and real randomness. Waits pass on a virtual clock (the fake sleep's), never for real.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../client/index.js';
import { startServer } from '../helpers/server.js';
import { clientFor, closedPort, fakeSleep, readerOfAll } from './support.js';

const CATALOG = '/api/partner/content/catalog';
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A stand-in API that holds every content request until released, counting how many it holds at once. */
async function gate() {
  const held: Array<() => void> = [];
  let most = 0;
  const server = createServer((req, res) => {
    const answer = () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(req.url === '/api/partner/auth'
      ? { access_token: 'a.b.c', token_type: 'Bearer', expires_in: 86400, expires_at: new Date(Date.now() + 86_400_000).toISOString() }
      : { items: [], next_cursor: null }));
    if (req.url === '/api/partner/auth') return answer();
    held.push(answer);
    most = Math.max(most, held.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => (server.closeAllConnections(), server.close()));
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held, most: () => most, until };
}

describe('maxConcurrency', () => {
  it('keeps at most that many requests on the wire; the others go as soon as one ends', async () => {
    const api = await gate();
    const client = createPartnerClient({ baseUrl: api.url, apiKey: 'pk_x', apiSecret: 'sk_x', maxConcurrency: 3 });
    const calls = Array.from({ length: 20 }, () => client.catalog.list());
    let answered = 0;
    while (answered < 20) {
      await api.until(() => api.held.length === Math.min(3, 20 - answered));
      api.held.shift()!();
      answered++;
    }
    expect((await Promise.all(calls)).every((page) => page.next_cursor === null)).toBe(true);
    expect(api.most()).toBe(3);
  });

  it('lets an abort take a waiting call out of the queue', async () => {
    const api = await gate();
    const client = createPartnerClient({ baseUrl: api.url, apiKey: 'pk_x', apiSecret: 'sk_x', maxConcurrency: 1 });
    const first = client.catalog.list();
    await api.until(() => api.held.length === 1);
    const controller = new AbortController();
    const queued = client.catalog.list({}, { signal: controller.signal });
    const third = client.catalog.list();
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    api.held.shift()!();
    await first;
    await api.until(() => api.held.length === 1);
    api.held.shift()!();
    await third;
    expect(api.most()).toBe(1);
  });

  it.each([0, 1.5, -1])('refuses %j when the client is made', (maxConcurrency) => {
    expect(() => createPartnerClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pk_x', apiSecret: 'sk_x', maxConcurrency })).toThrow(/maxConcurrency/);
  });
});

describe('against the real limit and a restart', () => {
  it("150 parallel calls against the real server's 100-a-minute limit: 0 errors, the retries spread over more than a second", async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    // Sleeps end when the test says: once every call has answered or is waiting out a 429, the
    // server's clock moves past the longest wait (the limiter's Retry-After is on the wall clock:
    // a wait of ms resumes at Date.now() + ms) and every waiter wakes.
    const sleeping: Array<{ ms: number; wake: () => void }> = [];
    const sleep = (ms: number) => new Promise<void>((wake) => void sleeping.push({ ms, wake }));
    const { client, wire } = clientFor(server, partner, { sleep, random: Math.random });
    let settled = 0;
    const calls = Array.from({ length: 150 }, () => client.catalog.list({ limit: 1 }).finally(() => settled++));
    while (settled + sleeping.length < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    const waits = sleeping.map((s) => s.ms);
    server.clock.set(Date.now() + Math.max(...waits));
    for (const { wake } of sleeping) wake();
    const pages = await Promise.all(calls);

    expect(pages.every((p) => p.items.length === 1)).toBe(true);
    const statuses = wire.exchanges.filter((e) => e.path.startsWith(CATALOG)).map((e) => e.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(waits).toHaveLength(50);
    const asked = Number(wire.exchanges.find((e) => e.status === 429)!.headers!.get('retry-after')) * 1000;
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(asked - 1000);
    expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(1000);
  });

  it('rides through an instance that refuses connections for 3 s, with the default policy and real randomness, 25 times of 25', async () => {
    // Room for 100 authentications a minute: each trial is a new client.
    const server = await startServer({ env: { BENCH_RATE_LIMIT_MULTIPLIER: '10' } });
    const partner = await readerOfAll(server);
    const nobody = `http://127.0.0.1:${await closedPort()}`;
    const outcomes: string[] = [];
    for (let trial = 0; trial < 25; trial++) {
      const timers = fakeSleep();
      const downUntil = timers.now() + 3000;
      const client = createPartnerClient({
        baseUrl: server.url,
        apiKey: partner.apiKey,
        apiSecret: partner.apiSecret,
        sleep: timers.sleep,
        now: timers.now,
        // While the instance restarts, its port refuses connections.
        fetch: (request, init) => (timers.now() < downUntil ? fetch(request.url.replace(server.url, nobody), { method: request.method, signal: init.signal }) : fetch(request, init)),
      });
      const before = timers.now();
      outcomes.push(await client.auth.token().then(
        () => (timers.now() - before >= 3000 ? 'ok' : 'too early'),
        (e: unknown) => String(e),
      ));
    }
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
  });
});
