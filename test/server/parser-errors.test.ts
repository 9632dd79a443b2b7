/**
 * Refusals Node's HTTP parser makes before the app sees a request (headers over Node's limit,
 * malformed requests, a client too slow to send its headers) are problem documents that match
 * the contract wherever the connection allows a response (issue 14), on a fresh connection and
 * on a keep-alive one that has already carried a request.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/http/app-server.js';
import { contractViolations } from '../helpers/contract-responses.js';
import { recordCoverage } from '../helpers/coverage.js';
import { startServer } from '../helpers/server.js';

interface RawResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Parses the HTTP/1.1 responses in `raw` (Content-Length framed, as the server sends problem documents). */
function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
    const length = Number(headers.get('content-length') ?? 0);
    if (rest.length < end + 4 + length) break;
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

/**
 * Writes each request on one connection, the next once the previous one is answered (keep-alive,
 * not pipelining), and collects what the server sends until it closes the connection.
 */
function exchange(url: string, requests: string[]): Promise<RawResponse[]> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let sent = 0;
    const sendNext = () => {
      if (sent < requests.length) socket.write(requests[sent++]!);
    };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      received += d;
      if (parseResponses(received).length === sent) sendNext();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponses(received)));
    socket.on('connect', sendNext);
  });
}

const OPERATIONS: Array<[operationId: string, method: string, path: string]> = [
  ['authenticate', 'POST', '/api/partner/auth'],
  ['verifyToken', 'GET', '/api/partner/auth/verify'],
  ['listEntitlements', 'GET', '/api/partner/content/entitlements'],
  ['getCatalog', 'GET', '/api/partner/content/catalog'],
  ['listChanges', 'GET', '/api/partner/content/changes'],
  ['searchCatalog', 'GET', '/api/partner/content/search?q=light'],
  ['getSeries', 'GET', '/api/partner/content/series/ser_7hx2k9qmbd'],
  ['listEpisodes', 'GET', '/api/partner/content/series/ser_7hx2k9qmbd/episodes'],
  ['getEpisode', 'GET', '/api/partner/content/episodes/ep_4mq8z2xkwt'],
  ['resolveStream', 'GET', '/api/partner/streaming/episodes/ep_4mq8z2xkwt'],
  ['getUsage', 'GET', '/api/partner/analytics/usage?from=2026-11-01&to=2026-11-22'],
  ['listWebhookDeliveries', 'GET', '/api/partner/webhooks/deliveries'],
];

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;
const CATALOG = '/api/partner/content/catalog';

function expectProblem(response: RawResponse | undefined, status: number, code: string, operationId: string | undefined = 'getCatalog'): void {
  expect(response?.status).toBe(status);
  expect(response!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response!.headers.get('connection')).toBe('close');
  expect(JSON.parse(response!.body)).toMatchObject({ status, code });
  expect(contractViolations({ operationId, method: 'GET', ...response! })).toEqual([]);
}

describe('refusals of the HTTP parser', () => {
  it('answers headers larger than Node allows with a 431 problem document, not a bare 431', async () => {
    const server = await startServer();
    const [response] = await exchange(server.url, [get(CATALOG, `X-Padding: ${'a'.repeat(30 * 1024)}\r\n`)]);
    expectProblem(response, 431, 'request_header_fields_too_large');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers a 431 problem document on a keep-alive connection after a request it has answered', async () => {
    const server = await startServer();
    const responses = await exchange(server.url, [get(CATALOG), get(CATALOG, `X-Padding: ${'a'.repeat(30 * 1024)}\r\n`)]);
    expect(responses.map((r) => r.status)).toEqual([401, 431]);
    expectProblem(responses[1], 431, 'request_header_fields_too_large');
  });

  it('finishes the answer to a pipelined request before closing on the next one, which it cannot parse', async () => {
    const server = await startServer();
    // Both requests in one write: the parser fails on the second while the first is being answered.
    const responses = await exchange(server.url, [get(CATALOG) + get(CATALOG, `X-Padding: ${'a'.repeat(30 * 1024)}\r\n`)]);
    expect(responses.map((r) => r.status)).toEqual([401]);
    expect(JSON.parse(responses[0]!.body)).toMatchObject({ code: 'unauthorized' });
  });

  it.each([
    ['a malformed request line', 'GET /api/partner/content/catalog HTTP/1.1 trailing\r\nHost: x\r\n\r\n'],
    ['a header without a colon', get(CATALOG, 'Not a header\r\n')],
    ['both Content-Length and Transfer-Encoding', get(CATALOG, 'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n') + '0\r\n\r\n'],
    ['a bad chunk size', `POST /api/partner/auth HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n`],
  ])('answers %s with a 400 problem document', async (_name, raw) => {
    const server = await startServer();
    const [response] = await exchange(server.url, [raw]);
    expect(response?.status).toBe(400);
    expect(JSON.parse(response!.body)).toMatchObject({ status: 400, code: 'malformed_request' });
    expect(contractViolations({ operationId: undefined, method: 'GET', ...response! })).toEqual([]);
  });

  it('answers an HTTP/1.1 request without a Host header with a 400 problem document, not a bare 400', async () => {
    const server = await startServer();
    const [response] = await exchange(server.url, [`GET ${CATALOG} HTTP/1.1\r\nConnection: close\r\n\r\n`]);
    expect(response?.status).toBe(400);
    expect(JSON.parse(response!.body)).toMatchObject({ status: 400, code: 'malformed_request' });
    expect(contractViolations({ operationId: undefined, method: 'GET', ...response! })).toEqual([]);
  });

  it('answers a client that does not finish its request in time with a 408 problem document, whichever operation it addressed', async () => {
    const server = await startServer();
    // A server of the same app with short timeouts, created the way server/main.ts creates its own.
    const http = createAppServer(server.runtime.app, { headersTimeout: 200, requestTimeout: 300, connectionsCheckingInterval: 50 });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
      const slow = OPERATIONS.map(([operationId, method, path]) => {
        // Headers that never end; authenticate's body never arrives in full instead.
        const partial = method === 'POST' ? `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{` : `${method} ${path} HTTP/1.1\r\nHost: x\r\n`;
        return exchange(url, [partial]).then(([response]) => ({ operationId, method, response }));
      });
      for (const { operationId, method, response } of await Promise.all(slow)) {
        expect(response?.status, operationId).toBe(408);
        expect(JSON.parse(response!.body)).toMatchObject({ status: 408, code: 'request_timeout' });
        expect(contractViolations({ operationId, method, ...response! })).toEqual([]);
        // Refused before routing: the request named its operation, so the test notes it for the contract coverage.
        recordCoverage(operationId, 408);
      }
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

