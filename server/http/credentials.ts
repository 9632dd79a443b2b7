/**
 * The API key and secret of the operations whose contract names them as their credentials
 * (`x-authentication: api-key-and-secret`, i.e. authenticate). Runs after contract validation,
 * so the body has the documented shape. Sets `req.partner` when they match an active partner,
 * and only then does the partner's own rate limit count the request; a mismatch is a failed
 * authentication of the client address (http/failed-authentications.ts), answered 401.
 */
import type { NextFunction, Request, Response } from 'express';
import { DUMMY_SECRET_HASH_PROMISE, verifySecret } from '../auth/secrets.js';
import { ApiError } from '../errors.js';
import type { Store } from '../store/types.js';
import type { FailedAuthentications } from './failed-authentications.js';

/** Middleware factory: sets `req.partner` from a matching API key and secret, or throws 401 invalid_credentials. */
export function checkCredentials(options: { store: Store; failures: FailedAuthentications }) {
  const { store, failures } = options;
  if (!store || !failures) throw new Error('checkCredentials: store and failures are required');
  return async function checkCredentialsMiddleware(req: Request, _res: Response, next: NextFunction): Promise<void> {
    if (req.operation?.authentication !== 'api-key-and-secret') return next();
    const { api_key, api_secret } = req.body as { api_key: string; api_secret: string };
    const partner = await store.getPartnerByApiKey(api_key);
    // Hash even for unknown keys so response time does not reveal which keys exist.
    const matches = await verifySecret(api_secret, partner?.secretHash ?? (await DUMMY_SECRET_HASH_PROMISE));
    if (partner && matches && !partner.disabled) {
      req.partner = { id: partner.id, record: partner };
      return next();
    }
    const reason = !partner ? 'unknown_key' : !matches ? 'wrong_secret' : 'disabled_partner';
    failures.record(req, { credential: 'api_key', partnerId: partner?.id, reason });
    throw new ApiError('invalid_credentials', 'The API key and secret do not match an active partner.');
  };
}
