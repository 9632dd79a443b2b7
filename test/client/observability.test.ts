/**
 * What a call says besides its body, against the real server: withResponse() on success, a
 * request id of the caller's own, User-Agent, the onRequest/onResponse/onRetry hooks, and that
 * neither the secret nor the token appears in anything the client hands out for logging.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPartnerClient, type RequestEvent, type ResponseEvent, type RetryEvent } from '../../client/index.js';
import { startServer } from '../helpers/server.js';
import { clientFor, problem, readerOfAll, startProxy } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../client/package.json'), 'utf8')) as { name: string; version: string };

describe('withResponse(): every result with its response', () => {
  it('gives the request id, status, RateLimit state, headers and attempts of a success, and the same body as awaiting the call', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server));
    const plain = await client.series.get(LIGHTHOUSE);
    const { data, response } = await client.series.get(LIGHTHOUSE).withResponse();

    expect(data).toEqual(plain);
    const last = wire.exchanges.at(-1)!;
    expect(response).toMatchObject({ status: 200, attempts: 1, cached: false, requestId: last.headers!.get('x-request-id') });
    expect(response.requestId).toMatch(/^req_[0-9a-f]{16}$/);
    // Two Content requests so far in this window of 100.
    expect(response.rateLimit).toEqual({ policy: expect.any(String), remaining: 98, resetMs: expect.any(Number), limit: 100, windowMs: 60_000 });
    expect(response.rateLimit!.resetMs).toBeLessThanOrEqual(60_000);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('counts the attempts a retried call took', async () => {
    const server = await startServer();
    let limited = 0;
    const proxy = await startProxy(server.url, (req) =>
      req.url?.startsWith('/api/partner/content/catalog') && ++limited <= 2 ? { kind: 'answer', status: 429, headers: { 'Retry-After': '1' }, body: problem(429, 'rate_limited') } : { kind: 'forward' },
    );
    const { client } = clientFor(proxy, await readerOfAll(server));
    const { response } = await client.catalog.list({ limit: 1 }).withResponse();
    expect(response).toMatchObject({ status: 200, attempts: 3 });
  });

  it('runs the call once, whichever is awaited, and rejects both ways alike', async () => {
    const server = await startServer();
    const { client, wire } = clientFor(server, await readerOfAll(server));
    const pending = client.series.get(LIGHTHOUSE);
    const [body, detailed] = await Promise.all([pending, pending.withResponse()]);
    expect(detailed.data).toEqual(body);
    expect(wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/series'))).toHaveLength(1);
    const missing = client.series.get('ser_0000000000');
    await expect(missing).rejects.toMatchObject({ name: 'PartnerApiError', status: 404, code: 'not_found' });
    await expect(missing.withResponse()).rejects.toMatchObject({ status: 404, rateLimit: { limit: 100 } });
  });
});

describe('request ids and User-Agent', () => {
  it('sends a request id of the caller on every attempt; the server answers and logs the call under it', async () => {
    const server = await startServer();
    const { client } = clientFor(server, await readerOfAll(server));
    const { response } = await client.series.get(LIGHTHOUSE, { requestId: 'order-4711.sync:1' }).withResponse();
    expect(response.requestId).toBe('order-4711.sync:1');
    expect(server.logs()).toMatch(/"requestId":"order-4711\.sync:1".*"operationId":"getSeries"/);
  });

  it(`says ${manifest.name}/${manifest.version} node/<version>, then the app's name`, async () => {
    const server = await startServer();
    const agents: string[] = [];
    const proxy = await startProxy(server.url, (req) => (agents.push(req.headers['user-agent'] ?? ''), { kind: 'forward' }));
    const partner = await readerOfAll(server);
    await clientFor(proxy, partner).client.series.get(LIGHTHOUSE);
    const { client } = clientFor(proxy, partner, { appName: 'acme-player/2.3 (ops@acme.example)' });
    await client.series.get(LIGHTHOUSE);
    const base = `${manifest.name}/${manifest.version} node/${process.versions.node}`;
    expect(new Set(agents)).toEqual(new Set([base, `${base} acme-player/2.3 (ops@acme.example)`]));
    expect(client.userAgent).toBe(`${base} acme-player/2.3 (ops@acme.example)`);
  });

  it.each(['', 'two\nlines', 'x'.repeat(201), 'tab\there'])('refuses the app name %j before any request', (appName) => {
    expect(() => createPartnerClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pk_x', apiSecret: 'sk_x', appName })).toThrow(/appName/);
  });
});

describe('hooks, and what the client hands out for logging', () => {
  it('calls onRequest before each attempt and onResponse after each answer, with the token redacted', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    let limited = 0;
    const proxy = await startProxy(server.url, (req) =>
      req.url?.startsWith('/api/partner/content/series') && ++limited === 1 ? { kind: 'answer', status: 503, headers: { 'Retry-After': '1' }, body: problem(503, 'service_unavailable') } : { kind: 'forward' },
    );
    const seen: Array<['request', RequestEvent] | ['response', ResponseEvent] | ['retry', RetryEvent]> = [];
    const { client } = clientFor(proxy, partner, {
      onRequest: (e) => seen.push(['request', e]),
      onResponse: (e) => seen.push(['response', e]),
      onRetry: (e) => seen.push(['retry', e]),
    });
    await client.series.get(LIGHTHOUSE, { requestId: 'mine-1' });

    expect(seen.map(([kind, e]) => `${kind} ${e.method} ${new URL(e.url).pathname} ${'status' in e ? e.status : ''}`.trim())).toEqual([
      'request POST /api/partner/auth',
      'response POST /api/partner/auth 200',
      'request GET /api/partner/content/series/ser_7hx2k9qmbd',
      'response GET /api/partner/content/series/ser_7hx2k9qmbd 503',
      'retry GET /api/partner/content/series/ser_7hx2k9qmbd 503',
      'request GET /api/partner/content/series/ser_7hx2k9qmbd',
      'response GET /api/partner/content/series/ser_7hx2k9qmbd 200',
    ]);
    const [, sent] = seen.find(([kind, e]) => kind === 'request' && e.method === 'GET') as ['request', RequestEvent];
    expect(sent).toMatchObject({ attempt: 1, requestId: 'mine-1', headers: { authorization: 'Bearer [redacted]', 'x-request-id': 'mine-1' } });
    const [, answered] = seen.at(-1) as ['response', ResponseEvent];
    expect(answered).toMatchObject({ attempt: 2, status: 200, requestId: 'mine-1', rateLimit: { limit: 100 } });
    expect(answered.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('fails the call with the error of a hook that throws, without retrying it', async () => {
    const server = await startServer();
    const broken = new Error('logger down');
    let requests = 0;
    const onRequest = (e: RequestEvent) => {
      if (e.method === 'GET' && ++requests === 1) throw broken;
    };
    const { client, wire } = clientFor(server, await readerOfAll(server), { onRequest });
    await expect(client.series.get(LIGHTHOUSE)).rejects.toBe(broken);
    expect(wire.exchanges.map((e) => e.method)).toEqual(['POST']);
    expect((await client.series.get(LIGHTHOUSE)).id).toBe(LIGHTHOUSE);
  });

  it('never hands out the secret or the token: not in hook events, errors, the client or its options as inspected', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server);
    const logged: unknown[] = [];
    const log = (e: unknown) => void logged.push(e);
    const { client } = clientFor(server, partner, { onRequest: log, onResponse: log, onRetry: log });
    const { access_token } = await client.auth.token();
    await client.series.get(LIGHTHOUSE);
    logged.push(await client.series.get('ser_0000000000').catch((e: unknown) => e));
    // A wrong secret's refusal, and a network failure.
    const wrongSecret = `${partner.apiSecret.slice(0, -2)}xx`;
    const wrong = clientFor(server, { ...partner, apiSecret: wrongSecret }, { onRequest: log, onResponse: log });
    logged.push(await wrong.client.catalog.list().catch((e: unknown) => e));
    await server.close();
    logged.push(await client.series.get(LIGHTHOUSE, { timeoutMs: 100 }).catch((e: unknown) => e));

    const text = [...logged, client, wrong.client].map((x) => `${inspect(x, { depth: 10, showHidden: true })}\n${JSON.stringify(x)}`).join('\n');
    expect(logged.length).toBeGreaterThan(6);
    expect(text).toContain('[redacted]');
    for (const secret of [partner.apiSecret, wrongSecret, access_token, access_token.split('.')[2]!]) {
      expect(text.includes(secret), 'a secret or token in what the client hands out').toBe(false);
    }
  });
});
