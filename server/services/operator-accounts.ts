/**
 * What operators look after themselves, and owners' password reset links, shared by the studio
 * API and the admin CLI (`operator reset-password`): each change and its audit entry commit in one
 * transaction. Passwords are stored as scrypt hashes (server/auth/secrets.ts); reset tokens and
 * recovery codes as SHA-256 (high-entropy values: a slow hash would add nothing); the TOTP secret
 * as it is, since checking a code needs it (docs/decisions/0104-operator-accounts.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hashSecret, verifySecret } from '../auth/secrets.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from '../auth/totp.js';
import * as audit from './audit.js';
import type { ServiceContext } from './context.js';
import type { OperatorRecord, Transactions } from '../store/index.js';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const target = (id: string) => ({ targetKind: 'operator' as const, targetId: id });

/** Changes the operator's password when `current` is right; its other sessions end (all but keepSession). */
export async function changePassword(ctx: ServiceContext<Transactions>, operator: OperatorRecord, current: string, next: string, keepSession: string): Promise<'changed' | 'wrong_password' | 'no_password'> {
  if (!operator.passwordHash) return 'no_password';
  if (!(await verifySecret(current, operator.passwordHash))) return 'wrong_password';
  const hash = await hashSecret(next);
  await ctx.store.transact(async (tx) => {
    await tx.setOperatorPassword(operator.id, hash, ctx.now, keepSession);
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.password_change', ...target(operator.id), before: null, after: null });
  });
  return 'changed';
}

export interface ResetLink {
  /** The console's page with the token in the fragment: `/reset-password#token=…`. */
  path: string;
  expiresAt: string;
}

/** A one-time reset link for the operator (by id or email), ending its earlier ones; undefined when there is no such operator. */
export async function createResetLink(ctx: ServiceContext<Transactions>, by: { id: string } | { email: string }, ttlMs: number): Promise<ResetLink | undefined> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.parse(ctx.now) + ttlMs).toISOString();
  const found = await ctx.store.transact(async (tx) => {
    const operator = 'id' in by ? await tx.getOperator(by.id) : await tx.getOperatorByEmail(by.email.toLowerCase());
    if (!operator) return false;
    await tx.createPasswordReset({ tokenHash: hashToken(token), operatorId: operator.id, createdAt: ctx.now, expiresAt });
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.password_reset_link', ...target(operator.id), before: null, after: { expires_at: expiresAt } });
    return true;
  });
  return found ? { path: `/reset-password#token=${token}`, expiresAt } : undefined;
}

/** Sets a new password with a reset link's token (single use, unexpired, operator enabled); every session of the operator ends. */
export async function completeReset(ctx: Omit<ServiceContext<Transactions>, 'actor'>, token: string, next: string): Promise<OperatorRecord | undefined> {
  const hash = await hashSecret(next);
  return ctx.store.transact(async (tx) => {
    const operatorId = await tx.takePasswordReset(hashToken(token), ctx.now);
    const operator = operatorId === undefined ? undefined : await tx.getOperator(operatorId);
    if (!operator || operator.disabled) return undefined;
    const changed = await tx.setOperatorPassword(operator.id, hash, ctx.now, null);
    // The link's holder acts as the operator it was made for.
    const actor = { kind: 'operator' as const, id: operator.id, email: operator.email };
    await audit.record(tx, actor, ctx.now, { action: 'operator.password_reset', ...target(operator.id), before: null, after: null });
    return changed;
  });
}

/** Starts enrolling a TOTP secret (replacing an unconfirmed one); 'enabled' while a second factor is on. */
export async function startTotp(ctx: ServiceContext<Transactions>, operator: OperatorRecord): Promise<{ secret: string; uri: string } | 'enabled'> {
  if (operator.totpSecret) return 'enabled';
  const secret = newTotpSecret();
  await ctx.store.transact((tx) => tx.setTotpPending(operator.id, secret, ctx.now));
  return { secret, uri: totpUri(secret, operator.email) };
}

/** Confirms the pending secret with a current code: the second factor is on, and its recovery codes answered once. */
export async function confirmTotp(ctx: ServiceContext<Transactions>, operator: OperatorRecord, code: string, nowMs: number): Promise<string[] | 'not_started' | 'invalid_code'> {
  if (operator.totpSecret || !operator.totpPendingSecret) return 'not_started';
  const step = totpStep(operator.totpPendingSecret, code, nowMs);
  if (step === undefined) return 'invalid_code';
  const codes = newRecoveryCodes();
  await ctx.store.transact(async (tx) => {
    await tx.enableTotp(operator.id, codes.map((c) => recoveryCodeHash(operator.id, c)), step, ctx.now);
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.mfa_enable', ...target(operator.id), before: { mfa_enabled: false }, after: { mfa_enabled: true } });
  });
  return codes;
}

/** Ten new recovery codes with the operator's password, ending the earlier ones. */
export async function regenerateRecoveryCodes(ctx: ServiceContext<Transactions>, operator: OperatorRecord, password: string): Promise<string[] | 'not_enabled' | 'wrong_password'> {
  if (!operator.totpSecret) return 'not_enabled';
  if (!operator.passwordHash || !(await verifySecret(password, operator.passwordHash))) return 'wrong_password';
  const codes = newRecoveryCodes();
  await ctx.store.transact(async (tx) => {
    await tx.replaceRecoveryCodes(operator.id, codes.map((c) => recoveryCodeHash(operator.id, c)));
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.recovery_codes', ...target(operator.id), before: null, after: { count: codes.length } });
  });
  return codes;
}

/** Turns the second factor off with the operator's password. */
export async function disableTotp(ctx: ServiceContext<Transactions>, operator: OperatorRecord, password: string): Promise<'disabled' | 'not_enabled' | 'wrong_password'> {
  if (!operator.totpSecret) return 'not_enabled';
  if (!operator.passwordHash || !(await verifySecret(password, operator.passwordHash))) return 'wrong_password';
  await ctx.store.transact(async (tx) => {
    await tx.disableTotp(operator.id, ctx.now);
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.mfa_disable', ...target(operator.id), before: { mfa_enabled: true }, after: { mfa_enabled: false } });
  });
  return 'disabled';
}

/** Turns another operator's second factor off (a lost authenticator) and ends its sessions; undefined when there is no such operator. */
export async function resetSecondFactor(ctx: ServiceContext<Transactions>, by: { id: string } | { email: string }): Promise<'reset' | 'not_enabled' | undefined> {
  return ctx.store.transact(async (tx) => {
    const operator = 'id' in by ? await tx.getOperator(by.id) : await tx.getOperatorByEmail(by.email.toLowerCase());
    if (!operator) return undefined;
    if (!operator.totpSecret) return 'not_enabled';
    await tx.disableTotp(operator.id, ctx.now);
    await tx.revokeOperatorSessions(operator.id, ctx.now);
    await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.mfa_reset', ...target(operator.id), before: { mfa_enabled: true }, after: { mfa_enabled: false } });
    return 'reset';
  });
}
