/**
 * Marks when a request arrived, for the store: the documented bound of a store operation counts
 * from here (server/store/request-start.ts), so a request that queued for a search slot, waited
 * on a busy event loop or made an earlier store operation still gets its answer, a 503 during a
 * stall, within the one bound. First of every app's steps, so the time before it is only Node's.
 */
import type { NextFunction, Request, Response } from 'express';
import { monotonicNow, servingRequestFrom } from '../store/index.js';

/** Middleware factory: runs the rest of the request as work of a request that arrived now. */
export function storeDeadline() {
  return function storeDeadlineMiddleware(_req: Request, _res: Response, next: NextFunction): void {
    servingRequestFrom(monotonicNow(), next);
  };
}
