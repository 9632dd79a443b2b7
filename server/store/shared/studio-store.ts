/** The studio's part of the Store (studio-types.ts) over the shared skeleton: write transactions, paged reads, audit trail, import jobs. */
import * as audit from './audit-queries.js';
import { StoreBase } from './store-base.js';
import { KyselyStoreTx } from './store-tx.js';
import * as sq from './studio-queries.js';
import { listStudioSeries } from './studio-series.js';
import type * as S from '../studio-types.js';
import type * as T from '../types.js';

export abstract class StudioStoreBase extends StoreBase implements S.StudioStore {
  async transact<R>(fn: (tx: S.StoreTx) => Promise<R>): Promise<R> {
    return this.guard(() => this.writeTransaction((db) => fn(new KyselyStoreTx(db))));
  }

  async listPartnersPage(query: S.PartnerListQuery): Promise<T.Page<T.PartnerRecord & { lastActiveOn: string | null }>> {
    return this.paged(query, () => sq.listPartnersPage(this.db, query, this.cursors));
  }

  async listStudioSeries(query: S.StudioSeriesQuery): Promise<T.Page<S.StudioSeriesRecord>> {
    return this.paged(query, () => listStudioSeries(this.db, query, this.cursors));
  }

  async listSeriesGrants(seriesId: string, page: T.PageRequest): Promise<T.Page<S.SeriesGrantRecord>> {
    return this.paged(page, () => sq.listSeriesGrants(this.db, seriesId, page, this.cursors));
  }

  async usageByPartner(query: S.PartnerUsageQuery): Promise<S.PartnerUsagePage> {
    return this.paged(query, () => sq.usageByPartner(this.db, query, this.cursors));
  }

  async listAudit(query: S.AuditQuery): Promise<T.Page<S.AuditEntry>> {
    return this.paged(query, () => audit.listAudit(this.db, query, this.cursors));
  }

  async createImportJob(job: S.ImportJob): Promise<void> {
    await this.guard(() => audit.createImportJob(this.db, job));
  }

  async updateImportJob(job: S.ImportJob): Promise<void> {
    await this.guard(() => audit.updateImportJob(this.db, job));
  }

  async getImportJob(id: string): Promise<S.ImportJob | undefined> {
    return this.guard(() => audit.getImportJob(this.db, id));
  }
}
