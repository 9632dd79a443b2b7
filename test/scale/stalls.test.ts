/**
 * Engines that stall (connections accepted, nothing answered: a partition, a hung server) rather
 * than refuse, seen through the real server, and what an operator reads in the log meanwhile.
 * The proxies are test/helpers/tcp-proxy.ts in `blackhole` mode. The bounds measured here are
 * the ones docs/operations.md documents ("When something fails"), each with a margin for a loaded
 * machine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate, authenticateOnceBack, expectUnavailable, logLines, proxyTo, request } from '../helpers/fault-requests.js';
import { bearer, startServer } from '../helpers/server.js';
import { createTestSchema, reportSkipped, skipReason, TEST_DATABASE_URL, TEST_REDIS_URL, type TestSchema } from '../helpers/services.js';
import { viaProxy } from '../helpers/tcp-proxy.js';

const SERIES = 'ser_7hx2k9qmbd';
/** What a busy 2-core machine may add to a bound: scheduling, not the server's waits. */
const MARGIN_MS = 1_000;
/** What a loaded machine adds to a timer inside the server: far less than any bound tested. */
const TIMER_LATENESS_MS = 250;

const skipped = skipReason({ postgres: true, redis: true });
if (skipped) reportSkipped('Stall tests of PostgreSQL and Redis', skipped);

const schemas: TestSchema[] = [];
afterAll(async () => {
  await Promise.all(schemas.splice(0).map((s) => s.drop()));
});

/** A server whose PostgreSQL is reached through a proxy the test controls. */
async function serverBehindProxy(env: Record<string, string>) {
  const proxy = await proxyTo(TEST_DATABASE_URL);
  const schema = await createTestSchema();
  schemas.push(schema);
  const server = await startServer({ env: { ...env, DATABASE_URL: viaProxy(schema.url, proxy) } });
  const partner = await server.partner({ [SERIES]: ['read'] });
  return { proxy, server, partner, token: await server.token(partner) };
}

describe.skipIf(skipped)('PostgreSQL stalled', () => {
  // The documented bound: the statement timeout + 1 s, or the connect timeout if larger (2 s both).
  const env = { DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '1000' };
  const BOUND_MS = 2_000;

  it('answers every request 503 within the documented bound, however many wait, and /readyz under 500 ms throughout', async () => {
    const { proxy, server: stalled, partner, token } = await serverBehindProxy(env);
    const series = () => request(stalled, `/api/partner/content/series/${SERIES}`, { headers: bearer(token) });
    // Several pooled connections open and idle, as on a server in use.
    await Promise.all(Array.from({ length: 6 }, series));

    proxy.set('blackhole');
    const stalledAt = performance.now();
    // /readyz probed every 100 ms, as an impatient load balancer would, while the requests wait.
    const probes: Array<{ at: number; status: number; ms: number }> = [];
    let stop = false;
    const probing = (async () => {
      while (!stop) {
        const answer = await request(stalled, '/readyz');
        probes.push({ at: performance.now() - stalledAt, status: answer.status, ms: answer.ms });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // Requests of one partner arriving together share the partner's state read, and later ones
    // queue behind it; the bound holds for each of them.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, series),
      request(stalled, '/api/partner/content/catalog', { headers: bearer(token) }),
      request(stalled, '/api/partner/content/search?q=lighthouse', { headers: bearer(token) }),
      authenticate(stalled, partner),
    ]);
    for (const answer of answers) expectUnavailable(answer, BOUND_MS + MARGIN_MS);
    // As the server measures them, from arrival to answer: within the bound, not one more.
    const refused = logLines(stalled).filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 503 && (l.req as { url: string }).url !== '/readyz');
    expect(refused).toHaveLength(answers.length);
    for (const line of refused) expect(line.responseTime as number).toBeLessThan(BOUND_MS + TIMER_LATENESS_MS);
    // Past the last answer, still stalled: /readyz keeps answering from state.
    await new Promise((r) => setTimeout(r, 1_000));
    stop = true;
    await probing;
    expect(probes.length).toBeGreaterThan(10);
    // Answered from state, never waiting on the store: every probe within its 500 ms.
    expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(500);
    // Unready within two READINESS_TIMEOUT_MS of the stall (a ping goes out, then waits out its
    // timeout), and unready from then on.
    const firstDown = probes.findIndex((p) => p.status === 503);
    expect(firstDown).toBeGreaterThanOrEqual(0);
    expect(probes[firstDown]!.at).toBeLessThan(1_000 + MARGIN_MS);
    expect(probes.slice(firstDown).every((p) => p.status === 503)).toBe(true);

    proxy.set('up');
    expect((await authenticateOnceBack(stalled, partner)).status).toBe(200);
    await expect.poll(async () => (await request(stalled, '/readyz')).status, { timeout: 5_000, interval: 100 }).toBe(200);
  });

  it('counts the bound from the request\'s arrival: a slow first operation leaves the next one only the rest', async () => {
    const { proxy, server: stalled, token } = await serverBehindProxy(env);
    // Only the partner-state connections are open: search's first connection opens during the request.
    expect((await request(stalled, `/api/partner/content/series/${SERIES}`, { headers: bearer(token) })).status).toBe(200);

    // The partner-state read answers late but within the bound; then search's statements stall.
    const SLOW_MS = 1_500;
    void proxy.stallRepliesAfter(/search_terms/);
    void proxy.delayReplies(SLOW_MS);
    const answer = await request(stalled, '/api/partner/content/search?q=lighthouse', { headers: bearer(token) });
    // Bound per operation, this would be SLOW_MS + BOUND_MS.
    expectUnavailable(answer, BOUND_MS + MARGIN_MS);
    // The promise is the server's, from arrival to answer as it measures it: within the bound and
    // what a timer firing late on a loaded machine adds, far less than a second operation's bound.
    const served = logLines(stalled).filter((l) => (l.req as { url?: string } | undefined)?.url?.includes('/search'));
    expect(served.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([503]);
    expect(served[0]!.responseTime as number).toBeGreaterThanOrEqual(BOUND_MS);
    expect(served[0]!.responseTime as number).toBeLessThan(BOUND_MS + TIMER_LATENESS_MS);
  });

  it('logs one line when PostgreSQL goes down and one when it is back, with the requests refused meanwhile', async () => {
    const { proxy, server: stalled, partner, token } = await serverBehindProxy(env);

    proxy.set('down');
    for (let i = 0; i < 5; i++) expectUnavailable(await request(stalled, '/api/partner/content/catalog', { headers: bearer(token) }), BOUND_MS);
    proxy.set('up');
    expect((await authenticateOnceBack(stalled, partner)).status).toBe(200);

    const lines = logLines(stalled);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual([expect.stringMatching(/^postgres unavailable/)]);
    const back = lines.filter((l) => /^postgres available again/.test(l.msg));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ level: 30, refused: 5 });
    expect(stalled.logs()).not.toMatch(/"stack"/);
  });
});

