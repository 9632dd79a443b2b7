/**
 * What crosses the store's interfaces (interfaces.ts) for the studio: the audit trail, import
 * jobs, the studio's listings, and operators with their sessions. The catalog's, partners' and
 * usage records are in records.ts.
 */
import type { Role } from '../contract/load.js';
import type { Genre, Grant, Page, PageRequest, SeriesSummaryDoc, UsageCounts } from './records.js';

/** A JSON value as the audit trail stores it (before/after). */
export type AuditValue = null | boolean | number | string | AuditValue[] | { [key: string]: AuditValue };

/** What the entry is about: `operation` is a studio API operation a security event refused. */
export type AuditTargetKind = 'partner' | 'series' | 'operator' | 'import' | 'operation' | 'webhook_endpoint';

/** A change someone made, or a security event (sign-in, refusal, password, session: services/security-events.ts). */
export type AuditKind = 'change' | 'security';

/** An audit entry as written: everything but its id. */
export interface AuditEntryInput {
  /** ISO instant (the injected clock's). */
  at: string;
  kind: AuditKind;
  /** `cli:<user>` or `operator:<id>`; for a security event nobody signed in to, `address:<client address>`. */
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
  /** The client address of a security event; null for changes. */
  address: string | null;
}

/** A stored audit entry; ids increase in the order entries were written. */
export interface AuditEntry extends AuditEntryInput {
  id: number;
}

export interface AuditQuery extends PageRequest {
  kind?: AuditKind | undefined;
  actor?: string | undefined;
  partnerId?: string | undefined;
  action?: string | undefined;
  /** ISO instants: at >= from, at < to. */
  from?: string | undefined;
  to?: string | undefined;
  /** Newest first unless 'oldest'. */
  order?: 'newest' | 'oldest' | undefined;
}

export interface PartnerListQuery extends PageRequest {
  /** Case-insensitive substring of the name, or an exact partner id or API key. */
  q?: string | undefined;
  status?: 'enabled' | 'disabled' | undefined;
  /** By id unless given; name compares lower-cased, ties by id; a leading '-' reverses. */
  sort?: 'id' | 'name' | '-name' | 'created_at' | '-created_at' | undefined;
}

/** Ids whose names to read (namesOf): duplicates and unknown ids are fine. */
export interface NameRequest {
  partners?: readonly string[];
  series?: readonly string[];
  operators?: readonly string[];
}

/** Partner names, series titles and operator emails by id, for the ids that exist. */
export interface Names {
  partners: Map<string, string>;
  series: Map<string, string>;
  operators: Map<string, string>;
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

/** What a job does: a catalog import (services/catalog-import.ts), or a bulk grant change (services/grant-jobs.ts). */
export type JobKind = 'catalog.import' | 'grants.match' | 'grants.copy';

/** A catalog import or bulk grant change run as a job; progress is written after every batch. */
export interface ImportJob {
  id: string;
  kind: JobKind;
  state: ImportJobState;
  /** The partner a grant job changes; null for imports. */
  partnerId: string | null;
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

export interface OperatorRecord {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  role: Role;
  disabled: boolean;
  /** scrypt hash of the local password (server/auth/secrets.ts); null for an account that only signs in through the identity provider. */
  passwordHash: string | null;
  /** The confirmed TOTP secret (base32): the second factor is on when set. */
  totpSecret: string | null;
  /** A TOTP secret being enrolled, until confirmed with a code. */
  totpPendingSecret: string | null;
  /** When the operator last started a session; null when never. */
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRecord {
  /** SHA-256 of the cookie's token: the token itself is never stored. */
  idHash: string;
  operatorId: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Its last request (within the store's touch interval); its start for sessions older than the record. */
  lastSeenAt: string;
  /** The client address it started from; null when unknown. */
  address: string | null;
  /** The browser's User-Agent when it started, printable ASCII, at most 256 characters; null when none. */
  userAgent: string | null;
}

/** A session as started (StoreTx-free: Operators.createSession). */
export type NewSessionInput = Omit<SessionRecord, 'revokedAt' | 'lastSeenAt'>;

/** Which of an operator's live sessions to revoke: every one, every one but `except`, or only `only` (id hashes). */
export type SessionScope = { except?: string | undefined; only?: string | undefined };

/** A password reset link as stored: the SHA-256 of its token. */
export interface PasswordResetInput {
  tokenHash: string;
  operatorId: string;
  createdAt: string;
  expiresAt: string;
}

export type OperatorChange = { role?: Role | undefined; disabled?: boolean | undefined };

/** Why an operator change was refused. */
export type OperatorChangeRefusal = 'not_found' | 'last_owner';

/** A new local or OIDC operator as written (StoreTx.createOperator). */
export type NewOperatorInput = { id: string; email: string; role: Role; passwordHash: string | null; now: string };

/** An operator change as applied: the record before and after, or why it was refused. */
export type OperatorUpdate = { before: OperatorRecord; after: OperatorRecord } | OperatorChangeRefusal;

/** An OpenID Connect sign-in in progress (server/studio-api/oidc.ts): what completing it needs, kept by the server. */
export interface PendingSignIn {
  /** SHA-256 of the id in the browser's cookie: the id itself is never stored. */
  idHash: string;
  state: string;
  nonce: string;
  /** The PKCE code verifier. */
  verifier: string;
  createdAt: string;
  expiresAt: string;
}

/** The identity provider's account (its `iss` and `sub`) an operator is bound to. */
export interface OperatorIdentity {
  issuer: string;
  subject: string;
  operatorId: string;
  /** The operator's email when it was bound. */
  email: string;
  createdAt: string;
}

/** A studio change's Idempotency-Key (per operation and operator: `scope`), the request it came with, and what it created. */
export interface IdempotencyKeyRecord {
  scope: string;
  key: string;
  /** A hash of the request's body: the same key with another body is refused. */
  fingerprint: string;
  resultId: string;
  createdAt: string;
}

export type { ImportDiff, SeriesDiff } from './import-diff-records.js';
