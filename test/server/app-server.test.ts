/**
 * The HTTP server creates requests and responses with the app's Express prototypes
 * (server/http/app-server.ts), so that Express's per-request prototype change is a no-op and V8 keeps
 * one hidden class for requests that take the same path. On Node 20 and 22 a per-request
 * prototype change gave every request a hidden class of its own, which tripled the CPU of a
 * cached page; only V8 can tell, so the test asks it (%HaveSameMap).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/http/app-server.js';
import { bearer, startServer } from '../helpers/server.js';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set; the test file's own code is parsed without it.
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const fastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

const SERIES = 'ser_7hx2k9qmbd';

describe('app server', () => {
  it('makes requests and responses with the app prototypes, and same-path requests share hidden classes', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ [SERIES]: ['read'] }));
    const seen: Array<{ req: IncomingMessage; res: ServerResponse; closed: Promise<void> }> = [];
    server.http.on('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ req, res, closed: new Promise((resolve) => res.once('close', () => resolve())) });
    });

    // The first two reads build the page (it is kept on the second); the next two take the same (cached) path through the app.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/api/partner/content/catalog`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await Promise.all(seen.map((s) => s.closed));
    expect(seen).toHaveLength(4);

    const [, , a, b] = seen as [unknown, unknown, (typeof seen)[0], (typeof seen)[0]];
    expect(Object.getPrototypeOf(a.req)).toBe(server.runtime.app.request);
    expect(Object.getPrototypeOf(a.res)).toBe(server.runtime.app.response);
    expect(a.req).not.toBe(b.req);
    expect(sameHiddenClass(a.req, b.req)).toBe(true);
    expect(sameHiddenClass(a.res, b.res)).toBe(true);
    // Not slow dictionary objects either (V8 normalizes an object that outgrows its in-object room).
    expect(fastProperties(a.req) && fastProperties(a.res)).toBe(true);
    // The check can tell: objects that differ in shape are told apart.
    expect(sameHiddenClass(a.req, a.res)).toBe(false);
  });

  it('gives an app the same request classes when a second server is made for it', () => {
    const app = express();
    const first = createAppServer(app);
    const request = app.request;
    const second = createAppServer(app);
    expect(app.request).toBe(request);
    expect(Object.getPrototypeOf(app.request)).not.toBe(request);
    first.close();
    second.close();
  });
});
