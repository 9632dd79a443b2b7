/**
 * express.json for operations that take a body, skipped cheaply for requests without one (the
 * same test body-parser makes). Other operations never read a body, so one sent with them
 * cannot fail before authentication: Node discards it.
 */
import express, { type NextFunction, type Request, type Response } from 'express';

/** Middleware factory: parses a JSON body of at most `limitBytes` for operations that declare one. */
export function jsonBody(limitBytes: number) {
  if (!Number.isInteger(limitBytes) || limitBytes < 1) throw new Error('jsonBody: limitBytes must be a positive integer');
  const parseJson = express.json({ limit: limitBytes });
  return function jsonBodyMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (!req.operation?.hasRequestBody) return next();
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
    parseJson(req, res, next);
  };
}
