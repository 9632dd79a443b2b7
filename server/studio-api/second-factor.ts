/**
 * The second step of a password sign-in for an operator with a second factor: a current TOTP code
 * (each time step accepted once, so an overheard code cannot be replayed) or an unused recovery
 * code (used up by the sign-in). No code answers 401 `mfa_required`, a wrong or used one 401
 * `invalid_mfa_code`; both after the password was found right, so they say nothing to whoever
 * does not hold it.
 */
import { recoveryCodeHash, totpStep } from '../auth/totp.js';
import { ApiError } from '../http/errors.js';
import type { Clock } from '../platform/clock.js';
import type { OperatorAccounts, OperatorRecord } from '../store/index.js';

export interface SecondFactorAnswer {
  totp_code?: string | undefined;
  recovery_code?: string | undefined;
}

/** Resolves when the operator has no second factor or the answer passes it; throws ApiError otherwise. */
export async function checkSecondFactor(store: OperatorAccounts, clock: Clock, operator: OperatorRecord, answer: SecondFactorAnswer): Promise<void> {
  const secret = operator.totpSecret;
  if (secret === null) return;
  const { totp_code: code, recovery_code: recovery } = answer;
  if (code === undefined && recovery === undefined) {
    throw new ApiError('mfa_required', 'Send a code of your authenticator app (totp_code) or a recovery code (recovery_code) with your email and password.');
  }
  const now = clock.now();
  let passed = false;
  if (code !== undefined) {
    const step = totpStep(secret, code, now);
    passed = step !== undefined && (await store.useTotpStep(operator.id, step));
  } else if (recovery !== undefined) {
    passed = await store.useRecoveryCode(operator.id, recoveryCodeHash(operator.id, recovery), new Date(now).toISOString());
  }
  if (!passed) throw new ApiError('invalid_mfa_code', 'The code is wrong, expired or was used already.');
}
