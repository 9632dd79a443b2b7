/**
 * OpenID Connect sign-in (../oidc.ts): start, then complete with what the provider returned. Each
 * completion is a security event (services/security-events.ts): `sign_in.success`, or
 * `oidc.refusal` with why (a bad state or token, an unverified email, a collision, no operator).
 * An operator with a second factor is asked for it as at password sign-in (`401 mfa_required`,
 * then the same request with `totp_code` or `recovery_code`); a wrong one is an `mfa.failure`.
 */
import { ApiError } from '../../http/errors.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { OidcRefused, type OidcSignIn } from '../oidc.js';
import { checkSecondFactor, type SecondFactorAnswer } from '../second-factor.js';
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
      const { code, state, iss, ...answer } = req.body as { code: string; state: string; iss?: string } & SecondFactorAnswer;
      let operator;
      try {
        operator = await oidc.complete(req, res, { code, state, iss });
      } catch (err) {
        if (err instanceof OidcRefused) {
          const who = err.operator ? { operator: err.operator } : err.email !== undefined ? { email: err.email } : {};
          await security.record({ type: 'oidc.refusal', address, ...who, detail: { reason: err.reason, code: err.code, issuer: oidc.issuer } });
        }
        throw err;
      }
      const self = { id: operator.id, email: operator.email };
      await checkSecondFactor(deps.store, deps.clock, operator, answer).catch(async (err: unknown) => {
        if (err instanceof ApiError && err.code === 'mfa_required') await oidc.awaitSecondFactor(res, operator, state);
        if (err instanceof ApiError && err.code === 'invalid_mfa_code') {
          const reason = answer.totp_code !== undefined ? 'wrong_totp_code' : 'wrong_recovery_code';
          await security.record({ type: 'mfa.failure', address, operator: self, detail: { reason, method: 'oidc' } });
        }
        throw err;
      });
      await security.record({ type: 'sign_in.success', address, actor: { kind: 'operator', ...self }, operator: self, detail: { method: 'oidc', issuer: oidc.issuer } });
      await deps.sessions.start(operator, res);
    },
  };
}
