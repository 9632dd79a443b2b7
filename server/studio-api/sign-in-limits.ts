/**
 * Sign-in attempts, limited by the studio contract's `info.x-sign-in-limits`: per client address
 * (IPv6 by /56) for every sign-in operation, and per account (the email sent) for those whose
 * `x-sign-in-limit` says so (password sign-in), whatever the outcome, so neither one address nor a spread of addresses can guess at
 * one operator's password faster than the limit. Past either limit the answer is 429 with
 * `Retry-After`, before the password is hashed.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { LimitPolicy } from '../contract/load.js';
import { ApiError } from '../http/errors.js';
import type { CreateLimitStore } from '../limits/limit-store.js';
import type { SecurityEvents } from '../services/index.js';
import './request-fields.js';

function limiter(name: string, policy: LimitPolicy, createLimitStore: CreateLimitStore, security: SecurityEvents, key: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: policy.windowMs,
    limit: policy.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: createLimitStore(`rl:studio-sign-in-${name}:`, policy.failMode),
    keyGenerator: key,
    handler: async (req, res, next) => {
      const retryAfter = String(res.getHeader('Retry-After') ?? Math.ceil(policy.windowMs / 1000));
      // The first refusal of a window is the lockout; the attempts refused after it are not events of their own.
      if ((req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.used === policy.limit + 1) {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        await security.record({ type: 'sign_in.lockout', address: req.ip ?? null, ...(typeof email === 'string' ? { email: email.toLowerCase() } : {}), detail: { limit: name, attempts: policy.limit } });
      }
      next(new ApiError('rate_limited', `Too many sign-in attempts ${name === 'address' ? 'from this address' : 'for this account'}; retry in ${retryAfter} seconds.`, { headers: { 'Retry-After': retryAfter } }));
    },
  });
}

/** Middleware factory: counts each sign-in attempt per address and per account; 429 past either limit. */
export function signInLimits(options: { perAddress: LimitPolicy; perAccount: LimitPolicy; createLimitStore: CreateLimitStore; security: SecurityEvents }) {
  const { createLimitStore, security } = options;
  if (!options.perAddress || !options.perAccount || !createLimitStore || !security) throw new Error('signInLimits: both limits, createLimitStore and security are required');
  const byAddress = limiter('address', options.perAddress, createLimitStore, security, (req) => ipKeyGenerator(req.ip ?? 'unknown', 56));
  const byAccount = limiter('account', options.perAccount, createLimitStore, security, (req) => String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase());
  return function signInLimitsMiddleware(req: Request, res: Response, next: NextFunction): void {
    // The operation's x-sign-in-limit (server/contract/studio.ts).
    const limited = req.operation?.signInLimit;
    if (!limited) return next();
    void byAddress(req, res, (err?: unknown) => {
      if (err || limited !== 'per-address-and-account') return next(err);
      void byAccount(req, res, next);
    });
  };
}
