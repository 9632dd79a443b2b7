import { describe, expect, it } from 'vitest';
import { memoryTokenStore, PartnerApiError } from '../../client/index.js';
import { TokenManager, type TokenManagerOptions } from '../../client/tokens.js';
import { regenerateSecret } from '../../server/services/partner-credentials.js';
import { runCli } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';
import { clientFor, problem, readerOfAll, startProxy } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// JWT times are whole seconds.
const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;

describe('token management against the real server', () => {
  it('fetches a token on first use and shares it: 100 parallel first calls cause one authenticate', async () => {
    const server = await startServer({ env: { BENCH_RATE_LIMIT_MULTIPLIER: '10' } });
    const { client, wire } = clientFor(server, await readerOfAll(server));
    const results = await Promise.all(Array.from({ length: 100 }, () => client.series.get(LIGHTHOUSE)));
    expect(results.every((s) => s.id === LIGHTHOUSE)).toBe(true);
    expect(wire.authentications()).toBe(1);
    expect(wire.exchanges.filter((e) => e.status !== 200)).toEqual([]);
    // And keeps using it.
    await client.catalog.list({ limit: 1 });
    expect(wire.authentications()).toBe(1);
  });

  it('renews a token near expiry (fewer than 5 minutes left) before using it, not earlier', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server), { now: () => server.clock.now() });
    const first = await client.auth.token();
    expect(Date.parse(first.expires_at)).toBe(seconds(server.clock.now()) + DAY);

    server.clock.advance(DAY - 6 * MINUTE);
    await client.catalog.list({ limit: 1 });
    expect(wire.authentications()).toBe(1);

    server.clock.advance(2 * MINUTE);
    await client.catalog.list({ limit: 1 });
    expect(wire.authentications()).toBe(2);
    const second = await client.auth.token();
    expect(second.access_token).not.toBe(first.access_token);
    expect(Date.parse(second.expires_at)).toBe(seconds(server.clock.now()) + DAY);
    // Renewed ahead of time: the server never had to refuse the old token.
    expect(wire.exchanges.map((e) => e.status)).not.toContain(401);
  });

  it('honours a configured renewal margin', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server), { now: () => server.clock.now(), renewBeforeMs: 60 * MINUTE });
    await client.auth.token();
    server.clock.advance(DAY - 59 * MINUTE);
    await client.catalog.list({ limit: 1 });
    expect(wire.authentications()).toBe(2);
  });

  it('on a 401 re-authenticates once and repeats the call; concurrent 401s share that authenticate', async () => {
    const server = await startServer();
    // The client's clock stands still, so it never sees its token expire; the server's does.
    const frozen = server.clock.now();
    const { client, wire } = clientFor(server, await readerOfAll(server), { now: () => frozen });
    await client.auth.token();
    server.clock.advance(DAY + MINUTE);

    const pages = await Promise.all(Array.from({ length: 10 }, () => client.catalog.list({ limit: 1 })));

    expect(pages.every((p) => p.items.length === 1)).toBe(true);
    expect(wire.authentications()).toBe(2);
    const catalog = wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/catalog')).map((e) => e.status);
    expect(catalog.filter((s) => s === 401)).toHaveLength(10);
    expect(catalog.filter((s) => s === 200)).toHaveLength(10);
  });

  it('after a secret regeneration fails with a typed 401 and does not loop', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const { client, wire, waits } = clientFor(server, partner);
    await client.catalog.list({ limit: 1 });
    await regenerateSecret(server.store, partner.id, new Date(server.clock.now()).toISOString());
    const before = wire.exchanges.length;

    const error = await client.catalog.list({ limit: 1 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', method: 'POST' });
    expect((error as PartnerApiError).requestId).toMatch(/^[A-Za-z0-9._:-]+$/);
    // The old token is refused (revoked), the old secret is refused, and that is all.
    expect(wire.exchanges.slice(before).map((e) => `${e.method} ${e.path.split('?')[0]} ${e.status}`)).toEqual([
      'GET /api/partner/content/catalog 401',
      'POST /api/partner/auth 401',
    ]);
    expect(waits).toEqual([]);
  });

  it('after `partner regenerate-secret`, 50 further calls fail at once with one authenticate attempt, until setCredentials', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const retries: number[] = [];
    // Real timers: a client that authenticated again on every call would use up the Authentication
    // limit (10 a minute) and then wait out 429s of up to a minute.
    const { client, wire } = clientFor(server, partner, { sleep: undefined, onRetry: (e) => retries.push(e.delayMs) });
    await client.series.get(LIGHTHOUSE);
    const rotated = await runCli(['partner', 'regenerate-secret', partner.id, '--json'], { DATABASE_URL: server.dbPath });
    expect(rotated.code, rotated.stderr).toBe(0);
    const newSecret = (JSON.parse(rotated.stdout) as { api_secret: string }).api_secret;
    const before = wire.authentications();

    const startedAt = performance.now();
    const failures: unknown[] = [];
    // One after another, as a partner's job would go on calling.
    for (let i = 0; i < 50; i++) failures.push(await (i % 2 ? client.catalog.list({ limit: 1 }) : client.series.get(LIGHTHOUSE)).then(() => undefined, (e: unknown) => e));
    const elapsedMs = performance.now() - startedAt;

    expect(new Set(failures).size, 'one refusal, thrown again').toBe(1);
    expect(failures[0]).toBeInstanceOf(PartnerApiError);
    expect(failures[0]).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(wire.authentications() - before).toBe(1);
    expect(retries).toEqual([]);
    expect(elapsedMs).toBeLessThan(1000);
    const more = await client.usage.get({ from: '2026-11-01', to: '2026-11-02' }).catch((e: unknown) => e);
    expect(more).toBe(failures[0]);
    expect(wire.authentications() - before).toBe(1);

    // New credentials: the next call authenticates with them and succeeds.
    client.setCredentials({ apiKey: partner.apiKey, apiSecret: newSecret });
    expect((await client.series.get(LIGHTHOUSE)).id).toBe(LIGHTHOUSE);
    expect(wire.authentications() - before).toBe(2);
  });

  it('setCredentials checks what it is given', () => {
    const { client } = clientFor({ url: 'http://127.0.0.1:1' }, { apiKey: 'pk_x', apiSecret: 'sk_x' });
    expect(() => client.setCredentials({ apiKey: 'pk_x', apiSecret: '' })).toThrow(/setCredentials: apiSecret is required/);
  });

  it('a server that keeps answering 401 gets exactly one re-authentication and repeat', async () => {
    const server = await startServer();
    const proxy = await startProxy(server.url, (req) =>
      req.method === 'GET' ? { kind: 'answer', status: 401, headers: { 'X-Request-Id': 'req_always_401' }, body: problem(401, 'token_revoked') } : { kind: 'forward' },
    );
    const { client } = clientFor(proxy, await readerOfAll(server));
    const error = await client.entitlements.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PartnerApiError', status: 401, code: 'token_revoked', requestId: 'req_proxy_401' });
    expect(proxy.seen).toEqual([
      'POST /api/partner/auth',
      'GET /api/partner/content/entitlements',
      'POST /api/partner/auth',
      'GET /api/partner/content/entitlements',
    ]);
  });
});

