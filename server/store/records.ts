/**
 * What crosses the store's interfaces (interfaces.ts) for the catalog, partners, grants and usage:
 * the studio's and the operators' records are in studio-records.ts. Dates cross as ISO 8601
 * strings (UTC, `Z`), never Date objects, so data code stays dialect-neutral. Catalog documents
 * mirror the contract's schemas (generated/api.ts) without the caller's grants, which the HTTP
 * layer adds.
 */
import type { components } from '../../generated/api.js';

type S = components['schemas'];

export type Grant = S['Grant'];
export type Genre = S['Genre'];
export type StreamFormat = S['StreamFormat'];

/** A series as the contract's Series, without the caller's grants. */
export type SeriesDoc = Omit<S['Series'], 'grants'>;
/** A series as the contract's SeriesSummary, with the partner's grants (a partner's catalog page). */
export type SeriesSummary = S['SeriesSummary'];
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

/** An import that changes at least this many rows (series and episodes) is a bulk import: see CatalogWrites.afterBulkImport. */
/** The largest page of the audit trail's listing: the CSV export reads 1,000 entries at a time (the contract's pages stay at 100). */
export const AUDIT_MAX_PAGE = 1000;
export const BULK_IMPORT_ROWS = 10_000;

export interface ImportResult {
  /** Series inserted or whose content changed. */
  seriesChanged: number;
  /** Series whose content was already identical (left untouched, updated_at kept). */
  seriesUnchanged: number;
  episodesChanged: number;
}

/** A new partner as written: credential version 1, enabled. */
export interface NewPartnerInput {
  id: string;
  name: string;
  apiKey: string;
  /** Password-grade hash of the API secret (see server/auth/secrets.ts); never the secret. */
  secretHash: string;
  now: string;
}

/** A partner's current state and the content version, read together on every authenticated request. */
export interface PartnerState {
  partner: PartnerRecord | undefined;
  contentVersion: number;
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
  secretCreatedAt: string;
  /** The last authenticate with the current secret (null: never). */
  secretLastUsedAt: string | null;
  /** The secret the last roll replaced, kept until it expires (the record keeps it after that, until the next roll or regeneration). */
  previousSecret: PreviousSecret | null;
}

/** The secret a roll replaced: it and the tokens issued from it work until expiresAt. */
export interface PreviousSecret {
  secretHash: string;
  /** The credential version tokens issued from it carry. */
  credentialVersion: number;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

/** Whether a previous secret still works at `now` (ms since the epoch). */
export function previousSecretValid(previous: PreviousSecret | null, now: number): previous is PreviousSecret {
  return previous !== null && now < Date.parse(previous.expiresAt);
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
