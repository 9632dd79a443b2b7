/** The store's doors: one narrow interface per kind of consumer, each saying which of them uses it.
 * A consumer declares the doors it uses (an intersection of these) and is handed the store typed as
 * that; only the wiring (server/runtime.ts, the admin CLI's runner, the scripts) holds the whole Store. Both engines implement every door with identical behaviour, and the same suites
 * (test/store/) run against each. docs/decisions/0086-store-doors.md says why the cut is where it is.
 */
import type { SecretKey } from './cursor.js';
import type { ChangeFeed, ChangeFeedUpkeep } from './events-records.js';
import type { ImportJobs, ImportPreviews } from './job-doors.js';
import type * as R from './records.js';
import type * as S from './studio-records.js';
import type { Webhooks } from './webhook-interfaces.js';
// The partner API's doors, read on the hot path.

/** Who a request's credentials belong to: partner-api/caller.ts (key and secret) and authenticate.ts (every bearer request). */
export interface Credentials {
  getPartnerByApiKey(apiKey: string): Promise<R.PartnerRecord | undefined>;
  /** The partner's state and the content version, read together on every authenticated request. The content version changes with
   * every committed import or grant change, by any process, and never returns: what partners read is a function of it, the partner, the request. */
  readPartnerState(id: string): Promise<R.PartnerState>;
  /** Dates an authenticate with the secret whose tokens carry credentialVersion (current, or a roll's previous one). */
  markSecretUsed(id: string, credentialVersion: number, now: string): Promise<void>;
}

/** The catalog: the partner API's handlers and grant check, the studio's catalog handler, the CLI, the demo seed. */
export interface CatalogReads {
  seriesExists(id: string): Promise<boolean>;
  getSeries(id: string): Promise<R.SeriesDoc | undefined>;
  getEpisode(id: string): Promise<R.EpisodeDoc | undefined>;
  /** Readable series of the partner, each with the partner's grants. */
  listCatalog(query: R.CatalogQuery): Promise<R.Page<R.SeriesSummary>>;
  /** Episodes in (season_number, episode_number) order. */
  listEpisodes(query: R.EpisodeQuery): Promise<R.Page<R.EpisodeDoc>>;
  /** Every series, by id, for the studio (no grant filter). */
  listAllSeries(page: R.PageRequest): Promise<R.Page<R.SeriesSummaryDoc>>;
  countSeries(): Promise<number>;
}

/** A partner's grants: the partner API's grant check and entitlements, services/grants.ts, the CLI. */
export interface GrantReads {
  /** The partner's grants on a series, in the order read, stream; [] when none. */
  getGrants(partnerId: string, seriesId: string): Promise<R.Grant[]>;
  /** Entitlements ordered by series id. */
  listEntitlements(partnerId: string, page: R.PageRequest): Promise<R.Page<R.EntitlementRecord>>;
}

/** Ranked full-text search: server/search/ (on its own connections or threads, see openSearchStore). */
export interface CatalogSearch {
  /** Score in [0, 1], best first; ties by id. */
  search(query: R.SearchQuery): Promise<R.Page<R.SearchHitDoc>>;
}

/** One partner's usage report: the partner API's usage handler, services/usage-reports.ts, the CLI. */
export interface UsageReports {
  queryUsage(query: R.UsageQuery): Promise<R.UsageReportPage>;
}

/** Usage counts written: server/usage/recorder.ts. */
export interface UsageWrites {
  /**
   * Adds the increments (summing into existing rows), in one transaction. With a batch, only if
   * the batch's writer has not applied it yet (recorded in the same transaction); resolves true
   * when applied, false when skipped as applied before.
   */
  addUsage(increments: R.UsageIncrement[], batch?: R.UsageBatch): Promise<boolean>;
}

// The studio's doors. Changes people make go through Transactions, with their audit entries.

/** Partners read by id or all at once: server/services/, the CLI, the demo seed. */
export interface PartnerReads {
  getPartner(id: string): Promise<R.PartnerRecord | undefined>;
  /** Every partner, by id. */
  listPartners(): Promise<R.PartnerRecord[]>;
}

/**
 * Writes made outside a studio change, with no audit entry: services/partner-credentials.ts (the
 * demo seed's first partner, the catalog generator, tests) and the demo seed's grants.
 */
export interface Provisioning {
  createPartner(input: R.NewPartnerInput): Promise<R.PartnerRecord>;
  /** Creates the partner only when there is no partner at all, atomically (one of concurrent callers wins); undefined otherwise. */
  createFirstPartner(input: R.NewPartnerInput): Promise<R.PartnerRecord | undefined>;
  /** Stores a new secret hash and increments credentialVersion, atomically; a roll's previous secret ends with it. */
  rotateSecret(id: string, secretHash: string, now: string): Promise<R.PartnerRecord | undefined>;
  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<R.PartnerRecord | undefined>;
  /** Replaces the partner's grants on a series; an empty list removes the entitlement. */
  setGrants(partnerId: string, seriesId: string, grants: R.Grant[], now: string): Promise<void>;
}

