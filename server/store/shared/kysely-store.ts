/**
 * The Store over any kysely database with the schema of shared/schema.ts. Everything here is
 * dialect-neutral; an engine subclass (sqlite/store.ts, postgres/store.ts) supplies only what
 * differs: its migrations, how a write transaction takes its lock and a read its snapshot, which
 * driver errors mean "unavailable", and its full-text index (the rows it writes, how it ranks).
 */
import type { Kysely } from 'kysely';
import type { components } from '../../../generated/api.js';
import * as read from './catalog-read.js';
import { importCatalog } from './catalog-import.js';
import { num } from './mapping.js';
import * as pq from './partner-queries.js';
import type { Database } from './schema.js';
import type { SearchIndex } from './search-index.js';
import { OperatorStoreBase } from './operator-store.js';
import { search, type HitsPage, type RankRequest } from './search.js';
import * as usage from './usage-queries.js';
import type * as T from '../types.js';

/** An import that changes at least this many rows (series and episodes) is a bulk import: see afterBulkImport. */
export const BULK_IMPORT_ROWS = 10_000;

export abstract class KyselyStore extends OperatorStoreBase implements T.Store {
  /** The engine's full-text index, which every import updates (shared/search-index.ts). */
  protected abstract readonly searchIndex: SearchIndex;
  /** One page of the partner's readable hits with their documents (shared/search.ts, SearchPage). */
  protected abstract searchPage(request: RankRequest): Promise<HitsPage>;
  /** How a title page since an instant is read (shared/catalog-read.ts, listCatalog). */
  protected abstract readonly sinceReading: read.SinceReading;

  // Partners and grants.

  async createPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<T.PartnerRecord> {
    return this.guard(() => pq.createPartner(this.db, input));
  }

  async createFirstPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<T.PartnerRecord | undefined> {
    // Under the write lock, so the check and the insert cannot interleave with another caller's.
    return this.guard(() => this.writeTransaction(async (db) => ((await pq.anyPartner(db)) ? undefined : pq.createPartner(db, input))));
  }

  async getPartner(id: string): Promise<T.PartnerRecord | undefined> {
    return this.guard(() => pq.findPartner(this.db, 'id', id));
  }

  async readPartnerState(id: string): Promise<{ partner: T.PartnerRecord | undefined; contentVersion: number }> {
    return this.guard(() => pq.readPartnerState(this.db, id));
  }

  async getPartnerByApiKey(apiKey: string): Promise<T.PartnerRecord | undefined> {
    return this.guard(() => pq.findPartner(this.db, 'api_key', apiKey));
  }

  async listPartners(): Promise<T.PartnerRecord[]> {
    return this.guard(() => pq.listPartners(this.db));
  }

  async rotateSecret(id: string, secretHash: string, now: string): Promise<T.PartnerRecord | undefined> {
    return this.guard(() => pq.rotateSecret(this.db, id, secretHash, now));
  }

  async setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<T.PartnerRecord | undefined> {
    return this.guard(() => pq.setPartnerDisabled(this.db, id, disabled, now));
  }

  async setGrants(partnerId: string, seriesId: string, grants: T.Grant[], now: string): Promise<void> {
    await this.guard(() =>
      this.writeTransaction(async (db) => {
        await pq.setGrants(db, partnerId, seriesId, grants, now);
        await pq.bumpContentVersion(db);
      }),
    );
  }

  async getGrants(partnerId: string, seriesId: string): Promise<T.Grant[]> {
    return this.guard(() => pq.getGrants(this.db, partnerId, seriesId));
  }

  async listEntitlements(partnerId: string, page: T.PageRequest): Promise<T.Page<T.EntitlementRecord>> {
    return this.paged(page, () => pq.listEntitlements(this.db, partnerId, page, this.cursors));
  }

  // Catalog.

  async seriesExists(id: string): Promise<boolean> {
    return this.guard(async () => (await this.db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst()) !== undefined);
  }

  async getSeries(id: string): Promise<T.SeriesDoc | undefined> {
    return this.guard(() => this.readSnapshot((db) => read.getSeries(db, id)));
  }

  async getEpisode(id: string): Promise<T.EpisodeDoc | undefined> {
    return this.guard(() => read.getEpisode(this.db, id));
  }

  async listCatalog(query: T.CatalogQuery): Promise<T.Page<components['schemas']['SeriesSummary']>> {
    return this.paged(query, () => read.listCatalog(this.db, query, this.cursors, this.sinceReading));
  }

  async listEpisodes(query: T.EpisodeQuery): Promise<T.Page<T.EpisodeDoc>> {
    return this.paged(query, () => read.listEpisodes(this.db, query, this.cursors));
  }

  async search(query: T.SearchQuery): Promise<T.Page<T.SearchHitDoc>> {
    return this.paged(query, () => search((request) => this.searchPage(request), query, this.cursors));
  }

  async listAllSeries(page: T.PageRequest): Promise<T.Page<T.SeriesSummaryDoc>> {
    return this.paged(page, () => read.listAllSeries(this.db, page, this.cursors));
  }

  async countSeries(): Promise<number> {
    return this.guard(async () => num((await this.db.selectFrom('series').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
  }

  async importCatalog(series: T.ImportSeries[], now: string): Promise<T.ImportResult> {
    const result = await this.guard(() =>
      this.writeTransaction(async (db) => {
        const result = await importCatalog(db, series, now, this.searchIndex);
        await pq.bumpContentVersion(db);
        return result;
      }),
      false,
    );
    if (result.seriesChanged + result.episodesChanged >= BULK_IMPORT_ROWS) await this.guard(() => this.afterBulkImport(result), false);
    return result;
  }

  /** See Store.afterBulkImport; each engine overrides it (what it does and why is said there). */
  async afterBulkImport(_totals: T.ImportResult): Promise<void> {}

  // Usage.

  async addUsage(increments: T.UsageIncrement[], batch?: T.UsageBatch): Promise<boolean> {
    if (increments.length === 0) return true;
    return this.guard(() => this.writeTransaction((db) => usage.addUsage(db, increments, batch)));
  }

  async queryUsage(query: T.UsageQuery): Promise<T.UsageReportPage> {
    return this.paged(query, () => usage.queryUsage(this.db, query, this.cursors));
  }

  // Settings.

  async getSetting(key: string): Promise<string | undefined> {
    return this.guard(() => pq.getSetting(this.db, key));
  }

  async setSettingIfAbsent(key: string, value: string): Promise<string> {
    return this.guard(() => this.writeTransaction((db) => pq.setSettingIfAbsent(db, key, value)));
  }
}
