/**
 * Caller resolution: the one step that establishes who is calling and sets `req.partner`, which
 * the rate limiter, the grant check, usage counting, the access log and the handlers read.
 *
 * Where the caller becomes known depends on the operation's credentials (the contract's
 * security and `x-authentication`), so the step sits at two places of the chain, like the rate
 * limit that follows it:
 * - `fromToken`, before the response cache: a bearer token, verified by partner-api/authenticate.ts.
 * - `fromCredentials`, after contract validation (the body then has its documented shape): the
 *   API key and secret of authenticate. Its attempt was counted against the client address
 *   before validation (partner-api/failed-authentications.ts), so guesses cost at most the limit in hashes.
 *
 * Either way a refusal is a failed authentication of the client address, never of the partner
 * whose key or token was presented: 401, or 429 once the address is past its limit. The one
 * exception is a revoked token (genuine, from before a secret regeneration): refused with 401
 * without counting.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DUMMY_SECRET_HASH_PROMISE, verifySecret } from '../auth/secrets.js';
import type { TokenService } from '../auth/tokens.js';
import { ApiError } from '../http/errors.js';
import type { Clock } from '../platform/clock.js';
import { previousSecretValid, type Credentials, type PartnerRecord } from '../store/index.js';
import { bearerVerifier } from './authenticate.js';
import type { FailedAuthentications } from './failed-authentications.js';
import './request-fields.js';

export interface CallerResolution {
  /** For operations authenticated by bearer token. */
  fromToken: RequestHandler;
  /** For operations authenticated by API key and secret. */
  fromCredentials: RequestHandler;
}

/** Builds both placements of caller resolution. */
export function resolveCaller(options: { tokens: TokenService; store: Credentials; failures: FailedAuthentications; clock: Clock }): CallerResolution {
  const { store, failures, clock } = options;
  if (!options.tokens || !store || !failures || !clock) throw new Error('resolveCaller: tokens, store, failures and clock are required');
  const verifyBearer = bearerVerifier(options);

  async function fromToken(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (req.operation?.authentication !== 'bearer') return next();
    const refusal = await verifyBearer(req);
    if (!refusal) return next();
    failures.record(req, { credential: 'bearer', partnerId: refusal.partnerId, reason: refusal.error.code });
    // A revoked token was genuine (our signature, the partner's own credentials before a secret
    // regeneration): nobody can guess one, so it is no attempt to limit, and a partner's own calls
    // in flight during a regeneration must not hold up its authentication with the new secret.
    if (refusal.error.code !== 'token_revoked') await failures.attempt(req, res);
    throw refusal.error;
  }

  async function fromCredentials(req: Request, _res: Response, next: NextFunction): Promise<void> {
    if (req.operation?.authentication !== 'api-key-and-secret') return next();
    const { api_key, api_secret } = req.body as { api_key: string; api_secret: string };
    const partner = await store.getPartnerByApiKey(api_key);
    const version = await matchedVersion(partner, api_secret);
    const matches = version !== undefined;
    if (partner && matches && !partner.disabled) {
      req.partner = { id: partner.id, record: partner, credentialVersion: version };
      await store.markSecretUsed(partner.id, version, new Date(clock.now()).toISOString());
      return next();
    }
    const reason = !partner ? 'unknown_key' : !matches ? 'wrong_secret' : 'disabled_partner';
    failures.record(req, { credential: 'api_key', partnerId: partner?.id, reason });
    // Only the right secret learns that the partner is disabled, so that its client waits for the
    // studio instead of treating the secret as wrong; a guess learns nothing it did not know.
    if (reason === 'disabled_partner') {
      throw new ApiError('partner_disabled', 'The studio has disabled this partner account; the credentials work again once it is re-enabled.');
    }
    throw new ApiError('invalid_credentials', 'The API key and secret do not match an active partner.');
  }

  /**
   * The credential version of the partner's secret that api_secret is: the current one, or a
   * roll's old one until it expires. Hashes even for unknown keys so response time does not
   * reveal which keys exist.
   */
  async function matchedVersion(partner: PartnerRecord | undefined, secret: string): Promise<number | undefined> {
    if (await verifySecret(secret, partner?.secretHash ?? (await DUMMY_SECRET_HASH_PROMISE))) return partner?.credentialVersion;
    const previous = partner?.previousSecret ?? null;
    if (previousSecretValid(previous, clock.now()) && (await verifySecret(secret, previous.secretHash))) return previous.credentialVersion;
    return undefined;
  }

  return { fromToken, fromCredentials };
}