/** Catalog imports: services/catalog-import.ts, the demo seed, the catalog generator. */
export interface CatalogWrites {
  /** Idempotent upsert in one transaction: all of the batch or none of it. */
  importCatalog(series: R.ImportSeries[], now: string): Promise<R.ImportResult>;
  /**
   * Tidies the engine after a bulk import (statistics, WAL) so reads are as fast as before it.
   * importCatalog does it itself when one call changes BULK_IMPORT_ROWS rows or more; an import
   * made of smaller batches (a catalog import job) calls it once at its end with the totals.
   */
  afterBulkImport(totals: R.ImportResult): Promise<void>;
}

export type { ImportJobs, ImportPreviews } from './job-doors.js';

/** The studio's own listings: server/services/ and the studio's catalog handler. */
export interface StudioQueries {
  /** Each with the last UTC day it made a request (null: never), in the query's sort, and how many match the filters. */
  listPartnersPage(query: S.PartnerListQuery): Promise<R.Page<R.PartnerRecord & { lastActiveOn: string | null }> & { total: number }>;
  listStudioSeries(query: S.StudioSeriesQuery): Promise<R.Page<S.StudioSeriesRecord>>;
  /** Partners holding grants on the series, by partner id. */
  listSeriesGrants(seriesId: string, page: R.PageRequest): Promise<R.Page<S.SeriesGrantRecord>>;
  usageByPartner(query: S.PartnerUsageQuery): Promise<S.PartnerUsagePage>;
}

/** The audit trail read: services/audit.ts and the CLI (entries are written through StoreTx). */
export interface AuditTrail {
  /** Newest (or oldest) first; total (how many match) on a first page only, null on the others. Pages up to 1,000 (exports). */
  listAudit(query: S.AuditQuery): Promise<R.Page<S.AuditEntry> & { total: number | null }>;
  /** Today's names of the partners, series and operators that still exist, by id: what the studio shows instead of ids. */
  namesOf(ids: S.NameRequest): Promise<S.Names>;
}

/** The writes a studio change is made of, all in one transaction of the engine's write lock. */
export interface StoreTx extends Pick<Operators, 'getOperator' | 'getOperatorByEmail'> {
  getPartner(id: string): Promise<R.PartnerRecord | undefined>;
  createPartner(input: R.NewPartnerInput): Promise<R.PartnerRecord>;
  renamePartner(id: string, name: string, now: string): Promise<R.PartnerRecord | undefined>;
  rotateSecret(id: string, secretHash: string, now: string): Promise<R.PartnerRecord | undefined>;
  /** A roll: the current secret stays valid until expiresAt; undefined when unknown or while an earlier roll's is still valid. */
  rollSecret(id: string, secretHash: string, expiresAt: string, now: string): Promise<R.PartnerRecord | undefined>;
  setPartnerDisabled(id: string, disabled: boolean, now: string): Promise<R.PartnerRecord | undefined>;
  getGrants(partnerId: string, seriesId: string): Promise<R.Grant[]>;
  /** Replaces the grants ([] removes them) and marks what partners read as changed (every instance sees it on its next request). */
  setGrants(partnerId: string, seriesId: string, grants: R.Grant[], now: string): Promise<void>;
  /** The ids of seriesIds that do not exist. */
  missingSeries(seriesIds: readonly string[]): Promise<string[]>;
  appendAudit(entry: S.AuditEntryInput): Promise<S.AuditEntry>;
  /** Undefined when an operator with this email exists already. */
  createOperator(input: S.NewOperatorInput): Promise<S.OperatorRecord | undefined>;
  /** Applies the change unless it would leave no enabled owner; a disabled operator's sessions are revoked with it. */
  updateOperator(id: string, change: S.OperatorChange, now: string): Promise<S.OperatorUpdate>;
  /** Binds the provider's account unless the operator has another of the issuer (or it is another operator's): the binding for the issuer after it (undefined: none), and whether this call made it. */
  bindIdentity(identity: S.OperatorIdentity): Promise<{ binding: S.OperatorIdentity | undefined; created: boolean }>;
  /** Removes every provider account bound to the operator with this email; undefined when there is no such operator. */
  unbindIdentities(email: string): Promise<{ operator: S.OperatorRecord; removed: S.OperatorIdentity[] } | undefined>;
  /** Sets the password hash, revokes the operator's sessions but keepSession (an id hash) and its open reset links; undefined when no such operator. */
  setOperatorPassword(id: string, passwordHash: string, now: string, keepSession: string | null): Promise<S.OperatorRecord | undefined>;
  createPasswordReset(reset: S.PasswordResetInput): Promise<void>;
  /** The operator of an unused link (a newer one ends it) not expired at now, marking it used; undefined otherwise. */
  takePasswordReset(tokenHash: string, now: string): Promise<string | undefined>;
  setTotpPending(id: string, secret: string | null, now: string): Promise<void>;
  /** Makes the pending secret the operator's, accepted up to time step `step`, with these recovery code hashes (replacing any). */
  enableTotp(id: string, recoveryCodeHashes: readonly string[], step: number, now: string): Promise<void>;
  disableTotp(id: string, now: string): Promise<void>;
  replaceRecoveryCodes(id: string, recoveryCodeHashes: readonly string[]): Promise<void>;
  revokeOperatorSessions(id: string, now: string): Promise<void>;
  /** The key's record, unless older than notBefore. */
  findIdempotencyKey(scope: string, key: string, notBefore: string): Promise<S.IdempotencyKeyRecord | undefined>;
  /** False when a concurrent transaction recorded the key first (roll back and read it). */
  saveIdempotencyKey(entry: S.IdempotencyKeyRecord, notBefore: string): Promise<boolean>;
}

