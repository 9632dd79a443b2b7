/** What every operation handler receives. */
import type { Request, Response } from 'express';
import type { TokenService } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { SearchExecutor } from '../search/executor.js';
import type { StreamSigner } from '../streaming/signer.js';
import type { Store } from '../store/types.js';

export interface HandlerDeps {
  store: Store;
  /** Runs searches off the event loop, within the search capacity (server/search/). */
  search: Pick<SearchExecutor, 'search'>;
  tokens: TokenService;
  clock: Clock;
  streams: StreamSigner;
}

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

/** The authenticated partner; the bearer middleware guarantees it for operations that need it. */
export function partnerId(req: Request): string {
  if (!req.partner) throw new Error('no authenticated partner on a bearer operation');
  return req.partner.id;
}

/** An instant (epoch ms or seconds-precision) as an ISO 8601 string. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
