/**
 * A connection the server keeps alive is usable for the next request, whatever the previous one
 * sent: a body the app never read (a GET with a body, refused before it is read) either has fully
 * arrived and is discarded, or the answer says `Connection: close` and the server closes the
 * connection (server/http/app-server.ts). Seen from a raw keep-alive socket, as a client's
 * connection pool sees it.
 */
import { describe, expect, it } from 'vitest';
import { getRequest, rawConnection } from '../helpers/raw-http.js';
import { startServer } from '../helpers/server.js';

const CATALOG = '/api/partner/content/catalog';

function head(path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ Host: 'localhost', Connection: 'keep-alive', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

describe('keep-alive after a body the app did not read', () => {
  it.each([
    ['a small JSON body', 'application/json', '{"q":"lighthouse"}'],
    ['a 12 KiB body', 'text/plain', 'x'.repeat(12 * 1024)],
  ])('a GET with %s, sent whole and answered 401, leaves the connection usable', async (_name, type, body) => {
    const server = await startServer();
    const conn = await rawConnection(server.url);
    conn.write(head(CATALOG, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) }) + body);
    const refused = await conn.response();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe('keep-alive');
    conn.write(getRequest('/healthz'));
    const next = await conn.response();
    expect(next.status).toBe(200);
    expect(next.headers.connection).toBe('keep-alive');
    conn.destroy();
  });

  it.each([
    ['a 100 KB body announced by Content-Length and not yet sent', head(CATALOG, { 'Content-Length': 100_000 })],
    ['a chunked body not yet ended', head(CATALOG, { 'Transfer-Encoding': 'chunked' }) + '5\r\nhello\r\n'],
    ['Expect: 100-continue and no body', head(CATALOG, { 'Content-Length': 64, Expect: '100-continue' })],
  ])('a GET with %s is answered with Connection: close, and the connection closed', async (_name, request) => {
    const server = await startServer();
    const conn = await rawConnection(server.url);
    conn.write(request);
    let refused = await conn.response();
    if (refused.status === 100) refused = await conn.response();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe('close');
    // Nothing the client sends afterwards is taken for a request: the server has closed.
    conn.write('x'.repeat(1000) + getRequest('/healthz'));
    expect(await conn.closed).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
    // A new connection is served as ever.
    const fresh = await rawConnection(server.url);
    fresh.write(getRequest('/healthz'));
    expect((await fresh.response()).status).toBe(200);
    fresh.destroy();
  });
});
