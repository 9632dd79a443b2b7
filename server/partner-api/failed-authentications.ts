/**
 * Failed authentications, limited per client address (IPv6 by /56) by the contract's
 * `info.x-failed-authentication-limit`, and never against the partner whose key was presented:
 * a wrong secret, an unknown key, a disabled partner, and a missing, malformed or expired bearer
 * token (a revoked one was genuine and is not counted: partner-api/caller.ts). Only the address pays, so nobody who knows a partner's API key can use up
 * that partner's budget.
 *
 * authenticate counts each attempt before the secret is hashed and releases the count once the
 * response shows the attempt did not fail, so a burst of guesses from one address costs at most
 * the limit in hashes per window. Bearer operations count only tokens that failed, so valid
 * requests pay nothing. Each failure is watched per key: a metric by partner (`unknown` for keys
 * and tokens that name none) and, for a known API key, a log line with the partner and address.
 */
import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { LimitPolicy } from '../contract/load.js';
import { ApiError } from '../http/errors.js';
import type { Metrics } from '../platform/metrics.js';
import type { CreateLimitStore } from '../limits/limit-store.js';
import './request-fields.js';

export interface AuthenticationFailure {
  credential: 'api_key' | 'bearer';
  /** The partner the key or token names, when it names one that exists. */
  partnerId: string | undefined;
  reason: string;
}

export interface FailedAuthentications {
  /** Counts an authentication attempt of the request's address; throws 429 past the limit. */
  attempt(req: Request, res: Response): Promise<void>;
  /** Records a failure in the metric and, for a known API key, the log. */
  record(req: Request, failure: AuthenticationFailure): void;
  /** Middleware: attempt() for operations whose credentials are an API key and secret. */
  guardCredentials(req: Request, res: Response, next: NextFunction): Promise<void>;
}

export interface FailedAuthenticationsOptions {
  limit: LimitPolicy;
  createLimitStore: CreateLimitStore;
  logger: Logger;
  metrics?: Metrics | undefined;
  /** Multiplies the limit (bench-only setting); 1 in production. */
  limitMultiplier?: number | undefined;
}

/** The limiter's name in metrics, its store prefix and the 429's RateLimit policy. */
const NAME = 'failed-authentication';

/** Builds the per-address limiter of failed authentications. */
export function failedAuthentications(options: FailedAuthenticationsOptions): FailedAuthentications {
  const { createLimitStore, logger, metrics, limitMultiplier = 1 } = options;
  if (!options.limit || !createLimitStore || !logger) throw new Error('failedAuthentications: limit, createLimitStore and logger are required');
  const limit = Math.max(1, Math.round(options.limit.limit * limitMultiplier));
  const windowSeconds = Math.ceil(options.limit.windowMs / 1000);
  const address = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown', 56);

  const limiter = rateLimit({
    windowMs: options.limit.windowMs,
    limit,
    // Its headers would sit beside the partner's own policy on every authenticate; only its 429 says it.
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: 'failedAuthentications',
    store: createLimitStore(`rl:${NAME}:`, options.limit.failMode),
    keyGenerator: address,
    // The attempt stays counted only if it failed: a 4xx other than another limiter's 429.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (req, res) => {
      const status = res.statusCode;
      if (status === 429) return (req.failedAuthentications?.used ?? 0) <= limit;
      return status < 400 || status >= 500;
    },
    handler: (req, res, next) => {
      const info = req.failedAuthentications!;
      const wait = Math.max(1, Math.ceil(((info.resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(wait));
      res.setHeader('RateLimit', `"${NAME}"; r=0; t=${wait}`);
      res.setHeader('RateLimit-Policy', `"${NAME}"; q=${limit}; w=${windowSeconds}`);
      metrics?.rateLimited.inc({ group: NAME });
      // Once per address and window: the request that first goes past the limit.
      if (info.used === limit + 1) logger.warn({ clientAddress: req.ip, limit, windowSeconds }, 'client address over the limit of failed authentications');
      next(new ApiError('rate_limited', `This address has failed to authenticate ${limit} times in ${windowSeconds} seconds; retry in ${wait} seconds.`));
    },
  });

  function attempt(req: Request, res: Response): Promise<void> {
    return new Promise((resolve, reject) => void limiter(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
  }

  return {
    attempt,
    record(req, { credential, partnerId, reason }) {
      metrics?.failedAuthentications.inc({ credential, partner: partnerId ?? 'unknown' });
      if (credential === 'api_key' && partnerId) {
        logger.warn({ partnerId, clientAddress: req.ip, reason, requestId: req.id }, 'authentication failed for a known API key');
      }
    },
    async guardCredentials(req, res, next) {
      if (req.operation?.authentication === 'api-key-and-secret') await attempt(req, res);
      next();
    },
  };
}