/** Studio changes, each with its audit entry in one transaction: server/services/. */
export interface Transactions {
  /** Runs fn in one write transaction (all of it commits or none); rethrows what fn throws. */
  transact<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
}

/** Operators and their sessions, for the studio API's sign-in: studio-api/session.ts, oidc.ts and handlers (changes go through StoreTx). */
export interface Operators {
  getOperator(id: string): Promise<S.OperatorRecord | undefined>;
  getOperatorByEmail(email: string): Promise<S.OperatorRecord | undefined>;
  /** By email. */
  listOperators(page: R.PageRequest): Promise<R.Page<S.OperatorRecord>>;
  /** Stores the session (last seen: its start) and stamps the operator's last sign-in; touchSession records a request. */
  createSession(session: S.NewSessionInput): Promise<void>;
  touchSession(idHash: string, now: string): Promise<void>;
  /** The session and its operator, whatever their state (the caller checks expiry, revocation, disabling). */
  getSession(idHash: string): Promise<{ session: S.SessionRecord; operator: S.OperatorRecord } | undefined>;
  revokeSession(idHash: string, now: string): Promise<void>;
}

/** OpenID Connect sign-ins in progress and the provider accounts operators are bound to: studio-api/oidc.ts. */
export interface OidcSignIns {
  /** Stores a sign-in in progress, removing those that expired by `now`. */
  savePendingSignIn(pending: S.PendingSignIn, now: string): Promise<void>;
  /** Removes the sign-in and answers it, expired or not; undefined when there is none (never started, or taken already). */
  takePendingSignIn(idHash: string): Promise<S.PendingSignIn | undefined>;
  /** The operator bound to the provider's account, whatever its state (binding is a change: StoreTx). */
  getOperatorByIdentity(issuer: string, subject: string): Promise<S.OperatorRecord | undefined>;
}

/** What operators look after themselves outside a change's transaction: studio-api/session.ts and the account handlers. */
export interface OperatorAccounts {
  /** The operator's sessions not revoked, expiring after now and last seen at or after idleSince, newest first. */
  listSessions(operatorId: string, now: string, idleSince: string): Promise<S.SessionRecord[]>;
  /** Revokes the operator's unrevoked sessions in scope: how many. */
  revokeSessions(operatorId: string, now: string, scope: S.SessionScope): Promise<number>;
  /** Accept a TOTP time step later than every one before, or mark an unused recovery code (its hash) used: true when done. */
  useTotpStep(operatorId: string, step: number): Promise<boolean>;
  useRecoveryCode(operatorId: string, codeHash: string, now: string): Promise<boolean>;
}

// The process's doors.

/** Small key/value settings, such as the development signing keys: server/auth/dev-keys.ts. */
export interface Settings {
  getSetting(key: string): Promise<string | undefined>;
  /** Stores value unless the key exists; returns the stored value either way. */
  setSettingIfAbsent(key: string, value: string): Promise<string>;
}

/** Whether the engine answers: server/http/readiness.ts. */
export interface Health {
  /** Resolves when the engine answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
}

/** Told whether each store operation found the engine able to answer (server/platform/outage-log.ts reports the changes). */
export interface AvailabilityObserver {
  /** An operation failed because the engine cannot answer now (StoreUnavailableError). */
  unavailable(error: Error): void;
  /** An operation got its answer. */
  available(): void;
}

/** The store as a process holds it: server/runtime.ts, the admin CLI's runner, the scripts. */
export interface Lifecycle extends Health {
  readonly engine: 'sqlite' | 'postgres';
  /** Tells observer, from now on, of every operation that found the engine unavailable and every one that did not. */
  watchAvailability(observer: AvailabilityObserver): void;
  /** The keys page cursors are signed with (the first) and checked with (all): CURSOR_SIGNING_KEYS or the stored development key
   * (server/auth/dev-keys.ts). Until called, a random key of this process only, so cursors work within one process (tests, the CLI). */
  useCursorKeys(keys: SecretKey[]): void;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The whole store, every door: what openStore returns, for the wiring to hand out. */
export interface Store
  extends Credentials, CatalogReads, GrantReads, CatalogSearch, UsageReports, UsageWrites, PartnerReads, Provisioning, CatalogWrites,
    ImportJobs, ImportPreviews, StudioQueries, AuditTrail, Transactions, Operators, OidcSignIns, OperatorAccounts, Settings, Lifecycle, ChangeFeed, ChangeFeedUpkeep, Webhooks {}
