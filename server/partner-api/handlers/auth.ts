/** Authentication operations: authenticate and verifyToken. */
import { TOKEN_TTL_SECONDS } from '../../auth/tokens.js';
import { iso, type OperationHandler } from '../../http/operation-handler.js';
import type { HandlerDeps } from './handler-deps.js';

/** Handlers of the Authentication group. */
export function authHandlers({ tokens }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async authenticate(req, res) {
      // Caller resolution (server/partner-api/caller.ts) has matched the API key and secret to this active partner.
      // The token carries the version of the secret that matched, so one from a roll's old secret dies with it.
      const { id, credentialVersion } = req.partner!;
      const issued = await tokens.issue(id, credentialVersion);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        expires_at: iso(issued.expiresAt * 1000),
      });
    },

    async verifyToken(req, res) {
      const { id, token } = req.partner!;
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        valid: true,
        partner_id: id,
        issued_at: iso(token!.issuedAt * 1000),
        expires_at: iso(token!.expiresAt * 1000),
      });
    },
  };
}
