/**
 * Table shapes as kysely sees them. Every column is plain text or integer so one query code runs on SQLite and PostgreSQL:
 * dates are ISO strings (they sort as text), lists and objects JSON text, booleans 0/1; search indexes are engine-specific.
 */
import type { Generated } from 'kysely';
import type { PartnerSecretColumns } from './secret-columns.js';
import type { IdempotencyKeyTable } from './idempotency-schema.js';
import type { EventTables } from './events-schema.js';
import type { JobColumns } from './job-schema.js';

export interface SeriesTable {
  id: string;
  title: string;
  /** Case- and accent-folded title: the `sort=title` key, compared bytewise on every engine. */
  sort_title: string;
  original_title: string | null;
  synopsis: string;
  short_synopsis: string;
  /** JSON array of genres; the genre filter uses series_genres instead. */
  genres: string;
  content_ratings: string;
  original_language: string;
  audio_languages: string;
  subtitle_languages: string;
  release_year: number;
  end_year: number | null;
  status: string;
  season_count: number;
  episode_count: number;
  artwork: string;
  availability_starts_at: string;
  availability_ends_at: string | null;
  availability_territories: string;
  /** Hash of the imported content (series fields and seasons, not episodes). */
  content_hash: string;
  created_at: string;
  /** Latest change of the series' own content or any of its episodes. */
  updated_at: string;
}

export interface SeriesGenreTable {
  series_id: string;
  genre: string;
  /** The series' catalog sort keys, copied so a genre page walks (genre, key, id) in order. */
  sort_title: string;
  updated_at: string;
}

export interface SeasonTable {
  series_id: string;
  season_number: number;
  title: string;
  release_year: number;
  episode_count: number;
}

export interface EpisodeTable {
  id: string;
  series_id: string;
  season_number: number;
  episode_number: number;
  title: string;
  synopsis: string;
  duration_seconds: number;
  air_date: string | null;
  content_ratings: string;
  audio_languages: string;
  subtitle_languages: string;
  artwork: string;
  availability_starts_at: string;
  availability_ends_at: string | null;
  availability_territories: string;
  stream_formats: string;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

export interface PartnerTable extends PartnerSecretColumns {
  id: string;
  name: string;
  api_key: string;
  secret_hash: string;
  credential_version: number;
  disabled: number;
  created_at: string;
  updated_at: string;
}

export interface PartnerGrantTable {
  partner_id: string;
  series_id: string;
  can_read: number;
  can_stream: number;
  updated_at: string;
}

export interface UsageCountTable {
  partner_id: string;
  /** UTC date, YYYY-MM-DD. */
  day: string;
  operation: string;
  /** '' for requests about no single series: NULL cannot take part in a primary key. */
  series_id: string;
  requests: number;
  stream_resolutions: number;
  errors: number;
  rate_limited: number;
}

/** The last usage batch each writer applied (server/store/shared/usage-queries.ts). */
export interface UsageWriterTable {
  writer_id: string;
  last_sequence: number | string;
  /** ISO instant of its last batch. */
  updated_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** One row (id 1): bumped by every commit that changes what partners read. */
export interface ContentVersionTable {
  id: number;
  version: number | string;
}

/** The audit trail (append-only); before/after are JSON text. */
export interface AuditLogTable {
  id: Generated<number | string>;
  at: string;
  actor: string;
  actor_email: string | null;
  action: string;
  target_kind: string;
  target_id: string;
  partner_id: string | null;
  before_json: string;
  after_json: string;
  /** `change` or `security` (migrations/audit-kind.ts). */
  kind: Generated<string>;
  /** The client address of a security event; null for changes. */
  address: string | null;
}

/** Jobs and their progress: catalog imports and bulk grant changes. */
export interface ImportJobTable extends JobColumns {
  id: string;
  state: string;
  actor: string;
  series_total: number;
  series_done: number;
  series_changed: number;
  series_unchanged: number;
  episodes_changed: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** A studio operator (studio-records.ts, OperatorRecord). */
export interface OperatorTable {
  id: string;
  email: string;
  role: string;
  disabled: number;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  totp_secret: string | null;
  /** A secret being enrolled, until confirmed with a code. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted: a code works once (bigint: PostgreSQL answers a string). */
  totp_last_step: number | string | null;
  last_sign_in_at: string | null;
}

/** A studio session: the SHA-256 of its cookie token, never the token. */
export interface StudioSessionTable {
  id_hash: string;
  operator_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Null on sessions started before the release that records them. */
  last_seen_at: string | null;
  address: string | null;
  user_agent: string | null;
}

/** A recovery code of an operator's second factor, as its SHA-256 with the operator id. */
export interface OperatorRecoveryCodeTable {
  code_hash: string;
  operator_id: string;
  used_at: string | null;
}

/** A password reset link: the SHA-256 of its token, never the token. */
export interface PasswordResetTable {
  token_hash: string;
  operator_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An OpenID Connect sign-in in progress (studio-records.ts, PendingSignIn), by the SHA-256 of its cookie's id. */
export interface OidcSignInTable {
  id_hash: string;
  state: string;
  nonce: string;
  verifier: string;
  created_at: string;
  expires_at: string;
}

/** The identity provider's account an operator is bound to. */
export interface OperatorIdentityTable {
  issuer: string;
  subject: string;
  operator_id: string;
  email: string;
  created_at: string;
}

export interface Database extends EventTables {
  series: SeriesTable;
  series_genres: SeriesGenreTable;
  seasons: SeasonTable;
  episodes: EpisodeTable;
  partners: PartnerTable;
  partner_grants: PartnerGrantTable;
  usage_counts: UsageCountTable;
  usage_writers: UsageWriterTable;
  settings: SettingTable;
  content_version: ContentVersionTable;
  audit_log: AuditLogTable;
  import_jobs: ImportJobTable;
  operators: OperatorTable;
  studio_sessions: StudioSessionTable;
  oidc_sign_ins: OidcSignInTable;
  operator_identities: OperatorIdentityTable;
  operator_recovery_codes: OperatorRecoveryCodeTable;
  password_resets: PasswordResetTable;
  idempotency_keys: IdempotencyKeyTable;
}
