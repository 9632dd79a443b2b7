/**
 * HTTP/1.1 requires a Host header (RFC 9112, section 3.2). Node answers a request without one
 * with a bare 400 unless told not to (createAppServer turns that off); this answers it with the
 * same problem document as every other refusal.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './errors.js';

/** Middleware factory: refuses HTTP/1.1 requests without a Host header with 400 malformed_request. */
export function requireHost() {
  return function requireHostMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      throw new ApiError('malformed_request', 'An HTTP/1.1 request needs a Host header.');
    }
    next();
  };
}
