/**
 * OpenID Connect sign-in (../oidc.ts): start, then complete with what the provider returned. Each
 * completion is a security event (services/security-events.ts): `sign_in.success`, or
 * `oidc.refusal` with why (a bad state or token, an unverified email, a collision, no operator).
 */
import { ApiError } from '../../http/errors.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { OidcRefused, type OidcSignIn } from '../oidc.js';
import type { StudioHandlerDeps } from './handler-deps.js';

export function oidcHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const { security } = deps;
  const configured = (): OidcSignIn => {
    if (!deps.oidc) throw new ApiError('not_found', 'No identity provider is configured; sign in with email and password.');
    return deps.oidc;
  };
  return {
    async startOidcSignIn(_req, res) {
      const url = await configured().start(res);
      res.json({ authorization_url: url });
    },
    async completeOidcSignIn(req, res) {
      const oidc = configured();
      const address = req.ip ?? null;
      let operator;
      try {
        operator = await oidc.complete(req, res, req.body as { code: string; state: string; iss?: string });
      } catch (err) {
        if (err instanceof OidcRefused) {
          const who = err.operator ? { operator: err.operator } : err.email !== undefined ? { email: err.email } : {};
          await security.record({ type: 'oidc.refusal', address, ...who, detail: { reason: err.reason, code: err.code, issuer: oidc.issuer } });
        }
        throw err;
      }
      const self = { id: operator.id, email: operator.email };
      await security.record({ type: 'sign_in.success', address, actor: { kind: 'operator', ...self }, operator: self, detail: { method: 'oidc', issuer: oidc.issuer } });
      await deps.sessions.start(operator, res);
    },
  };
}