describe.skipIf(skipped)('Redis stalled', () => {
  const TIMEOUT_MS = 300;

  it('a single 300 ms delay of Redis begins no outage, even when it times out every command in flight', async () => {
    const proxy = await proxyTo(TEST_REDIS_URL);
    // A timeout below the delay: the harsher case, where the delay fails the commands it holds.
    const server = await startServer({ limits: 'redis', env: { REDIS_URL: viaProxy(TEST_REDIS_URL, proxy), REDIS_TIMEOUT_MS: '200' } });
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);

    const delayed = proxy.delayReplies(300);
    const during = await Promise.all(Array.from({ length: 5 }, () => request(server, '/api/partner/content/catalog', { headers: bearer(token) })));
    await delayed;
    // Content fails open for the commands that timed out; nothing else changes.
    expect(during.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Authentication fails closed while Redis is down: a 200 says the breaker stayed closed.
    expect((await authenticate(server, partner)).status).toBe(200);
    expect(logLines(server).filter((l) => /^redis (unavailable|available again)/.test(l.msg))).toEqual([]);
  });

  it('costs at most one timeout per breaker period: later requests skip Redis while it is probed in the background', async () => {
    const proxy = await proxyTo(TEST_REDIS_URL);
    const server = await startServer({
      limits: 'redis',
      // Commands failing for one timeout's span open the breaker (the second slow request).
      env: { REDIS_URL: viaProxy(TEST_REDIS_URL, proxy), REDIS_TIMEOUT_MS: String(TIMEOUT_MS), REDIS_BREAKER_MS: '500', REDIS_BREAKER_WINDOW_MS: String(TIMEOUT_MS) },
    });
    const partner = await server.partner({ [SERIES]: ['read'] });
    const token = await server.token(partner);

    proxy.set('blackhole');
    const probes = () => logLines(server).filter((l) => /^redis probe failed/.test(l.msg)).length;
    const content: number[] = [];
    const statuses = new Set<number>();
    // Requests one after another until the background probe has failed twice (two periods and
    // more), bounded by a deadline far past two periods: the first two wait out the Redis timeout
    // (failures over the breaker's window), and without a breaker every one would, so a third
    // slow one ends the loop.
    const slow = () => content.filter((ms) => ms >= TIMEOUT_MS).length;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && probes() < 2 && slow() <= 2) {
      const answer = await request(server, '/api/partner/content/catalog', { headers: bearer(token) });
      statuses.add(answer.status);
      content.push(answer.ms);
    }
    expect(slow()).toBe(2);
    expect(probes()).toBeGreaterThanOrEqual(2);
    expect([...statuses].every((s) => s === 200 || s === 429)).toBe(true);
    // Authentication fails closed, at once while the breaker is open.
    expectUnavailable(await authenticate(server, partner), TIMEOUT_MS);

    proxy.set('up');
    const back200 = await authenticateOnceBack(server, partner);
    expect(back200.status).toBe(200);
    const lines = logLines(server);
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([expect.stringMatching(/^redis unavailable/)]);
    const back = lines.filter((l) => /^redis available again/.test(l.msg));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ level: 30, refused: expect.any(Number), failedOpen: expect.any(Number) });
    // Every Content request failed open once, and so did the per-address failed-authentication
    // limiter of each authenticate sent while Redis was down (its count, and its release once the
    // credentials check out), before the partner's own Authentication limit refused it (closed).
    expect(back[0]!.failedOpen).toBeGreaterThanOrEqual(content.length);
    expect(back[0]!.failedOpen).toBeLessThanOrEqual(content.length + 2 * (1 + back200.attempts));
    expect(back[0]!.refused).toBeGreaterThanOrEqual(1);
    expect(server.logs()).not.toMatch(/"stack"/);
  });
});
