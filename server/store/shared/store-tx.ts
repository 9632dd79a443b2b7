/**
 * The Transactions door both engines share: each studio change (server/services/) runs in one
 * write transaction of the engine, through a StoreTx over that transaction: the shared queries of
 * this folder, run on the transaction's connection, unguarded (the transaction as a whole is).
 */
import type { Kysely } from 'kysely';
import type { StoreTx, Transactions } from '../interfaces.js';
import type { Grant, NewPartnerInput, PartnerRecord } from '../records.js';
import type { AuditEntry, AuditEntryInput, IdempotencyKeyRecord, NewOperatorInput, OperatorChange, OperatorIdentity, OperatorRecord, OperatorUpdate, PasswordResetInput } from '../studio-records.js';
import * as aq from './account-queries.js';
import * as audit from './audit-queries.js';
import * as idem from './idempotency-queries.js';
import type { StoreCore } from './core.js';
import { appendDueExpiries, appendPartnerEvents, lockFeedOrder } from './events.js';
import { getGrants, setGrants } from './grants.js';
import { isoInstant } from './mapping.js';
import * as oidc from './oidc-queries.js';
import * as oq from './operator-queries.js';
import * as pq from './partners.js';
import type { Database } from './schema.js';
import { missingSeries } from './studio-queries.js';

export function transactions(core: StoreCore): Transactions {
  return {
    transact: (fn) => core.guard(() => core.writeTransaction((db) => fn(new KyselyStoreTx(db)))),
  };
}

class KyselyStoreTx implements StoreTx {
  constructor(private readonly db: Kysely<Database>) {}

  getPartner(id: string): Promise<PartnerRecord | undefined> {
    return pq.findPartner(this.db, 'id', id);
  }

  createPartner(input: NewPartnerInput): Promise<PartnerRecord> {
    return pq.createPartner(this.db, input);
  }

  renamePartner(id: string, name: string, now: string): Promise<PartnerRecord | undefined> {
    return pq.renamePartner(this.db, id, name, now);
  }

  rotateSecret(id: string, secretHash: string, now: string): Promise<PartnerRecord | undefined> {
    return pq.rotateSecret(this.db, id, secretHash, now);
  }
  /** The roll and its feed event; an earlier roll's due expiry event first, as the roll replaces what it is written from. */
  async rollSecret(id: string, secretHash: string, expiresAt: string, now: string): Promise<PartnerRecord | undefined> {
    // The feed's lock before the partner's row, as every appending change takes it first.
    await lockFeedOrder(this.db);
    await appendDueExpiries(this.db, now, new Date(0).toISOString(), id);
    const partner = await pq.rollSecret(this.db, id, secretHash, expiresAt, now);
    if (partner) await appendPartnerEvents(this.db, id, [{ type: 'secret.roll_started', seriesId: null, fields: { secret_expires_at: isoInstant(expiresAt) } }], now);
    return partner;
  }

  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<PartnerRecord | undefined> {
    return pq.setPartnerDisabled(this.db, id, disabled, now);
  }

  getGrants(partnerId: string, seriesId: string): Promise<Grant[]> {
    return getGrants(this.db, partnerId, seriesId);
  }

  async setGrants(partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void> {
    await setGrants(this.db, partnerId, seriesId, grants, now);
    await pq.bumpContentVersion(this.db);
  }

  missingSeries(seriesIds: readonly string[]): Promise<string[]> {
    return missingSeries(this.db, seriesIds);
  }

  appendAudit(entry: AuditEntryInput): Promise<AuditEntry> {
    return audit.appendAudit(this.db, entry);
  }

  createOperator(input: NewOperatorInput): Promise<OperatorRecord | undefined> {
    return oq.createOperator(this.db, input);
  }

  updateOperator(id: string, change: OperatorChange, now: string): Promise<OperatorUpdate> {
    return oq.updateOperator(this.db, id, change, now);
  }

  bindIdentity(identity: OperatorIdentity): Promise<{ binding: OperatorIdentity | undefined; created: boolean }> {
    return oidc.bindIdentity(this.db, identity);
  }

  unbindIdentities(email: string): Promise<{ operator: OperatorRecord; removed: OperatorIdentity[] } | undefined> {
    return oidc.unbindIdentities(this.db, email);
  }

  setOperatorPassword(id: string, passwordHash: string, now: string, keepSession: string | null): Promise<OperatorRecord | undefined> {
    return aq.setOperatorPassword(this.db, id, passwordHash, now, keepSession);
  }

  createPasswordReset(reset: PasswordResetInput): Promise<void> {
    return aq.createPasswordReset(this.db, reset);
  }

  takePasswordReset(tokenHash: string, now: string): Promise<string | undefined> {
    return aq.takePasswordReset(this.db, tokenHash, now);
  }

  setTotpPending(id: string, secret: string | null, now: string): Promise<void> {
    return aq.setTotpPending(this.db, id, secret, now);
  }

  enableTotp(id: string, recoveryCodeHashes: readonly string[], step: number, now: string): Promise<void> {
    return aq.enableTotp(this.db, id, recoveryCodeHashes, step, now);
  }

  disableTotp(id: string, now: string): Promise<void> {
    return aq.disableTotp(this.db, id, now);
  }

  getOperator(id: string): Promise<OperatorRecord | undefined> {
    return oq.findOperator(this.db, 'id', id);
  }

  getOperatorByEmail(email: string): Promise<OperatorRecord | undefined> {
    return oq.findOperator(this.db, 'email', email);
  }

  async revokeOperatorSessions(id: string, now: string): Promise<void> {
    await aq.revokeSessions(this.db, id, now, {});
  }

  replaceRecoveryCodes(id: string, recoveryCodeHashes: readonly string[]): Promise<void> {
    return aq.replaceRecoveryCodes(this.db, id, recoveryCodeHashes);
  }

  findIdempotencyKey(scope: string, key: string, notBefore: string): Promise<IdempotencyKeyRecord | undefined> {
    return idem.findIdempotencyKey(this.db, scope, key, notBefore);
  }

  saveIdempotencyKey(entry: IdempotencyKeyRecord, notBefore: string): Promise<boolean> {
    return idem.saveIdempotencyKey(this.db, entry, notBefore);
  }
}
