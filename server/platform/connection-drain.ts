/**
 * Draining keep-alive connections on shutdown. Closing the listener stops new connections, and
 * Node closes the connections that are idle at that moment, but a connection busy with a request
 * stays open after answering it and goes on serving whatever its client sends next, until the
 * shutdown timeout cuts it mid-request.
 *
 * Once draining starts, every response, including those of requests already in flight, carries
 * `Connection: close`: Node closes each connection as soon as its answer is written, and the
 * client knows to send its next request on a new connection (to another instance, once the load
 * balancer has taken this one out of rotation).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface ConnectionDrain {
  /** From now on every response closes its connection once written; idempotent. */
  start(): void;
  readonly draining: boolean;
}

function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) {
    // Node then writes `Connection: close` and ends the connection after this response.
    res.setHeader('Connection', 'close');
    return;
  }
  // The headers already promised keep-alive (a body still being written): end the connection once it is sent.
  const socket = res.socket;
  res.once('finish', () => socket?.end());
}

/** Tracks the server's in-flight responses so that start() can reach them. Call before the server listens. */
export function drainConnections(server: Server): ConnectionDrain {
  if (!server || typeof server.prependListener !== 'function') throw new Error('drainConnections: an HTTP server is required');
  let draining = false;
  // Responses not yet closed: the in-flight requests a drain must still reach.
  const inFlight = new Set<ServerResponse>();
  // One listener function per server, shared by every response: no closure per request.
  const forget = function (this: ServerResponse) {
    inFlight.delete(this);
  };
  // Before the app's listener, so a response written synchronously by the app is covered too.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    inFlight.add(res);
    res.on('close', forget);
  });
  return {
    start() {
      if (draining) return;
      draining = true;
      for (const res of inFlight) closeAfter(res);
      inFlight.clear();
    },
    get draining() {
      return draining;
    },
  };
}
