/**
 * Bearer authentication: the token is verified with jose (server/auth/tokens.ts), then checked
 * against the partner's current state on every request, so a disabled partner or a regenerated
 * secret takes effect at once, in every running instance. server/partner-api/caller.ts runs it for every
 * operation whose contract security requires a token, and turns a refusal into a failed
 * authentication of the client address (401, or 429 once the address is past its limit).
 */
import type { Request } from 'express';
import type { TokenService } from '../auth/tokens.js';
import { ApiError } from '../http/errors.js';
import type { Credentials } from '../store/index.js';

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
export function bearerVerifier(options: { tokens: TokenService; store: Credentials }): BearerVerifier {
  const { tokens, store } = options;
  if (!tokens || !store) throw new Error('bearerVerifier: tokens and store are required');

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
    if (record.credentialVersion !== verified.credentialVersion) {
      const error = new ApiError('token_revoked', 'The access token was revoked when the API secret was regenerated; authenticate again with the new secret.', {
        headers: challenge('invalid_token'),
      });
      return { error, partnerId: record.id };
    }
    req.partner = { id: record.id, record, token: { issuedAt: verified.issuedAt, expiresAt: verified.expiresAt, jti: verified.jti } };
    return undefined;
  };
}
