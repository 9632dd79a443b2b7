/**
 * OpenID Connect sign-ins in progress and operators' provider accounts, dialect-neutral: the
 * OidcSignIns door both engines assemble, and the binding changes a StoreTx makes (shared/store-tx.ts).
 * Taking a sign-in deletes it in the statement that reads it, so of two requests completing the
 * same sign-in (on any instances) only one gets it.
 */
import type { Kysely } from 'kysely';
import type { OidcSignIns } from '../interfaces.js';
import type { OperatorIdentity, OperatorRecord, PendingSignIn } from '../studio-records.js';
import type { StoreCore } from './core.js';
import { findOperator } from './operator-queries.js';
import type { Database, OidcSignInTable, OperatorIdentityTable } from './schema.js';

function pendingRecord(row: OidcSignInTable): PendingSignIn {
  return { idHash: row.id_hash, state: row.state, nonce: row.nonce, verifier: row.verifier, createdAt: row.created_at, expiresAt: row.expires_at };
}

function identityRecord(row: OperatorIdentityTable): OperatorIdentity {
  return { issuer: row.issuer, subject: row.subject, operatorId: row.operator_id, email: row.email, createdAt: row.created_at };
}

export function oidcSignIns(core: StoreCore): OidcSignIns {
  const { db } = core;
  return {
    savePendingSignIn: (p, now) =>
      core.guard(async () => {
        await db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
        await db
          .insertInto('oidc_sign_ins')
          .values({ id_hash: p.idHash, state: p.state, nonce: p.nonce, verifier: p.verifier, created_at: p.createdAt, expires_at: p.expiresAt })
          .execute();
      }),
    takePendingSignIn: (idHash) =>
      core.guard(async () => {
        const row = await db.deleteFrom('oidc_sign_ins').where('id_hash', '=', idHash).returningAll().executeTakeFirst();
        return row && pendingRecord(row);
      }),
    getOperatorByIdentity: (issuer, subject) =>
      core.guard(async () => {
        const row = await db.selectFrom('operator_identities').select('operator_id').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
        return row && findOperator(db, 'id', row.operator_id);
      }),
  };
}

/** Call inside a write transaction (StoreTx.bindIdentity). */
export async function bindIdentity(db: Kysely<Database>, identity: OperatorIdentity): Promise<{ binding: OperatorIdentity | undefined; created: boolean }> {
  // Either key taken (this operator bound to another account, or this account to another operator) leaves the row out.
  const inserted = await db
    .insertInto('operator_identities')
    .values({ issuer: identity.issuer, subject: identity.subject, operator_id: identity.operatorId, email: identity.email, created_at: identity.createdAt })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  const row = await db.selectFrom('operator_identities').selectAll().where('operator_id', '=', identity.operatorId).where('issuer', '=', identity.issuer).executeTakeFirst();
  return { binding: row && identityRecord(row), created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/** Call inside a write transaction (StoreTx.unbindIdentities). */
export async function unbindIdentities(db: Kysely<Database>, email: string): Promise<{ operator: OperatorRecord; removed: OperatorIdentity[] } | undefined> {
  const operator = await findOperator(db, 'email', email);
  if (!operator) return undefined;
  const removed = await db.deleteFrom('operator_identities').where('operator_id', '=', operator.id).returningAll().execute();
  return { operator, removed: removed.map(identityRecord) };
}
