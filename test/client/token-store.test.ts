/**
 * Token stores against the real server: clients sharing one share a token (one authenticate),
 * in memory and through Redis; credentials the API refused are remembered per store; a disabled
 * partner is not taken for wrong credentials and is asked again later; a failing store costs an
 * authenticate, never a call.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryTokenStore, PartnerApiError, type TokenStore } from '../../client/index.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createRedisPrefix, reportSkipped, skipReason, TEST_REDIS_URL } from '../helpers/services.js';
import { clientFor, readerOfAll } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const MINUTE = 60_000;
const AUTH = 'POST /api/partner/auth';

/** Requests every client of a test sent, as "METHOD /path status". */
function traffic() {
  const lines: string[] = [];
  return { lines, onResponse: (e: { method: string; url: string; status: number }) => void lines.push(`${e.method} ${new URL(e.url).pathname} ${e.status}`) };
}

describe('clients sharing a token store', () => {
  it('make one authenticate, one after another or all at once', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const tokenStore = memoryTokenStore();
    const seen = traffic();
    // A new client per request, as a serverless function makes one per invocation.
    for (let i = 0; i < 3; i++) await clientFor(server, partner, { tokenStore, onResponse: seen.onResponse }).client.series.get(LIGHTHOUSE);
    await Promise.all(Array.from({ length: 5 }, () => clientFor(server, partner, { tokenStore, onResponse: seen.onResponse }).client.series.get(LIGHTHOUSE)));
    expect(seen.lines.filter((l) => l.startsWith(AUTH))).toEqual([`${AUTH} 200`]);
    expect(seen.lines.filter((l) => l.endsWith(' 200'))).toHaveLength(9);
    // Without a shared store, each client authenticates.
    await clientFor(server, partner, { onResponse: seen.onResponse }).client.series.get(LIGHTHOUSE);
    expect(seen.lines.filter((l) => l.startsWith(AUTH))).toHaveLength(2);
  });

  it('replace a token the API revoked for all of them, with one authenticate', async () => {
    const server = await startServer();
    const frozen = server.clock.now();
    const partner = await readerOfAll(server);
    const tokenStore = memoryTokenStore();
    const seen = traffic();
    const make = () => clientFor(server, partner, { tokenStore, onResponse: seen.onResponse, now: () => frozen }).client;
    await make().series.get(LIGHTHOUSE);
    // The server's clock runs past the token's end; the clients' does not, so only a 401 tells them.
    server.clock.advance(25 * 60 * MINUTE);
    await make().series.get(LIGHTHOUSE);
    await make().series.get(LIGHTHOUSE);
    expect(seen.lines).toEqual([`${AUTH} 200`, 'GET /api/partner/content/series/ser_7hx2k9qmbd 200', 'GET /api/partner/content/series/ser_7hx2k9qmbd 401', `${AUTH} 200`, 'GET /api/partner/content/series/ser_7hx2k9qmbd 200', 'GET /api/partner/content/series/ser_7hx2k9qmbd 200']);
  });

  it('remember refused credentials: no client of the store asks again with them, until setCredentials', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const wrong = { ...partner, apiSecret: `sk_${'A'.repeat(43)}` };
    const tokenStore = memoryTokenStore();
    const seen = traffic();
    const first = await clientFor(server, wrong, { tokenStore, onResponse: seen.onResponse }).client.series.get(LIGHTHOUSE).catch((e: unknown) => e);
    expect(first).toMatchObject({ status: 401, code: 'invalid_credentials' });
    const second = clientFor(server, wrong, { tokenStore, onResponse: seen.onResponse }).client;
    const again = await second.series.get(LIGHTHOUSE).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PartnerApiError);
    expect(again).toMatchObject({ status: 401, code: 'invalid_credentials', requestId: (first as PartnerApiError).requestId });
    expect(seen.lines).toEqual([`${AUTH} 401`]);
    // The right secret is other credentials: the refusal is not theirs.
    second.setCredentials(partner);
    await second.series.get(LIGHTHOUSE);
    // And setCredentials with the refused ones asks once more, as the caller wants.
    second.setCredentials(wrong);
    await expect(second.series.get(LIGHTHOUSE)).rejects.toMatchObject({ status: 401 });
    expect(seen.lines.filter((l) => l.startsWith(AUTH))).toEqual([`${AUTH} 401`, `${AUTH} 200`, `${AUTH} 401`]);
  });

  it('go on without a store that fails, authenticating themselves, and say so', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const failures: unknown[] = [];
    const broken: TokenStore = { get: () => Promise.reject(new Error('store down')), set: () => { throw new Error('store down'); }, delete: async () => {} };
    const { client } = clientFor(server, partner, { tokenStore: broken, onTokenStoreError: (e) => failures.push(e) });
    expect((await client.series.get(LIGHTHOUSE)).id).toBe(LIGHTHOUSE);
    expect((await client.series.get(LIGHTHOUSE)).id).toBe(LIGHTHOUSE);
    expect(failures.map((e) => (e as Error).message)).toEqual(['store down', 'store down']);
  });
});

