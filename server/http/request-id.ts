/** Request ids: a well-formed `X-Request-Id` from the caller is kept, otherwise one is generated; echoed on every response. */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Middleware factory: sets `req.id` and the `X-Request-Id` response header. */
export function requestId() {
  return function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
    const given = req.get('x-request-id');
    req.id = given && ACCEPTED.test(given) ? given : `req_${randomBytes(8).toString('hex')}`;
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}
