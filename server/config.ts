/**
 * Configuration from environment variables, validated once at start. Every problem is reported
 * together, naming the variable, so an operator fixes them in one go. The configuration table of
 * docs/operations.md lists the same variables.
 */
import type { JWK } from 'jose';
import { DEFAULT_DATABASE_URL, isPostgresUrl, localDataDir, type SecretKey } from './store/index.js';
import type { StreamKey } from './streaming/signer.js';
import { allowedHosts } from './http/host-header.js';
import { requireMfaForOwners } from './studio-api/session.js';
import { parseWebhookConfig, type WebhookConfig } from './webhooks/config.js';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL only: connections per instance and the bounds of every wait (see server/store/postgres/store.ts). */
  database: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number; /** SQLite page cache per connection, MiB (SQLITE_CACHE_MB). */ cacheMb: number };
  /**
   * Redis for rate-limit counters shared by every instance; undefined: counters in this process.
   * breakerMs: how long a failed command makes the limit store count as down (server/limits/circuit-breaker.ts).
   */
  redis: { url: string; prefix: string; timeoutMs: number; breakerMs: number; /** How long commands must keep failing before Redis counts as down. */ breakerWindowMs: number } | undefined;
  jwtKeys: JWK[] | undefined;
  jwtIssuer: string;
  jwtAudience: string;
  streamBaseUrl: string;
  streamKeys: StreamKey[] | undefined;
  streamTtlSeconds: number;
  /** Keys page cursors are signed with (the first) and checked with (all); undefined: the stored development key. */
  cursorKeys: SecretKey[] | undefined;
  trustProxy: boolean | number | string;
  logLevel: string;
  rateLimitMultiplier: number;
  /** MiB of validated Content responses kept for repeated requests; 0 turns the cache off. */
  responseCacheMb: number;
  /**
   * Deployment sizing of search (server/search/): searches running at once (SQLite: worker
   * threads, each with its own read connection; PostgreSQL: connections of search's own pool),
   * and how many more may wait for one before search answers 503.
   */
  search: { workers: number; queueLength: number };
  shutdownTimeoutMs: number; /** Days the change feed keeps events; an older cursor answers 410 (CHANGE_FEED_RETENTION_DAYS). */ changeFeedRetentionDays: number;
  /** /readyz answers 503 when the store has not answered a ping within this; also how often an idle store is pinged (server/http/readiness.ts). */ readinessTimeoutMs: number;
  /** Bound on warming search workers, prepared statements and hot pages before /readyz says ready (WARMUP_TIMEOUT_MS); 0 skips it. */ warmUpTimeoutMs: number;
  /** How long /readyz answers 503 before the listener closes, so a load balancer stops routing first. */ shutdownReadinessDelayMs: number;
  /** On shutdown, how long the last usage write and closing the store may take before usage is spooled and the process exits. */
  shutdownStoreTimeoutMs: number;
  /** Where usage counts a shutdown could not write are spooled, and replayed from at start (server/usage/spool.ts). */
  usageSpoolDir: string;
  /** 0 turns the metrics listener off. */ metricsPort: number;
  metricsHost: string; metricsAllowedHosts: string[];
  /** The studio API's listener (server/studio-api/app.ts): loopback unless STUDIO_HOST says otherwise. */
  studioPort: number; studioHost: string;
  /** Origins the studio dashboard is served from, besides the studio listener's own: a change from any other is refused. */ studioOrigins: string[];
  /** The `Host` names the studio listener answers (`name` on any port, `name:port` on that one); any other is refused with 421. */
  studioAllowedHosts: string[];
  /** OpenID Connect sign-in with the studio's identity provider; undefined: local accounts only. */
  oidc: OidcConfig | undefined;
  /** STUDIO_REQUIRE_MFA_FOR_OWNERS: owners may do nothing but enrol a second factor until they have one. */ requireMfaForOwners: boolean;
  /** Webhook deliveries (WEBHOOK_*: server/webhooks/config.ts). */ webhooks: WebhookConfig;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the identity provider sends the browser back (the dashboard's page, which posts code and state to the API). */
  redirectUri: string;
}

/** The CDN stream URLs point at when STREAM_BASE_URL is not set. */
export const DEFAULT_STREAM_BASE_URL = 'https://cdn.halcyon-studios.example';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}

