/**
 * The storage interface. Both engines (sqlite/store.ts, postgres/store.ts, over the shared
 * skeleton in shared/kysely-store.ts) implement Store with identical behaviour; the same test
 * suite runs against each. Dates cross this
 * interface as ISO 8601 strings (UTC, `Z`), never Date objects, so data code stays dialect-neutral.
 * Catalog documents mirror the contract's schemas (generated/api.ts) without the caller's grants,
 * which the HTTP layer adds.
 */
import type { components } from '../../generated/api.js';
import type { SecretKey } from './cursor.js';
import type { OperatorStore } from './operator-types.js';
import type { StudioStore } from './studio-types.js';

type S = components['schemas'];

export type Grant = S['Grant'];
export type Genre = S['Genre'];
export type StreamFormat = S['StreamFormat'];

/** A series as the contract's Series, without the caller's grants. */
export type SeriesDoc = Omit<S['Series'], 'grants'>;
/** A series as the contract's SeriesSummary, without the caller's grants. */
export type SeriesSummaryDoc = Omit<S['SeriesSummary'], 'grants'>;
/** An episode as the contract's Episode, without the caller's grants. */
export type EpisodeDoc = Omit<S['Episode'], 'grants'>;

/**
 * One series of a catalog import file (`npm run admin -- catalog import`): the contract's Series
 * fields the studio owns, with its episodes. Counts and timestamps are derived by the store.
 */
export interface ImportSeries extends Omit<S['Series'], 'season_count' | 'episode_count' | 'seasons' | 'grants' | 'created_at' | 'updated_at'> {
  seasons: Array<Omit<S['Season'], 'episode_count'>>;
  episodes: ImportEpisode[];
}

/** One episode of an import file. */
export type ImportEpisode = Omit<S['Episode'], 'series_id' | 'grants' | 'created_at' | 'updated_at'>;

export interface ImportResult {
  /** Series inserted or whose content changed. */
  seriesChanged: number;
  /** Series whose content was already identical (left untouched, updated_at kept). */
  seriesUnchanged: number;
  episodesChanged: number;
}

export interface PartnerRecord {
  id: string;
  name: string;
  apiKey: string;
  /** Password-grade hash of the API secret (see server/auth/secrets.ts); never the secret. */
  secretHash: string;
  /** Incremented by every secret regeneration; tokens carry it, so older tokens stop verifying. */
  credentialVersion: number;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EntitlementRecord {
  seriesId: string;
  seriesTitle: string;
  /** Always in the order read, stream; never empty. */
  grants: Grant[];
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  /** Opaque; `null` on the last page. */
  nextCursor: string | null;
}

export interface PageRequest {
  /** 1 to 100. */
  limit: number;
  /** A nextCursor this store issued for the same query; otherwise the store throws InvalidCursorError. */
  cursor?: string | undefined;
}

export interface CatalogQuery extends PageRequest {
  /** Only series this partner holds `read` on are listed. */
  partnerId: string;
  genre?: Genre | undefined;
  /** ISO instant: only series with updated_at >= this. */
  updatedSince?: string | undefined;
  sort: 'title' | 'updated_at';
}

export interface SearchQuery extends PageRequest {
  /** Only series this partner holds `read` on, and their episodes, are searched. */
  partnerId: string;
  q: string;
  type?: 'series' | 'episode' | undefined;
}

/** A search hit exactly as the contract's SearchHit, carrying the partner's grants. */
export type SearchHitDoc = S['SearchHit'];

export interface EpisodeQuery extends PageRequest {
  seriesId: string;
  season?: number | undefined;
}

export type Outcome = '2xx' | '4xx' | '429' | '5xx';

/** Counts to add for one (partner, UTC day, operation, series) group. */
export interface UsageIncrement {
  partnerId: string;
  /** UTC date, YYYY-MM-DD. */
  day: string;
  operation: string;
  /** null when the request is about no single series. */
  seriesId: string | null;
  requests: number;
  streamResolutions: number;
  errors: number;
  rateLimited: number;
}

/**
 * Identifies one batch of usage increments: a writer (one usage recorder) numbers its batches 1, 2,
 * 3... and writes them in that order, each until it is applied. A batch whose sequence the writer
 * has reached already is skipped, so writing a batch again after a lost reply counts it once.
 */
export interface UsageBatch {
  writer: string;
  sequence: number;
  /** ISO instant of the write (when the writer was last seen). */
  now: string;
}

export interface UsageCounts {
  requests: number;
  stream_resolutions: number;
  errors: number;
  rate_limited: number;
}

export interface UsageQuery extends PageRequest {
  partnerId: string;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from: string;
  to: string;
  groupBy: 'day' | 'operation' | 'series';
}

export interface UsageReportPage extends Page<UsageCounts & { key: string }> {
  totals: UsageCounts;
}

/** Told whether each store operation found the engine able to answer (server/platform/outage-log.ts reports the changes). */
export interface AvailabilityObserver {
  /** An operation failed because the engine cannot answer now (StoreUnavailableError). */
  unavailable(error: Error): void;
  /** An operation got its answer. */
  available(): void;
}

/** The partner API's store, with the studio's reads and transactions (studio-types.ts). */
export interface Store extends StudioStore, OperatorStore {
  readonly engine: 'sqlite' | 'postgres';

