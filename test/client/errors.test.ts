import { describe, expect, it } from 'vitest';
import { createPartnerClient, PartnerApiError, PartnerClientError, PartnerNetworkError } from '../../client/index.js';
import { startServer } from '../helpers/server.js';
import { clientFor, startProxy } from './support.js';

const LIGHTHOUSE = 'ser_7hx2k9qmbd';
const PAPER_HARBOUR = 'ser_3fz8w1rtnc';

describe('typed errors from the real server', () => {
  it('carries status, the problem document and the request id, and is not retried', async () => {
    const server = await startServer();
    const partner = await server.partner({ [LIGHTHOUSE]: ['read'] });
    const { client, wire, waits } = clientFor(server, partner);
    await client.auth.token();

    const cases = [
      [() => client.series.get('ser_0000000000'), 404, 'not_found'],
      [() => client.series.get(PAPER_HARBOUR), 403, 'forbidden'],
      [() => client.streams.resolve('ep_4mq8z2xkwt'), 403, 'forbidden'],
      [() => client.usage.get({ from: '2026-11-22', to: '2026-11-01' }), 400, 'invalid_date_range'],
    ] as const;
    for (const [run, status, code] of cases) {
      const before = wire.exchanges.length;
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PartnerApiError);
      expect(error).toBeInstanceOf(PartnerClientError);
      expect(error).not.toBeInstanceOf(PartnerNetworkError);
      const e = error as PartnerApiError;
      expect(e).toMatchObject({ name: 'PartnerApiError', status, code, problem: { status, code } });
      const sent = wire.exchanges.slice(before);
      expect(sent).toHaveLength(1);
      expect(e.requestId).toBe(sent[0]!.headers?.get('x-request-id'));
      expect(e.message).toContain(`${status}`);
      expect(e.message).toContain(e.requestId!);
    }
    expect(waits).toEqual([]);
  });

  it('lists each validation problem', async () => {
    const server = await startServer();
    const { client } = clientFor(server, await server.partner());
    // The types forbid it; a JavaScript caller can still send it.
    const error = (await client.catalog.list({ limit: 1000 } as never).catch((e: unknown) => e)) as PartnerApiError;
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.problem?.errors).toEqual([expect.objectContaining({ location: 'query', pointer: 'limit' })]);
  });

  it('still types an error whose body is not a problem document (a proxy in the way)', async () => {
    const server = await startServer();
    const proxy = await startProxy(server.url, () => ({ kind: 'answer', status: 502, headers: { 'Content-Type': 'text/html', 'X-Request-Id': 'edge-42' }, body: '<h1>Bad gateway</h1>' }));
    const { client } = clientFor(proxy, await server.partner());
    const error = await client.catalog.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ status: 502, code: undefined, problem: undefined, requestId: 'edge-42', method: 'POST' });
  });

  it('refuses to build a client without credentials, naming what is missing', () => {
    expect(() => createPartnerClient({ baseUrl: 'http://127.0.0.1:1', apiKey: '', apiSecret: undefined as never })).toThrow(
      /apiKey is required.*apiSecret is required/,
    );
    expect(() => createPartnerClient({ baseUrl: 'localhost:3000', apiKey: 'pk_x', apiSecret: 'sk_x' })).toThrow(/baseUrl must be an absolute http\(s\) URL/);
  });
});
