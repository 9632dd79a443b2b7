/**
 * express.json for operations that take a body, skipped cheaply for requests without one (the
 * same test body-parser makes). Other operations never read a body, so one sent with them
 * cannot fail before authentication: Node discards it.
 */
import { AsyncResource } from 'node:async_hooks';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Middleware factory: parses a JSON body for operations that declare one, of at most the
 * operation's own `maxBodyBytes` (studio contract) or else `limitBytes`.
 */
export function jsonBody(limitBytes: number) {
  if (!Number.isInteger(limitBytes) || limitBytes < 1) throw new Error('jsonBody: limitBytes must be a positive integer');
  const parsers = new Map<number, ReturnType<typeof express.json>>();
  const parserFor = (limit: number) => {
    let parser = parsers.get(limit);
    if (!parser) parsers.set(limit, (parser = express.json({ limit })));
    return parser;
  };
  return function jsonBodyMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (!req.operation?.hasRequestBody) return next();
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    // The body's events come from the socket, outside the request's async context: next is bound
    // back to it, so the steps after the body still serve this request (store-deadline.ts).
    parserFor(req.operation.maxBodyBytes ?? limitBytes)(req, res, AsyncResource.bind(next));
  };
}