  /** Tells observer, from now on, of every operation that found the engine unavailable and every one that did not. */
  watchAvailability(observer: AvailabilityObserver): void;
  /**
   * The keys page cursors are signed with (the first) and checked with (all): CURSOR_SIGNING_KEYS
   * or the stored development key (server/auth/dev-keys.ts). Until called, a random key of this
   * process only, so cursors work within one process (tests, the admin CLI).
   */
  useCursorKeys(keys: SecretKey[]): void;

  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Resolves when the engine answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;

  // Partners (written by the admin CLI, read by the server).
  createPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<PartnerRecord>;
  /** Creates the partner only when there is no partner at all, atomically (one of concurrent callers wins); undefined otherwise. */
  createFirstPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<PartnerRecord | undefined>;
  getPartner(id: string): Promise<PartnerRecord | undefined>;
  getPartnerByApiKey(apiKey: string): Promise<PartnerRecord | undefined>;
  /**
   * The partner's current state and the content version, read together on every authenticated
   * request. The content version changes with every committed catalog import or grant change,
   * by any process, and never returns to an earlier value: what partners can read is a function
   * of it, the partner and the request.
   */
  readPartnerState(id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }>;
  listPartners(): Promise<PartnerRecord[]>;
  /** Stores a new secret hash and increments credentialVersion, atomically. */
  rotateSecret(id: string, secretHash: string, now: string): Promise<PartnerRecord | undefined>;
  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<PartnerRecord | undefined>;

  // Grants.
  /** Replaces the partner's grants on a series; an empty list removes the entitlement. */
  setGrants(partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void>;
  /** The partner's grants on a series, in the order read, stream; [] when none. */
  getGrants(partnerId: string, seriesId: string): Promise<Grant[]>;
  /** Entitlements ordered by series id. */
  listEntitlements(partnerId: string, page: PageRequest): Promise<Page<EntitlementRecord>>;

  // Catalog.
  seriesExists(id: string): Promise<boolean>;
  getSeries(id: string): Promise<SeriesDoc | undefined>;
  getEpisode(id: string): Promise<EpisodeDoc | undefined>;
  /** Readable series of the partner, each with the partner's grants. */
  listCatalog(query: CatalogQuery): Promise<Page<S['SeriesSummary']>>;
  /** Episodes in (season_number, episode_number) order. */
  listEpisodes(query: EpisodeQuery): Promise<Page<EpisodeDoc>>;
  /** Ranked full-text search; score in [0, 1], best first; ties by id. */
  search(query: SearchQuery): Promise<Page<SearchHitDoc>>;
  /** Every series, by id, for the studio (no grant filter). */
  listAllSeries(page: PageRequest): Promise<Page<SeriesSummaryDoc>>;
  countSeries(): Promise<number>;
  /** Idempotent upsert in one transaction: all of the batch or none of it. */
  importCatalog(series: ImportSeries[], now: string): Promise<ImportResult>;
  /**
   * Tidies the engine after a bulk import (statistics, WAL) so reads are as fast as before it.
   * importCatalog does it itself when one call changes BULK_IMPORT_ROWS rows or more; an import
   * made of smaller batches (a catalog import job) calls it once at its end with the totals.
   */
  afterBulkImport(totals: ImportResult): Promise<void>;

  // Usage analytics.
  /**
   * Adds the increments (summing into existing rows), in one transaction. With a batch, only if
   * the batch's writer has not applied it yet (recorded in the same transaction); resolves true
   * when applied, false when skipped as applied before.
   */
  addUsage(increments: UsageIncrement[], batch?: UsageBatch): Promise<boolean>;
  queryUsage(query: UsageQuery): Promise<UsageReportPage>;

  // Small key/value settings (for example the development signing key).
  getSetting(key: string): Promise<string | undefined>;
  /** Stores value unless the key exists; returns the stored value either way. */
  setSettingIfAbsent(key: string, value: string): Promise<string>;
}