function parseJwtKeys(raw: string, problems: string[]): JWK[] | undefined {
  try {
    const keys = JSON.parse(raw) as JWK[];
    if (!Array.isArray(keys) || keys.length === 0) throw new Error('not a non-empty array');
    keys.forEach((k, i) => {
      if (k.kty !== 'EC' || k.crv !== 'P-256' || !k.d || !k.x || !k.y || !k.kid) throw new Error(`key ${i} is not a private EC P-256 JWK with a kid`);
      if (keys.findIndex((other) => other.kid === k.kid) !== i) throw new Error(`the kid ${k.kid} is given twice`);
    });
    return keys;
  } catch (err) {
    problems.push(`JWT_SIGNING_KEYS must be a JSON array of private EC P-256 JWKs, each with a kid (${(err as Error).message})`);
    return undefined;
  }
}

/** Parses a key list (`kid=secret,...`, secrets base64url of at least 32 bytes) named `name`; pushes a problem when malformed. */
function parseKeyList(name: string, raw: string, problems: string[]): SecretKey[] | undefined {
  const keys: SecretKey[] = [];
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [id, secret] = entry.split('=');
    const bytes = secret ? Buffer.from(secret, 'base64url') : Buffer.alloc(0);
    if (!id || !/^[A-Za-z0-9._-]{1,64}$/.test(id) || bytes.length < 32) {
      problems.push(`${name} must be a comma-separated list of kid=secret, each secret at least 32 bytes in base64url`);
      return undefined;
    }
    // A token, URL or cursor names the key that signed it: an id given twice would verify with
    // one of two secrets (the signer's and a verifier's could differ), so it is refused at start.
    if (keys.some((k) => k.id === id)) {
      problems.push(`${name} gives the key id ${id} twice: each id must name one secret`);
      return undefined;
    }
    keys.push({ id, secret: bytes });
  }
  if (keys.length === 0) problems.push(`${name} is empty`);
  return keys.length ? keys : undefined;
}

