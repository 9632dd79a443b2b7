/**
 * Rate limits, one express-rate-limit limiter per contract group, created at start with the
 * group's limit, window and fail mode from the contract and a store of its own, counted per the
 * caller's key. The partner API counts per partner once caller resolution
 * (server/partner-api/caller.ts) knows the partner: after its bearer token, and on authenticate
 * after its API key and secret matched, so a partner's Authentication budget counts its
 * successful authentications only and failed ones never spend it (they are limited per client
 * address: server/partner-api/failed-authentications.ts). The studio API counts per operator
 * (server/studio-api/app.ts): its own groups, store prefix and key.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimitGroup, RateLimitGroupName } from '../contract/load.js';
import { ApiError } from '../http/errors.js';
import type { CreateLimitStore } from './limit-store.js';

export interface RateLimitOptions {
  /** The contract's groups, by name. */
  groups: ReadonlyMap<RateLimitGroupName, RateLimitGroup>;
  /** A fresh limit store for one group. */
  createLimitStore: CreateLimitStore;
  /** Multiplies every limit (bench-only setting); 1 in production. */
  limitMultiplier?: number | undefined;
  /** Who a request is counted for. */
  key: (req: Request) => string;
  /** Keeps these limiters' counters apart from other limiters' groups of the same name; default `rl:`. */
  storePrefix?: string;
  /** Called for every request refused with 429. */
  onLimited?: (group: RateLimitGroupName) => void;
}

/** The two places in the chain where a request's partner becomes known. */
export interface RateLimits {
  /** For operations authenticated by bearer token (or not at all): right after bearer authentication. */
  afterBearer: RequestHandler;
  /** For operations authenticated by API key and secret: right after the credential check. */
  afterCredentials: RequestHandler;
}

/** A window as a partner reads it in a 429's detail: "minute", "10 seconds", "2 minutes". */
function windowWords(windowMs: number): string {
  const seconds = Math.round(windowMs / 1000);
  if (seconds % 60 !== 0) return seconds === 1 ? 'second' : `${seconds} seconds`;
  return seconds === 60 ? 'minute' : `${seconds / 60} minutes`;
}

/** Builds the limiters of every group; each request is counted once, at the place its authentication ends. */
export function rateLimits(options: RateLimitOptions): RateLimits {
  const { groups, createLimitStore, limitMultiplier = 1, onLimited, key, storePrefix = 'rl:' } = options;
  if (!groups || !createLimitStore || typeof key !== 'function') throw new Error('rateLimits: groups, createLimitStore and key are required');
  const limiters = new Map<string, RequestHandler>();
  for (const group of groups.values()) {
    const limit = Math.max(1, Math.round(group.limit * limitMultiplier));
    const window = windowWords(group.windowMs);
    limiters.set(
      group.name,
      rateLimit({
        windowMs: group.windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store: createLimitStore(`${storePrefix}${group.name.toLowerCase()}:`, group.failMode),
        keyGenerator: key,
        handler: (_req, res, next) => {
          onLimited?.(group.name);
          const retryAfter = res.getHeader('Retry-After') ?? Math.ceil(group.windowMs / 1000);
          next(new ApiError('rate_limited', `The ${group.name} limit of ${limit} requests per ${window} is exhausted; retry in ${retryAfter} seconds.`));
        },
      }),
    );
  }
  const placement = (byCredentials: boolean) =>
    function rateLimitMiddleware(req: Request, res: Response, next: NextFunction): void {
      const op = req.operation;
      const limiter = op && (op.authentication === 'api-key-and-secret') === byCredentials && limiters.get(op.group);
      if (!limiter) return next();
      void limiter(req, res, next);
    };
  return { afterBearer: placement(false), afterCredentials: placement(true) };
}
