/**
 * Bearer authentication: the token is verified with jose (server/auth/tokens.ts), then checked
 * against the partner's current state on every request, so a disabled partner or a regenerated
 * secret takes effect at once, in every running instance, and a token from a rolled secret stops
 * when that secret expires. server/partner-api/caller.ts runs it for every
 * operation whose contract security requires a token, and turns a refusal into a failed
 * authentication of the client address (401, or 429 once the address is past its limit).
 */
import type { Request } from 'express';
import type { TokenService } from '../auth/tokens.js';
import { ApiError } from '../http/errors.js';
import type { Clock } from '../platform/clock.js';
import { previousSecretValid, type Credentials } from '../store/index.js';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/-]+=*)[ \t]*$/i;

function challenge(error: 'invalid_request' | 'invalid_token'): Record<string, string> {
  return { 'WWW-Authenticate': `Bearer realm="partner-catalog", error="${error}"` };
}

/** Why a request's token does not authenticate it, and which partner the token named if it is genuine. */
export interface Refusal {
  error: ApiError;
  partnerId?: string;
}

/** Verifies a request's bearer token against the partner's current state; sets `req.partner` or says why not. */
export type BearerVerifier = (req: Request) => Promise<Refusal | undefined>;

/** Builds the verifier (server/partner-api/caller.ts runs it for every bearer operation). */
export function bearerVerifier(options: { tokens: TokenService; store: Credentials; clock: Clock }): BearerVerifier {
  const { tokens, store, clock } = options;
  if (!tokens || !store || !clock) throw new Error('bearerVerifier: tokens, store and clock are required');

  return async function verifyBearer(req: Request): Promise<Refusal | undefined> {
    const header = req.headers.authorization;
    if (!header) {
      return { error: new ApiError('unauthorized', 'A bearer token is required: send `Authorization: Bearer <access_token>`.', { headers: challenge('invalid_request') }) };
    }
    const match = BEARER.exec(header);
    if (!match) return { error: new ApiError('unauthorized', 'The Authorization header must be `Bearer <access_token>`.', { headers: challenge('invalid_request') }) };
    let verified;
    try {
      verified = await tokens.verify(match[1]!);
    } catch (err) {
      if (err instanceof ApiError) return { error: new ApiError(err.code, err.message, { headers: challenge('invalid_token') }) };
      throw err;
    }
    req.tokenPartnerId = verified.partnerId;
    // One read for both: the partner's state now, and the content version the response cache keys on (read before any data).
    const { partner: record, contentVersion } = await store.readPartnerState(verified.partnerId);
    req.contentVersion = contentVersion;
    if (!record || record.disabled) {
      return { error: new ApiError('unauthorized', 'The partner account behind this token is not active.', { headers: challenge('invalid_token') }), partnerId: record?.id };
    }
    // The token lives as long as the secret it came from: the current one, or a roll's old one until it expires.
    const fromOldSecret = verified.credentialVersion === record.previousSecret?.credentialVersion;
    if (fromOldSecret && !previousSecretValid(record.previousSecret, clock.now())) {
      const error = new ApiError('token_revoked', 'The access token was issued from an API secret that has expired since it was rolled; authenticate again with the new secret.', {
        headers: challenge('invalid_token'),
      });
      return { error, partnerId: record.id };
    }
    if (!fromOldSecret && record.credentialVersion !== verified.credentialVersion) {
      const error = new ApiError('token_revoked', 'The access token was revoked when the API secret was regenerated; authenticate again with the new secret.', {
        headers: challenge('invalid_token'),
      });
      return { error, partnerId: record.id };
    }
    const token = { issuedAt: verified.issuedAt, expiresAt: verified.expiresAt, jti: verified.jti };
    req.partner = { id: record.id, record, credentialVersion: verified.credentialVersion, token };
    return undefined;
  };
}
