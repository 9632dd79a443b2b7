/** What an operation handler is, and how it reads the validated request: shared by both APIs' handlers. */
import type { Request, Response } from 'express';
import { ApiError } from './errors.js';

/** An operation handler: reads the validated request, throws ApiError for problems, sends JSON. */
export type OperationHandler = (req: Request, res: Response) => Promise<void>;

/** Query parameters after express-openapi-validator has validated and coerced them, and filled in the schemas' defaults. */
export function query<T>(req: Request): T {
  return req.query as unknown as T;
}

/**
 * A query parameter whose schema has a `default`: the validator filled it in, so it is always
 * there. The default itself lives in the contract only.
 */
export function defaulted<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`query parameter ${name} has no value: does its schema in the contract have a default?`);
  return value;
}

/** A path parameter, as operation lookup decoded it (server/http/operation.ts). */
export function pathParam(req: Request, name: string): string {
  const value = req.pathParams?.[name];
  if (value === undefined) throw new Error(`path parameter ${name} missing: is the route in the contract?`);
  return value;
}


/** An instant (epoch ms or seconds-precision) as an ISO 8601 string. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const DAY_MS = 86_400_000;

/** Refuses a range whose from is after its to, or longer than the operation's `x-max-range-days` (400 invalid_date_range). */
export function checkDateRange(req: Request, from: string, to: string): void {
  const maxDays = req.operation!.maxRangeDays;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw new ApiError('invalid_date_range', `from (${from}) is after to (${to}).`);
  if (maxDays !== undefined && days > maxDays) throw new ApiError('invalid_date_range', `The range spans ${days} days; at most ${maxDays} are allowed.`);
}
