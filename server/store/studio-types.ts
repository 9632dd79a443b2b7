/**
 * What the store offers the studio (server/services/, the studio API and the admin CLI) beside the
 * partner API's reads: paged partner and grant listings, usage across partners, the audit trail,
 * catalog import jobs, and write transactions in which a change and its audit entry commit
 * together. Both engines implement it through shared/studio-store.ts.
 */
import type { NewOperatorInput, OperatorChange, OperatorRecord, OperatorUpdate } from './operator-types.js';
import type { Genre, Grant, Page, PageRequest, PartnerRecord, SeriesSummaryDoc, UsageCounts } from './types.js';

/** A JSON value as the audit trail stores it (before/after). */
export type AuditValue = null | boolean | number | string | AuditValue[] | { [key: string]: AuditValue };

/** What the entry is about. */
export type AuditTargetKind = 'partner' | 'series' | 'operator' | 'import';

/** An audit entry as written: everything but its id. */
export interface AuditEntryInput {
  /** ISO instant (the injected clock's). */
  at: string;
  /** `cli:<user>` or `operator:<id>`. */
  actor: string;
  /** The operator's email when the actor is an operator; null for the CLI. */
  actorEmail: string | null;
  /** Dotted verb, e.g. `partner.create`, `grants.set`, `operator.role` (server/services/audit.ts lists them). */
  action: string;
  targetKind: AuditTargetKind;
  targetId: string;
  /** The partner concerned, when there is one (grants: the partner, target the series), for the partner filter. */
  partnerId: string | null;
  before: AuditValue;
  after: AuditValue;
}

/** A stored audit entry; ids increase in the order entries were written. */
export interface AuditEntry extends AuditEntryInput {
  id: number;
}

export interface AuditQuery extends PageRequest {
  actor?: string | undefined;
  partnerId?: string | undefined;
  action?: string | undefined;
  /** ISO instants: at >= from, at < to. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface PartnerListQuery extends PageRequest {
  /** Case-insensitive substring of the name, or an exact partner id or API key. */
  q?: string | undefined;
  status?: 'enabled' | 'disabled' | undefined;
}

/** One partner's grants on a series (the series' side of an entitlement). */
export interface SeriesGrantRecord {
  partnerId: string;
  partnerName: string;
  grants: Grant[];
  updatedAt: string;
}

/** Usage per partner over a range of UTC days, ranked by one counter (most first, then partner id). */
export interface PartnerUsageQuery extends PageRequest {
  from: string;
  to: string;
  rankBy: keyof UsageCounts;
}

export interface PartnerUsagePage extends Page<UsageCounts & { partnerId: string; partnerName: string }> {
  /** Across every partner in the range, repeated on every page. */
  totals: UsageCounts;
  /** Across every partner, per UTC day that had usage, oldest first; repeated on every page. */
  days: Array<UsageCounts & { day: string }>;
}

export type ImportJobState = 'running' | 'succeeded' | 'failed';

/** A catalog import run as a job (server/services/catalog-import.ts); progress is written after every batch. */
export interface ImportJob {
  id: string;
  state: ImportJobState;
  /** `cli:<user>` or `operator:<id>`. */
  actor: string;
  seriesTotal: number;
  seriesDone: number;
  seriesChanged: number;
  seriesUnchanged: number;
  episodesChanged: number;
  /** Why it failed (no secret, no stack); null otherwise. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The writes a studio change is made of, all in one transaction of the engine's write lock. */
export interface StoreTx {
  getPartner(id: string): Promise<PartnerRecord | undefined>;
  createPartner(input: { id: string; name: string; apiKey: string; secretHash: string; now: string }): Promise<PartnerRecord>;
  renamePartner(id: string, name: string, now: string): Promise<PartnerRecord | undefined>;
  rotateSecret(id: string, secretHash: string, now: string): Promise<PartnerRecord | undefined>;
  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<PartnerRecord | undefined>;
  getGrants(partnerId: string, seriesId: string): Promise<Grant[]>;
  /** Replaces the grants ([] removes them) and marks what partners read as changed (every instance sees it on its next request). */
  setGrants(partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void>;
  /** The ids of seriesIds that do not exist. */
  missingSeries(seriesIds: readonly string[]): Promise<string[]>;
  appendAudit(entry: AuditEntryInput): Promise<AuditEntry>;
  /** Undefined when an operator with this email exists already. */
  createOperator(input: NewOperatorInput): Promise<OperatorRecord | undefined>;
  /** Applies the change unless it would leave no enabled owner; a disabled operator's sessions are revoked with it. */
  updateOperator(id: string, change: OperatorChange, now: string): Promise<OperatorUpdate>;
}

/** The studio's series listing (the console's grants matrix): by title, filtered, with one partner's grants. */
export interface StudioSeriesQuery extends PageRequest {
  /** A part of the title, any case or accents. */
  title?: string | undefined;
  genre?: Genre | undefined;
  /** Whose grants each series carries. */
  partnerId?: string | undefined;
  /** With partnerId: only the series where it holds read, stream, either, or neither. */
  grant?: 'read' | 'stream' | 'any' | 'none' | undefined;
}

export interface StudioSeriesRecord {
  id: string;
  title: string;
  status: SeriesSummaryDoc['status'];
  seasonCount: number;
  episodeCount: number;
  genres: Genre[];
  /** The partner's grants ([] for none) when the query named one. */
  grants: Grant[] | undefined;
  updatedAt: string;
}

export interface StudioStore {
  /** Runs fn in one write transaction (all of it commits or none); rethrows what fn throws. */
  transact<R>(fn: (tx: StoreTx) => Promise<R>): Promise<R>;
  /** Each with the last UTC day it made a request (null: never). */
  listPartnersPage(query: PartnerListQuery): Promise<Page<PartnerRecord & { lastActiveOn: string | null }>>;
  listStudioSeries(query: StudioSeriesQuery): Promise<Page<StudioSeriesRecord>>;
  /** Partners holding grants on the series, by partner id. */
  listSeriesGrants(seriesId: string, page: PageRequest): Promise<Page<SeriesGrantRecord>>;
  usageByPartner(query: PartnerUsageQuery): Promise<PartnerUsagePage>;
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>;
  createImportJob(job: ImportJob): Promise<void>;
  updateImportJob(job: ImportJob): Promise<void>;
  getImportJob(id: string): Promise<ImportJob | undefined>;
}
