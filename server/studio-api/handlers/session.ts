/** Sign in with email and password, who am I, sign out. OpenID Connect sign-in is in ../oidc.ts. */
import { DUMMY_SECRET_HASH_PROMISE, verifySecret } from '../../auth/secrets.js';
import { ApiError } from '../../http/errors.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { checkSecondFactor, type SecondFactorAnswer } from '../second-factor.js';
import type { StudioHandlerDeps } from './handler-deps.js';

export function sessionHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const { store, sessions, security } = deps;
  return {
    async signIn(req, res) {
      const { email, password, ...answer } = req.body as { email: string; password: string } & SecondFactorAnswer;
      const operator = await store.getOperatorByEmail(email.toLowerCase());
      // An unknown email costs the same hash as a known one, so timing does not tell which exist.
      const matches = await verifySecret(password, operator?.passwordHash ?? (await DUMMY_SECRET_HASH_PROMISE));
      const address = req.ip ?? null;
      const reason = !operator ? 'unknown_email' : !operator.passwordHash ? 'no_password' : !matches ? 'wrong_password' : operator.disabled ? 'disabled' : undefined;
      if (!operator || reason !== undefined) {
        const account = operator ? { operator: { id: operator.id, email: operator.email } } : { email: email.toLowerCase() };
        await security.record({ type: 'sign_in.failure', address, ...account, detail: { reason: reason ?? 'unknown_email' } });
        throw new ApiError('invalid_credentials', 'The email or password is wrong, or the operator is disabled.');
      }
      await checkSecondFactor(store, deps.clock, operator, answer).catch(async (err: unknown) => {
        if (err instanceof ApiError && err.code === 'invalid_mfa_code') {
          const reason = answer.totp_code !== undefined ? 'wrong_totp_code' : 'wrong_recovery_code';
          await security.record({ type: 'mfa.failure', address, operator: { id: operator.id, email: operator.email }, detail: { reason } });
        }
        throw err;
      });
      await security.record({ type: 'sign_in.success', address, actor: { kind: 'operator', id: operator.id, email: operator.email }, operator: { id: operator.id, email: operator.email }, detail: { method: 'password' } });
      await sessions.start(operator, res);
    },
    async getSession(req, res) {
      const { record, session } = req.operator!;
      res.setHeader('Cache-Control', 'no-store');
      res.json(sessions.body(record, session));
    },
    async signOut(req, res) {
      await sessions.end(req, res);
      res.status(204).end();
    },
  };
}
