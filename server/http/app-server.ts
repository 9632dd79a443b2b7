/**
 * The Node HTTP server for the app: it creates every request and response with the prototype
 * Express gives them, instead of Node's plain ones.
 *
 * Express gives each request and response its app's prototypes per request, with
 * Object.setPrototypeOf in app.handle. On the V8 of Node 20 and 22, an object whose prototype was
 * changed gets a hidden class of its own for every property added to it afterwards (Express's
 * router, our middleware, express-rate-limit and the validator add about twenty), so no two
 * requests share one and every property access for the rest of the request misses V8's inline
 * caches: most of the CPU of a cached catalog page
 * (docs/decisions/0047-requests-made-with-the-apps-prototypes.md). Node 24's V8, which the server
 * runs on, does not have the cliff; the construction costs nothing there and keeps
 * `createAppServer` fast for code on Node 22 (docs/performance.md#app-prototypes).
 *
 * So the server constructs requests and responses as subclasses of Node's, whose prototypes
 * inherit from the app's, and makes those prototypes the app's: Express's per-request change is
 * then a no-op. Subclasses (not plain functions) because V8 sizes and shares the hidden class of
 * a subclass instance from the whole constructor chain; a plain function constructor left the
 * request with no in-object room, and the router's first symbol-keyed property turned it into a
 * slow dictionary object.
 *
 * The server also answers what Node refuses before the app sees a request (oversized headers,
 * malformed requests, timeouts) with problem documents (http/parser-refusals.ts), and hands
 * requests with an `Expect` other than 100-continue to the app instead of answering a bare 417
 * (RFC 9110 lets a server ignore expectations it does not know). An answer written before its
 * request's body has arrived closes the connection (closeIfBodyUnread).
 */
import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';
import { answerParserRefusals, type ParserRefusal } from './parser-refusals.js';

export interface AppServerOptions extends Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> {
  /** Called for every request Node's parser refused, once its problem document is written. */
  onRefusal?: (refusal: ParserRefusal) => void;
}

interface AppClasses {
  AppRequest: typeof IncomingMessage;
  AppResponse: typeof ServerResponse;
}

/** One pair of classes per app: a second server for the same app must not re-parent its prototypes again. */
const classesOf = new WeakMap<Express, AppClasses>();

function appClasses(app: Express): AppClasses {
  let classes = classesOf.get(app);
  if (!classes) {
    class AppRequest extends IncomingMessage {}
    class AppResponse extends ServerResponse {}
    // Every response's head goes through writeHead, whether the app calls it or Node does.
    const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    AppResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      closeIfBodyUnread(this);
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    // AppRequest.prototype -> the app's request prototype -> Express's -> Node's, and likewise for responses.
    Object.setPrototypeOf(AppRequest.prototype, app.request);
    Object.setPrototypeOf(AppResponse.prototype, app.response);
    app.request = AppRequest.prototype as unknown as Express['request'];
    app.response = AppResponse.prototype as unknown as Express['response'];
    classes = { AppRequest, AppResponse: AppResponse as typeof ServerResponse };
    classesOf.set(app, classes);
  }
  return classes;
}

/**
 * The most of an unread request body the server reads and discards to keep its connection alive.
 * Requests of both APIs carry at most a few KiB unless an operation reads its body (the partner
 * API's largest is authenticate's 16 KiB).
 */
const DISCARDED_BODY_BYTES = 64 * 1024;

/**
 * A connection kept alive must be usable for the next request. An answer given before the
 * request's body has been read (a GET with a body refused 401 before it is read) leaves
 * that body on the wire, ahead of the client's next request. Node discards an unread body once
 * the answer is written; that is bounded only when the body's length is declared and small. Any
 * other unread body (larger, chunked, or of an `Expect: 100-continue` request) gets
 * `Connection: close`, and Node closes the connection after the answer instead of reading it.
 */
function closeIfBodyUnread(res: ServerResponse): void {
  const req = res.req;
  if (!req || req.complete || req.readableEnded || res.headersSent) return;
  const { 'content-length': length, 'transfer-encoding': encoding, expect } = req.headers;
  // Without either header the request has no body (RFC 9112 6.3), whatever `complete` says yet.
  if (encoding === undefined && (length === undefined || length === '0')) return;
  if (encoding !== undefined || expect !== undefined || !(Number(length) <= DISCARDED_BODY_BYTES)) res.setHeader('Connection', 'close');
}

/** An HTTP server (not listening) that answers with `app`, its requests and responses made with the app's prototypes. */
export function createAppServer(app: Express, options: AppServerOptions = {}): Server {
  if (typeof app !== 'function' || !app.request || !app.response) throw new Error('createAppServer: an Express app is required');
  const { onRefusal, ...serverOptions } = options;
  const { AppRequest, AppResponse } = appClasses(app);
  // The app refuses a request without Host itself (http/host-header.ts), as a problem document.
  const server = createServer({ ...serverOptions, requireHostHeader: false, IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
  server.on('clientError', answerParserRefusals(onRefusal));
  server.on('checkExpectation', app);
  return server;
}
