/**
 * Per-partner rate limits, one express-rate-limit limiter per contract group, created at start
 * with the group's limit from the contract and a store of its own. Requests are counted per
 * partner: the token's partner, or on authenticate the partner behind `api_key`; callers with no
 * known partner are counted per client address (IPv6 by /56) under the same limit.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store as LimitStore } from 'express-rate-limit';
import type { RateLimitGroup, RateLimitGroupName } from '../contract.js';
import { ApiError } from '../errors.js';
import type { Store } from '../store/types.js';

export interface RateLimitOptions {
  groups: Record<RateLimitGroupName, RateLimitGroup>;
  store: Store;
  /** A fresh limit store for one group; its prefix keeps groups apart in a shared backend. */
  createLimitStore: (prefix: string) => LimitStore;
  /** Multiplies every limit (bench-only setting); 1 in production. */
  limitMultiplier?: number;
  /** Called for every request refused with 429. */
  onLimited?: (group: RateLimitGroupName) => void;
}

async function partnerKey(store: Store, req: Request): Promise<string> {
  if (req.partner) return `partner:${req.partner.id}`;
  const apiKey = (req.body as { api_key?: unknown } | undefined)?.api_key;
  if (typeof apiKey === 'string' && apiKey.length <= 64) {
    const partner = await store.getPartnerByApiKey(apiKey);
    if (partner) {
      req.res!.locals.authPartner = partner;
      return `partner:${partner.id}`;
    }
  }
  return `ip:${ipKeyGenerator(req.ip ?? 'unknown', 56)}`;
}

/** Middleware factory: applies the limiter of the request's contract group. */
export function rateLimits(options: RateLimitOptions) {
  const { groups, store, createLimitStore, limitMultiplier = 1, onLimited } = options;
  if (!groups || !store || !createLimitStore) throw new Error('rateLimits: groups, store and createLimitStore are required');
  const limiters = new Map<string, RequestHandler>();
  for (const group of Object.values(groups)) {
    const limit = Math.max(1, Math.round(group.limit * limitMultiplier));
    limiters.set(
      group.name,
      rateLimit({
        windowMs: group.windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store: createLimitStore(`rl:${group.name.toLowerCase()}:`),
        keyGenerator: (req) => partnerKey(store, req),
        handler: (_req, res, next) => {
          onLimited?.(group.name);
          const retryAfter = res.getHeader('Retry-After');
          next(
            new ApiError('rate_limited', `The ${group.name} limit of ${limit} requests per minute is exhausted; retry in ${retryAfter ?? 60} seconds.`),
          );
        },
      }),
    );
  }
  return function rateLimitMiddleware(req: Request, res: Response, next: NextFunction): void {
    const limiter = req.operation && limiters.get(req.operation.group);
    if (!limiter) return next();
    void limiter(req, res, next);
  };
}