describe('a disabled partner', () => {
  async function disabledPartner(server: TestServer) {
    const partner = await readerOfAll(server);
    await server.store.setPartnerDisabled(partner.id, true, new Date(server.clock.now()).toISOString());
    return partner;
  }

  it('is told partner_disabled, not taken for wrong credentials: asked again after disabledRetryMs, and works once re-enabled', async () => {
    const server = await startServer();
    const partner = await disabledPartner(server);
    const seen = traffic();
    const tokenStore = memoryTokenStore({ now: () => server.clock.now() });
    const make = () => clientFor(server, partner, { tokenStore, onResponse: seen.onResponse, now: () => server.clock.now() }).client;
    const client = make();
    const refused = await client.series.get(LIGHTHOUSE).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'PartnerApiError', status: 403, code: 'partner_disabled' });
    // Within the minute neither this client nor another of the store asks again.
    server.clock.advance(MINUTE - 1000);
    await expect(client.catalog.list()).rejects.toBe(refused);
    await expect(make().catalog.list()).rejects.toMatchObject({ code: 'partner_disabled' });
    expect(seen.lines).toEqual([`${AUTH} 403`]);
    // The studio re-enables the partner; after the minute the same client and secret work.
    await server.store.setPartnerDisabled(partner.id, false, new Date(server.clock.now()).toISOString());
    server.clock.advance(1000);
    expect((await client.series.get(LIGHTHOUSE)).id).toBe(LIGHTHOUSE);
    expect(seen.lines).toEqual([`${AUTH} 403`, `${AUTH} 200`, 'GET /api/partner/content/series/ser_7hx2k9qmbd 200']);
  });

  it('disabled while its token is in use: the next call re-authenticates once and fails with partner_disabled', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const seen = traffic();
    const { client } = clientFor(server, partner, { onResponse: seen.onResponse, disabledRetryMs: 0 });
    await client.series.get(LIGHTHOUSE);
    await server.store.setPartnerDisabled(partner.id, true, new Date(server.clock.now()).toISOString());
    await expect(client.series.get(LIGHTHOUSE)).rejects.toMatchObject({ status: 403, code: 'partner_disabled' });
    // disabledRetryMs 0: every call asks.
    await expect(client.series.get(LIGHTHOUSE)).rejects.toMatchObject({ code: 'partner_disabled' });
    expect(seen.lines.slice(2)).toEqual(['GET /api/partner/content/series/ser_7hx2k9qmbd 401', `${AUTH} 403`, `${AUTH} 403`]);
  });
});

const redisSkipped = skipReason({ redis: true });
if (redisSkipped) reportSkipped('The Redis token store', redisSkipped);
describe.skipIf(Boolean(redisSkipped))('a token store in Redis (as the client README shows it)', () => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });

  it('shares one token between clients with connections of their own', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const keys = createRedisPrefix();
    const seen = traffic();
    const storeOnItsOwnConnection = (): TokenStore => {
      const redis = new Redis(TEST_REDIS_URL);
      opened.push(async () => void redis.disconnect());
      return {
        get: (key) => redis.get(keys.prefix + key),
        set: (key, value, ttlMs) => redis.set(keys.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs))),
        delete: (key) => redis.del(keys.prefix + key),
      };
    };
    opened.push(async () => (await keys.clear(), await keys.close()));
    for (let i = 0; i < 3; i++) await clientFor(server, partner, { tokenStore: storeOnItsOwnConnection(), onResponse: seen.onResponse }).client.series.get(LIGHTHOUSE);
    expect(seen.lines.filter((l) => l.startsWith(AUTH))).toEqual([`${AUTH} 200`]);
  });
});
