/** OpenID Connect sign-in (../oidc.ts): start, then complete with what the provider returned. */
import { ApiError } from '../../http/errors.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import type { OidcSignIn } from '../oidc.js';
import type { StudioHandlerDeps } from './handler-deps.js';

export function oidcHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const configured = (): OidcSignIn => {
    if (!deps.oidc) throw new ApiError('not_found', 'No identity provider is configured; sign in with email and password.');
    return deps.oidc;
  };
  return {
    async startOidcSignIn(_req, res) {
      const url = await configured().start(res);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ authorization_url: url });
    },
    async completeOidcSignIn(req, res) {
      const operator = await configured().complete(req, res, req.body as { code: string; state: string; iss?: string });
      await deps.sessions.start(operator, res);
    },
  };
}
