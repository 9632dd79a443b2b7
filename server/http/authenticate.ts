/**
 * Bearer authentication for every operation whose contract security requires it. The token is
 * verified with jose (server/auth/tokens.ts), then checked against the partner's current state on
 * every request, so a disabled partner or a regenerated secret takes effect at once, in every
 * running instance.
 */
import type { NextFunction, Request, Response } from 'express';
import type { TokenService } from '../auth/tokens.js';
import { ApiError } from '../errors.js';
import type { Store } from '../store/types.js';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/-]+=*)[ \t]*$/i;

function challenge(error: 'invalid_request' | 'invalid_token'): Record<string, string> {
  return { 'WWW-Authenticate': `Bearer realm="partner-catalog", error="${error}"` };
}

/** Middleware factory: sets `req.partner` from a valid bearer token, or throws 401. */
export function bearerAuth(options: { tokens: TokenService; store: Store }) {
  const { tokens, store } = options;
  if (!tokens || !store) throw new Error('bearerAuth: tokens and store are required');
  return async function bearerAuthMiddleware(req: Request, _res: Response, next: NextFunction): Promise<void> {
    if (!req.operation?.requiresBearer) return next();
    const header = req.headers.authorization;
    if (!header) {
      throw new ApiError('unauthorized', 'A bearer token is required: send `Authorization: Bearer <access_token>`.', {
        headers: challenge('invalid_request'),
      });
    }
    const match = BEARER.exec(header);
    if (!match) {
      throw new ApiError('unauthorized', 'The Authorization header must be `Bearer <access_token>`.', { headers: challenge('invalid_request') });
    }
    let verified;
    try {
      verified = await tokens.verify(match[1]!);
    } catch (err) {
      if (err instanceof ApiError) throw new ApiError(err.code, err.message, { headers: challenge('invalid_token') });
      throw err;
    }
    // One read for both: the partner's state now, and the content version the response cache keys on (read before any data).
    const { partner: record, contentVersion } = await store.readPartnerState(verified.partnerId);
    req.contentVersion = contentVersion;
    if (!record || record.disabled) {
      throw new ApiError('unauthorized', 'The partner account behind this token is not active.', { headers: challenge('invalid_token') });
    }
    if (record.credentialVersion !== verified.credentialVersion) {
      throw new ApiError('token_revoked', 'The access token was revoked when the API secret was regenerated; authenticate again with the new secret.', {
        headers: challenge('invalid_token'),
      });
    }
    req.partner = { id: record.id, record, token: { issuedAt: verified.issuedAt, expiresAt: verified.expiresAt, jti: verified.jti } };
    next();
  };
}
