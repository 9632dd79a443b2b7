/**
 * What operators look after themselves, dialect-neutral: password changes and reset links, the
 * second factor (TOTP and recovery codes) and their sessions. The StoreTx writes
 * (shared/store-tx.ts) run inside a change's write transaction; the OperatorAccounts door
 * (operatorAccounts()) is what sign-in and the session step use outside one.
 */
import type { Kysely } from 'kysely';
import type { OperatorAccounts } from '../interfaces.js';
import type { OperatorRecord, PasswordResetInput, SessionScope } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { num } from './mapping.js';
import { findOperator, sessionRecord } from './operator-queries.js';
import type { Database } from './schema.js';

export async function revokeSessions(db: Kysely<Database>, operatorId: string, now: string, scope: SessionScope): Promise<number> {
  let query = db.updateTable('studio_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null);
  if (scope.except !== undefined) query = query.where('id_hash', '!=', scope.except);
  if (scope.only !== undefined) query = query.where('id_hash', '=', scope.only);
  const result = await query.executeTakeFirst();
  return num(result.numUpdatedRows);
}

/** Ends the operator's unused reset links (a new link or a new password makes them stale). */
async function endResets(db: Kysely<Database>, operatorId: string, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
}

/** Call inside a write transaction. */
export async function setOperatorPassword(db: Kysely<Database>, id: string, passwordHash: string, now: string, keepSession: string | null): Promise<OperatorRecord | undefined> {
  const before = await findOperator(db, 'id', id);
  if (!before) return undefined;
  await db.updateTable('operators').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
  await revokeSessions(db, id, now, keepSession === null ? {} : { except: keepSession });
  await endResets(db, id, now);
  return { ...before, passwordHash, updatedAt: now };
}

/** Call inside a write transaction. */
export async function createPasswordReset(db: Kysely<Database>, reset: PasswordResetInput): Promise<void> {
  await endResets(db, reset.operatorId, reset.createdAt);
  await db
    .insertInto('password_resets')
    .values({ token_hash: reset.tokenHash, operator_id: reset.operatorId, created_at: reset.createdAt, expires_at: reset.expiresAt, used_at: null })
    .execute();
}

/** Call inside a write transaction: the check and the marking must not interleave with another caller's. */
export async function takePasswordReset(db: Kysely<Database>, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= Date.parse(now)) return undefined;
  await db.updateTable('password_resets').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
  return row.operator_id;
}

export async function setTotpPending(db: Kysely<Database>, id: string, secret: string | null, now: string): Promise<void> {
  await db.updateTable('operators').set({ totp_pending_secret: secret, updated_at: now }).where('id', '=', id).execute();
}

/** Call inside a write transaction. */
export async function replaceRecoveryCodes(db: Kysely<Database>, id: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
  await db.insertInto('operator_recovery_codes').values(hashes.map((h) => ({ code_hash: h, operator_id: id, used_at: null }))).execute();
}

/** Call inside a write transaction. */
export async function enableTotp(db: Kysely<Database>, id: string, recoveryCodeHashes: readonly string[], step: number, now: string): Promise<void> {
  const operator = await findOperator(db, 'id', id);
  if (!operator?.totpPendingSecret) throw new Error('enableTotp: no pending secret');
  await db.updateTable('operators').set({ totp_secret: operator.totpPendingSecret, totp_pending_secret: null, totp_last_step: step, updated_at: now }).where('id', '=', id).execute();
  await replaceRecoveryCodes(db, id, recoveryCodeHashes);
}

/** Call inside a write transaction. */
export async function disableTotp(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: now }).where('id', '=', id).execute();
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
}

export function operatorAccounts(core: StoreCore): OperatorAccounts {
  const { db } = core;
  return {
    listSessions: (operatorId, now, idleSince) =>
      core.guard(async () => {
        const rows = await db
          .selectFrom('studio_sessions')
          .selectAll()
          .where('operator_id', '=', operatorId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .where((eb) => eb.or([eb('last_seen_at', '>=', idleSince), eb.and([eb('last_seen_at', 'is', null), eb('created_at', '>=', idleSince)])]))
          .orderBy('created_at', 'desc')
          .orderBy('id_hash')
          .limit(1000)
          .execute();
        return rows.map(sessionRecord);
      }),
    revokeSessions: (operatorId, now, scope) => core.guard(() => revokeSessions(db, operatorId, now, scope)),
    useTotpStep: (operatorId, step) =>
      core.guard(async () => {
        // One conditional update: of two requests with the same code, only one is accepted.
        const result = await db
          .updateTable('operators')
          .set({ totp_last_step: step })
          .where('id', '=', operatorId)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
          .executeTakeFirst();
        return num(result.numUpdatedRows) > 0;
      }),
    useRecoveryCode: (operatorId, codeHash, now) =>
      core.guard(async () => {
        const result = await db
          .updateTable('operator_recovery_codes')
          .set({ used_at: now })
          .where('code_hash', '=', codeHash)
          .where('operator_id', '=', operatorId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return num(result.numUpdatedRows) > 0;
      }),
  };
}
