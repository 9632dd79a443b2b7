/**
 * Sign-in limits, from the studio contract's `info.x-sign-in-limits`, as each sign-in operation's
 * `x-sign-in-limit` names them:
 *
 * - `failures` (password sign-in, and the account changes that need the password): only failed
 *   attempts count (express-rate-limit's skipSuccessfulRequests takes a successful one back),
 *   keyed by the account (the email sent, or the signed-in operator's) and the client address
 *   together, and by the client address alone (IPv6 by /56) as a cap across accounts.
 *   Someone guessing an operator's password from one address locks out that address only: the
 *   operator, signing in from another, is never refused because of it, and no address can lock
 *   any account for anyone else (docs/decisions/0110-sign-in-lockout-by-account-and-address.md).
 * - `per-address` (identity-provider sign-in): every attempt counts per client address.
 *
 * Past a limit the answer is 429 with `Retry-After`, before the password is hashed; the first
 * refusal of a window is a `sign_in.lockout` security event (services/security-events.ts). The
 * counts live in the limit stores of server/limits/ (Redis with REDIS_URL, shared by instances).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { LimitPolicy } from '../contract/load.js';
import type { SignInLimits } from '../contract/studio.js';
import { ApiError } from '../http/errors.js';
import type { CreateLimitStore } from '../limits/limit-store.js';
import type { SecurityEvents } from '../services/index.js';
import './request-fields.js';

/** What the lockout event and the refusal call each limit. */
type LimitName = 'address' | 'account_address' | 'failures_address';

const addressOf = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown', 56);
/** The account tried: the email a sign-in sends, or the signed-in operator's own for an account change that needs the password. */
const emailOf = (req: Request): string | undefined => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : req.operator?.record.email;
};

const REFUSALS: Record<LimitName, string> = {
  address: 'Too many sign-in attempts from this address',
  account_address: 'Too many failed sign-ins to this account from this address',
  failures_address: 'Too many failed sign-ins from this address',
};

function limiter(name: LimitName, policy: LimitPolicy, options: { createLimitStore: CreateLimitStore; security: SecurityEvents; failuresOnly: boolean; key: (req: Request) => string }): RequestHandler {
  const { security } = options;
  return rateLimit({
    windowMs: policy.windowMs,
    limit: policy.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: options.createLimitStore(`rl:studio-sign-in-${name.replace('_', '-')}:`, policy.failMode),
    keyGenerator: options.key,
    // A sign-in answered below 400 was a success: its count is taken back.
    skipSuccessfulRequests: options.failuresOnly,
    handler: async (req, res, next) => {
      const retryAfter = String(res.getHeader('Retry-After') ?? Math.ceil(policy.windowMs / 1000));
      // The first refusal of a window is the lockout; the attempts refused after it are not events of their own.
      if ((req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.used === policy.limit + 1) {
        const email = emailOf(req);
        await security.record({ type: 'sign_in.lockout', address: req.ip ?? null, ...(email !== undefined ? { email } : {}), detail: { limit: name, attempts: policy.limit } });
      }
      next(new ApiError('rate_limited', `${REFUSALS[name]}; retry in ${retryAfter} seconds.`, { headers: { 'Retry-After': retryAfter } }));
    },
  });
}

/** Runs the limiters in order, stopping at the first refusal. */
function inOrder(limiters: RequestHandler[]): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const run = (i: number) => (err?: unknown) => {
      if (err || i === limiters.length) return next(err);
      void limiters[i]!(req, res, run(i + 1));
    };
    run(0)();
  };
}

/** Middleware factory: the sign-in limits of the operation's `x-sign-in-limit`; 429 past one. */
export function signInLimits(options: SignInLimits & { createLimitStore: CreateLimitStore; security: SecurityEvents }) {
  const { createLimitStore, security } = options;
  if (!options.perAddress || !options.failuresPerAccountAndAddress || !options.failuresPerAddress || !createLimitStore || !security) {
    throw new Error('signInLimits: the three limits, createLimitStore and security are required');
  }
  const common = { createLimitStore, security };
  const byAddress = limiter('address', options.perAddress, { ...common, failuresOnly: false, key: addressOf });
  const failures = inOrder([
    // The address's own failures first: an address over its cap is refused whatever the account.
    limiter('failures_address', options.failuresPerAddress, { ...common, failuresOnly: true, key: addressOf }),
    // The address and the email together: the email cannot contain the space (contract: format email).
    limiter('account_address', options.failuresPerAccountAndAddress, { ...common, failuresOnly: true, key: (req) => `${addressOf(req)} ${emailOf(req) ?? ''}` }),
  ]);
  return function signInLimitsMiddleware(req: Request, res: Response, next: NextFunction): void {
    // The operation's x-sign-in-limit (server/contract/studio.ts).
    const limited = req.operation?.signInLimit;
    if (limited === 'per-address') return void byAddress(req, res, next);
    if (limited === 'failures') return failures(req, res, next);
    next();
  };
}
