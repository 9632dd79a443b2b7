/** StoreTx over one open write transaction: the writes a studio change is made of (server/services/). */
import type { Kysely } from 'kysely';
import * as audit from './audit-queries.js';
import * as oq from './operator-queries.js';
import * as pq from './partner-queries.js';
import type { Database } from './schema.js';
import { missingSeries } from './studio-queries.js';
import type { AuditEntry, AuditEntryInput, StoreTx } from '../studio-types.js';
import type { NewOperatorInput, OperatorChange, OperatorRecord, OperatorUpdate } from '../operator-types.js';
import type { Grant, PartnerRecord } from '../types.js';

export class KyselyStoreTx implements StoreTx {
  constructor(private readonly db: Kysely<Database>) {}

  getPartner(id: string): Promise<PartnerRecord | undefined> {
    return pq.findPartner(this.db, 'id', id);
  }

  createPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<PartnerRecord> {
    return pq.createPartner(this.db, input);
  }

  renamePartner(id: string, name: string, now: string): Promise<PartnerRecord | undefined> {
    return pq.renamePartner(this.db, id, name, now);
  }

  rotateSecret(id: string, secretHash: string, now: string): Promise<PartnerRecord | undefined> {
    return pq.rotateSecret(this.db, id, secretHash, now);
  }

  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<PartnerRecord | undefined> {
    return pq.setPartnerDisabled(this.db, id, disabled, now);
  }

  getGrants(partnerId: string, seriesId: string): Promise<Grant[]> {
    return pq.getGrants(this.db, partnerId, seriesId);
  }

  async setGrants(partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void> {
    await pq.setGrants(this.db, partnerId, seriesId, grants, now);
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
}
