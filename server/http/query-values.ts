/**
 * What the contract validator lets through but JavaScript cannot hold, read defensively right
 * after validation (before any handler sees it):
 *
 * - Numbers: Ajv coerces `Infinity`, `-Infinity` and `1e309` to non-finite numbers and then skips
 *   `minimum`, `maximum` and `format: int32` for them. Any non-finite number in the query is
 *   refused as the validator refuses other bad values (400 validation_failed).
 * - Date-times: RFC 3339 allows a leap second (`23:59:60`), which JavaScript's Date cannot
 *   represent. Each date-time query parameter is rewritten to the instant as an ISO string; a
 *   leap second becomes the instant right after it (the next second), which is what "at or
 *   after" means for any time JavaScript can hold.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError, type ValidationIssue } from './errors.js';

const LEAP_SECOND = /^(.*T\d{2}:\d{2}:)60(?:\.\d+)?((?:Z|[+-]\d{2}:\d{2}))$/i;

/** The instant a validated RFC 3339 date-time names, as an ISO string, or undefined if there is none. */
export function instantOf(value: string): string | undefined {
  const leap = LEAP_SECOND.exec(value);
  const ms = leap ? Date.parse(`${leap[1]}59${leap[2]}`) + 1000 : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

function refuse(name: string, message: string): ApiError {
  const issue: ValidationIssue = { location: 'query', pointer: name, message };
  return new ApiError('validation_failed', `The request does not match the contract: query ${name}: ${message}`, { errors: [issue] });
}

/** Middleware factory: refuses non-finite numbers and normalizes date-times in the validated query. */
export function queryValues() {
  return function queryValuesMiddleware(req: Request, _res: Response, next: NextFunction): void {
    const query = req.query as Record<string, unknown>;
    for (const name in query) {
      const value = query[name];
      if (typeof value === 'number' && !Number.isFinite(value)) throw refuse(name, 'must be a finite number');
    }
    for (const name of req.operation?.dateTimeQuery ?? []) {
      const value = query[name];
      if (typeof value !== 'string') continue;
      const instant = instantOf(value);
      if (instant === undefined) throw refuse(name, 'must be an instant between the years 0000 and 9999');
      query[name] = instant;
    }
    next();
  };
}
