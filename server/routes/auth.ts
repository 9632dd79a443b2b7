/** Authentication operations: authenticate and verifyToken. */
import { DUMMY_SECRET_HASH_PROMISE, verifySecret } from '../auth/secrets.js';
import { TOKEN_TTL_SECONDS } from '../auth/tokens.js';
import { ApiError } from '../errors.js';
import type { PartnerRecord } from '../store/types.js';
import { iso, type HandlerDeps, type OperationHandler } from './types.js';

/** Handlers of the Authentication group. */
export function authHandlers({ store, tokens }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async authenticate(req, res) {
      const { api_key, api_secret } = req.body as { api_key: string; api_secret: string };
      // The rate limiter may already have looked the key up.
      const partner: PartnerRecord | undefined = res.locals.authPartner ?? (await store.getPartnerByApiKey(api_key));
      // Hash even for unknown keys so response time does not reveal which keys exist.
      const matches = await verifySecret(api_secret, partner?.secretHash ?? (await DUMMY_SECRET_HASH_PROMISE));
      if (!partner || !matches || partner.disabled) {
        throw new ApiError('invalid_credentials', 'The API key and secret do not match an active partner.');
      }
      const issued = await tokens.issue(partner.id, partner.credentialVersion);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        expires_at: iso(issued.expiresAt * 1000),
      });
    },

    async verifyToken(req, res) {
      const partner = req.partner!;
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        valid: true,
        partner_id: partner.id,
        issued_at: iso(partner.token.issuedAt * 1000),
        expires_at: iso(partner.token.expiresAt * 1000),
      });
    },
  };
}
