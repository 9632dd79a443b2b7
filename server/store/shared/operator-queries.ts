/**
 * Operators and sessions of the studio API, dialect-neutral: the queries a studio change shares
 * (shared/store-tx.ts) and the Operators door both engines assemble (operators()).
 */
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/load.js';
import { queryFingerprint } from '../cursor.js';
import type { Operators } from '../interfaces.js';
import type { NewOperatorInput, OperatorChange, OperatorRecord, OperatorUpdate, SessionRecord } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { num } from './mapping.js';
import { pageOf } from './paging.js';
import type { Database, OperatorTable, StudioSessionTable } from './schema.js';

function operatorRecord(row: OperatorTable): OperatorRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    disabled: num(row.disabled) === 1,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpPendingSecret: row.totp_pending_secret,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function sessionRecord(row: StudioSessionTable): SessionRecord {
  return {
    idHash: row.id_hash,
    operatorId: row.operator_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
    address: row.address,
    userAgent: row.user_agent,
  };
}

export async function findOperator(db: Kysely<Database>, by: 'id' | 'email', value: string): Promise<OperatorRecord | undefined> {
  const row = await db.selectFrom('operators').selectAll().where(by, '=', value).executeTakeFirst();
  return row && operatorRecord(row);
}

/** Call inside a write transaction: the check and the insert must not interleave with another caller's. */
export async function createOperator(db: Kysely<Database>, input: NewOperatorInput): Promise<OperatorRecord | undefined> {
  if (await findOperator(db, 'email', input.email)) return undefined;
  const row: OperatorTable = {
    id: input.id,
    email: input.email,
    role: input.role,
    disabled: 0,
    password_hash: input.passwordHash,
    created_at: input.now,
    updated_at: input.now,
    totp_secret: null,
    totp_pending_secret: null,
    totp_last_step: null,
    last_sign_in_at: null,
  };
  await db.insertInto('operators').values(row).execute();
  return operatorRecord(row);
}

/** Call inside a write transaction. */
export async function updateOperator(db: Kysely<Database>, id: string, change: OperatorChange, now: string): Promise<OperatorUpdate> {
  const before = await findOperator(db, 'id', id);
  if (!before) return 'not_found';
  const after: OperatorRecord = { ...before, role: change.role ?? before.role, disabled: change.disabled ?? before.disabled, updatedAt: now };
  const wasOwner = before.role === 'owner' && !before.disabled;
  const staysOwner = after.role === 'owner' && !after.disabled;
  if (wasOwner && !staysOwner) {
    const owners = await db.selectFrom('operators').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'owner').where('disabled', '=', 0).executeTakeFirstOrThrow();
    if (num(owners.n) <= 1) return 'last_owner';
  }
  await db.updateTable('operators').set({ role: after.role, disabled: after.disabled ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
  if (after.disabled && !before.disabled) {
    await db.updateTable('studio_sessions').set({ revoked_at: now }).where('operator_id', '=', id).where('revoked_at', 'is', null).execute();
  }
  return { before, after };
}

export function operators(core: StoreCore): Operators {
  const { db } = core;
  return {
    getOperator: (id) => core.guard(() => findOperator(db, 'id', id)),
    getOperatorByEmail: (email) => core.guard(() => findOperator(db, 'email', email)),
    listOperators: (page) =>
      core.paged(page, async () => {
        const fp = queryFingerprint('operators', {});
        let query = db.selectFrom('operators').selectAll();
        if (page.cursor !== undefined) query = query.where('email', '>', core.cursors.decode(page.cursor, fp, ['string'])[0] as string);
        const rows = await query.orderBy('email').limit(page.limit + 1).execute();
        return pageOf(rows, page.limit, operatorRecord, (last) => core.cursors.encode(fp, [last.email]));
      }),
    createSession: (s) =>
      core.guard(async () => {
        const row = { id_hash: s.idHash, operator_id: s.operatorId, csrf_token: s.csrfToken, created_at: s.createdAt, expires_at: s.expiresAt, revoked_at: null };
        await db.insertInto('studio_sessions').values({ ...row, last_seen_at: s.createdAt, address: s.address, user_agent: s.userAgent }).execute();
        await db.updateTable('operators').set({ last_sign_in_at: s.createdAt }).where('id', '=', s.operatorId).execute();
      }),
    touchSession: (idHash, now) =>
      core.guard(async () => {
        await db.updateTable('studio_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
      }),
    getSession: (idHash) =>
      core.guard(async () => {
        const session = await db.selectFrom('studio_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
        if (!session) return undefined;
        const operator = await findOperator(db, 'id', session.operator_id);
        return operator && { session: sessionRecord(session), operator };
      }),
    revokeSession: (idHash, now) =>
      core.guard(async () => {
        await db.updateTable('studio_sessions').set({ revoked_at: now }).where('id_hash', '=', idHash).where('revoked_at', 'is', null).execute();
      }),
  };
}
