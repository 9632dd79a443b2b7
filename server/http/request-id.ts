/** Request ids: a well-formed `X-Request-Id` from the caller is kept, otherwise one is generated; echoed on every response. */
import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

// Random bytes are drawn from the system 4 KiB at a time instead of 8 bytes per request
// (randomBytes per request was 2% of a getSeries request's CPU). An id is still 64 random bits:
// `req_` and 16 hex digits.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A new request id: `req_` and 16 hex digits. */
export function newRequestId(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 8;
  return `req_${pool.toString('hex', used - 8, used)}`;
}

/** Middleware factory: sets `req.id` and the `X-Request-Id` response header. */
export function requestId() {
  return function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
    const given = req.get('x-request-id');
    req.id = given && ACCEPTED.test(given) ? given : newRequestId();
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}