describe('TokenManager and clocks that disagree', () => {
  const token = (n: number, expires_at: string) => ({ access_token: `t${n}`, token_type: 'Bearer' as const, expires_in: 86400 as const, expires_at });
  const manager = (now: () => number, authenticate: TokenManagerOptions['authenticate']) =>
    new TokenManager({ now, renewBeforeMs: 5 * MINUTE, authenticate, store: memoryTokenStore({ now }), key: async () => 'k', disabledRetryMs: MINUTE, onStoreError: (e) => { throw e; } });

  it("trusts expires_in when expires_at already looks past (a clock far ahead, or the mock's fixed example)", async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    let calls = 0;
    const tokens = manager(() => now, async () => token(++calls, '2026-11-23T09:30:00Z'));
    await tokens.get();
    await tokens.get();
    expect(calls).toBe(1);
    now += DAY - 4 * MINUTE;
    expect((await tokens.get()).access_token).toBe('t2');
  });

  it('renews by the earlier of expires_at and receipt + expires_in (a clock running behind the server)', async () => {
    let now = Date.parse('2026-11-22T09:30:00Z');
    let calls = 0;
    // The server's clock is an hour ahead: its expires_at comes an hour before ours would.
    const tokens = manager(() => now, async () => token(++calls, new Date(now + DAY - 60 * MINUTE).toISOString()));
    await tokens.get();
    now += DAY - 66 * MINUTE;
    await tokens.get();
    expect(calls).toBe(1);
    now += 2 * MINUTE;
    await tokens.get();
    expect(calls).toBe(2);
  });
});