/** Parses STREAM_SIGNING_KEYS (`kid=secret,...`, secrets base64url of at least 32 bytes); pushes a problem when malformed. */
export function parseStreamKeys(raw: string, problems: string[]): StreamKey[] | undefined {
  return parseKeyList('STREAM_SIGNING_KEYS', raw, problems);
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function parseRedis(env: NodeJS.ProcessEnv, problems: string[]): Config['redis'] {
  const timeoutMs = integer(env, 'REDIS_TIMEOUT_MS', 500, 50, 60_000, problems);
  const breakerMs = integer(env, 'REDIS_BREAKER_MS', 5_000, 100, 600_000, problems);
  const breakerWindowMs = integer(env, 'REDIS_BREAKER_WINDOW_MS', 1_000, 0, 60_000, problems);
  const prefix = env.REDIS_PREFIX ?? 'pcas:';
  if (!/^[A-Za-z0-9:._-]{0,64}$/.test(prefix)) problems.push('REDIS_PREFIX must be at most 64 characters of letters, digits and : . _ -');
  const url = env.REDIS_URL;
  if (url === undefined || url === '') return undefined;
  let ok = false;
  try {
    const parsed = new URL(url);
    ok = (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.hostname !== '';
  } catch {
    ok = false;
  }
  if (!ok) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL with a host (for example redis://127.0.0.1:6379)');
    return undefined;
  }
  return { url, prefix, timeoutMs, breakerMs, breakerWindowMs };
}

/** The URL with any password replaced by ***, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI: all or none. */
function parseOidc(env: NodeJS.ProcessEnv, problems: string[]): OidcConfig | undefined {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'] as const;
  const given = names.filter((n) => env[n]);
  if (given.length === 0) return undefined;
  if (given.length < names.length) {
    problems.push(`OpenID Connect sign-in needs all of ${names.join(', ')}`);
    return undefined;
  }
  return { issuer: env.OIDC_ISSUER!, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET!, redirectUri: env.OIDC_REDIRECT_URI! };
}

/** Reads and validates the configuration; throws ConfigError naming every bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const jwtKeys = env.JWT_SIGNING_KEYS ? parseJwtKeys(env.JWT_SIGNING_KEYS, problems) : undefined;
  const streamKeys = env.STREAM_SIGNING_KEYS ? parseStreamKeys(env.STREAM_SIGNING_KEYS, problems) : undefined;
  const cursorKeys = env.CURSOR_SIGNING_KEYS ? parseKeyList('CURSOR_SIGNING_KEYS', env.CURSOR_SIGNING_KEYS, problems) : undefined;
  for (const name of ['JWT_SIGNING_KEYS', 'STREAM_SIGNING_KEYS', 'CURSOR_SIGNING_KEYS']) {
    if (production && !env[name]) problems.push(`${name} is required when NODE_ENV=production`);
  }
  const streamBaseUrl = env.STREAM_BASE_URL ?? DEFAULT_STREAM_BASE_URL;
  if (!/^https:\/\/[^\s/]+(\/\S*)?$/.test(streamBaseUrl)) problems.push('STREAM_BASE_URL must be an https URL');
  const rateLimitMultiplier = integer(env, 'BENCH_RATE_LIMIT_MULTIPLIER', 1, 1, 1_000_000, problems);
  if (production && rateLimitMultiplier !== 1) problems.push('BENCH_RATE_LIMIT_MULTIPLIER is a benchmark setting and cannot be used when NODE_ENV=production');
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const database = {
    poolMax: integer(env, 'DATABASE_POOL_MAX', 10, 1, 1000, problems),
    connectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 60_000, problems),
    statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 300_000, problems),
    cacheMb: integer(env, 'SQLITE_CACHE_MB', 4, 1, 4096, problems),
  };
  const redis = parseRedis(env, problems);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  const config: Config = {
    production,
    port: integer(env, 'PORT', 3000, 0, 65_535, problems),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    database,
    redis,
    jwtKeys,
    jwtIssuer: env.JWT_ISSUER ?? 'https://partners.halcyon-studios.example',
    jwtAudience: env.JWT_AUDIENCE ?? 'partner-catalog',
    streamBaseUrl,
    streamKeys,
    streamTtlSeconds: integer(env, 'STREAM_URL_TTL_SECONDS', 3600, 60, 86_400, problems),
    cursorKeys,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel,
    rateLimitMultiplier,
    responseCacheMb: integer(env, 'RESPONSE_CACHE_MB', isPostgresUrl(databaseUrl) ? 16 : 8, 0, 4096, problems),
    search: {
      // SQLite: one worker thread per core of the 2-core instance this is sized for. PostgreSQL:
      // a search's time is split between the database and round trips to it, so one search more
      // than cores keeps the database busy (docs/decisions/0028-searches-off-the-event-loop.md).
      workers: integer(env, 'SEARCH_WORKERS', isPostgresUrl(databaseUrl) ? 3 : 2, 1, 64, problems),
      queueLength: integer(env, 'SEARCH_QUEUE_LENGTH', 32, 0, 10_000, problems),
    },
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 300_000, problems),
    changeFeedRetentionDays: integer(env, 'CHANGE_FEED_RETENTION_DAYS', 30, 1, 365, problems),
    shutdownReadinessDelayMs: integer(env, 'SHUTDOWN_READINESS_DELAY_MS', 0, 0, 120_000, problems),
    readinessTimeoutMs: integer(env, 'READINESS_TIMEOUT_MS', 500, 50, 60_000, problems),
    warmUpTimeoutMs: integer(env, 'WARMUP_TIMEOUT_MS', 10_000, 0, 120_000, problems),
    shutdownStoreTimeoutMs: integer(env, 'SHUTDOWN_STORE_TIMEOUT_MS', 3_000, 0, 300_000, problems),
    usageSpoolDir: env.USAGE_SPOOL_DIR || localDataDir(databaseUrl),
    metricsPort: integer(env, 'METRICS_PORT', 9464, 0, 65_535, problems),
    // Loopback by default (metrics describe partners' traffic); the studio listener too (never exposed with the partner plane by accident).
    metricsHost: env.METRICS_HOST ?? '127.0.0.1', metricsAllowedHosts: allowedHosts(env.METRICS_ALLOWED_HOSTS, env.METRICS_HOST ?? '127.0.0.1', problems, 'METRICS_ALLOWED_HOSTS'),
    studioPort: integer(env, 'STUDIO_PORT', 3001, 0, 65_535, problems), studioHost: env.STUDIO_HOST ?? '127.0.0.1',
    studioAllowedHosts: allowedHosts(env.STUDIO_ALLOWED_HOSTS, env.STUDIO_HOST ?? '127.0.0.1', problems),
    studioOrigins: (env.STUDIO_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    requireMfaForOwners: requireMfaForOwners(env.STUDIO_REQUIRE_MFA_FOR_OWNERS, problems),
    oidc: parseOidc(env, problems),
    webhooks: parseWebhookConfig(env, problems),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
