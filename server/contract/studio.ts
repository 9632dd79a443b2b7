/**
 * The studio API's contract as the server reads it (generated/studio/openapi.json), checked once
 * at start like the partner contract (contract/load.ts), whose operation shape it shares so the
 * same request flow steps serve both:
 *
 * - `info.x-session`: `ttl_seconds` of a session, `idle_timeout_seconds` without a request,
 *   `oidc_state_ttl_seconds` of an OpenID Connect sign-in between its start and its return,
 *   `password_reset_ttl_seconds` of a reset link.
 * - `info.x-sign-in-limits`: `per_address` (every identity-provider sign-in attempt), and
 *   `failures_per_account_and_address` and `failures_per_address` (failed password sign-ins).
 * - `info.x-rate-limit-groups`: per group, `limit` requests per `window_seconds` and `fail_mode`,
 *   counted per signed-in operator (as the partner contract's groups, counted per partner).
 * - `info.x-catalog-import`: `batch_series` per transaction.
 * - `info.x-max-body-bytes`: the largest request body, unless an operation states its own.
 * - Per operation: `x-required-role` (viewer, editor, owner; absent only where no session can
 *   exist yet: signing in), `x-rate-limit-group` (exactly on operations with a session),
 *   `x-sign-in-limit` (which sign-in limits count it), `x-max-range-days`,
 *   `x-allowed-before-mfa-enrolment` (true: callable by an owner who must still enrol a second factor).
 * - `components.schemas.SecretRoll`: the bounds and default of a roll's `expires_in_hours`.
 */
import { readFileSync } from 'node:fs';
import { STUDIO_CONTRACT_BUNDLE } from '../platform/paths.js';
import { commonPrefix, dateTimeQuery, limitPolicy, METHODS, positiveInteger, rateLimitGroups, type LimitPolicy, type OperationPolicy, type RateLimitGroup, type RawParameter, type Role } from './load.js';

export const ROLES: readonly Role[] = ['viewer', 'editor', 'owner'];

export interface StudioContract {
  document: Record<string, unknown>;
  /** The path every studio operation lives under (/api/studio). */
  prefix: string;
  operations: OperationPolicy[];
  sessionTtlMs: number;
  /** A session unused this long ends (`x-session.idle_timeout_seconds`). */
  idleTimeoutMs: number;
  oidcStateTtlMs: number;
  /** How long a password reset link works (`x-session.password_reset_ttl_seconds`). */
  passwordResetTtlMs: number;
  /** Operations an owner who must enrol a second factor may still call (`x-allowed-before-mfa-enrolment`). */
  allowedBeforeMfaEnrolment: ReadonlySet<string>;
  signInLimits: SignInLimits;
  /** Per-operator limits by group (`x-rate-limit-group` of each operation with a session). */
  groups: Map<string, RateLimitGroup>;
  /** The largest request body of an operation without its own `x-max-body-bytes`. */
  defaultBodyBytes: number;
  /** Series per transaction of a catalog import. */
  importBatchSeries: number;
  /** Pause after each import batch, in percent of the time the batch took (info.x-catalog-import.pause_percent). */
  importPausePercent: number;
  /** How long a roll's old secret may stay valid, in hours (SecretRoll's `expires_in_hours`): for the CLI, which has no validator. */
  secretRoll: { minHours: number; maxHours: number; defaultHours: number };
}

/** SecretRoll's bounds and default, or an error naming what is missing. */
function secretRollHours(document: Record<string, any>): StudioContract['secretRoll'] {
  const hours = document.components?.schemas?.SecretRoll?.properties?.expires_in_hours ?? {};
  const { minimum, maximum, default: fallback } = hours as Record<string, unknown>;
  if (![minimum, maximum, fallback].every(positiveInteger) || !((minimum as number) <= (fallback as number) && (fallback as number) <= (maximum as number))) {
    throw new Error('studio contract: SecretRoll.expires_in_hours needs integer minimum <= default <= maximum');
  }
  return { minHours: minimum as number, maxHours: maximum as number, defaultHours: fallback as number };
}

/** `info.x-sign-in-limits` (server/studio-api/sign-in-limits.ts). */
export interface SignInLimits {
  /** Every attempt of an operation with `x-sign-in-limit: per-address`, per client address. */
  perAddress: LimitPolicy;
  /** Failed attempts of an operation with `x-sign-in-limit: failures`, per email sent and client address together. */
  failuresPerAccountAndAddress: LimitPolicy;
  /** Failed attempts of those operations per client address, whatever the email. */
  failuresPerAddress: LimitPolicy;
}

interface RawStudioOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: RawParameter[];
  requestBody?: unknown;
  'x-required-role'?: unknown;
  'x-max-range-days'?: unknown;
  'x-sign-in-limit'?: unknown;
  'x-rate-limit-group'?: unknown;
  'x-max-body-bytes'?: unknown;
  'x-allowed-before-mfa-enrolment'?: unknown;
}

const SIGN_IN_LIMITS = ['per-address', 'failures'] as const;

function count(where: string, value: unknown): number {
  if (!positiveInteger(value)) throw new Error(`studio contract: ${where} must be a positive integer`);
  return value;
}
const seconds = (where: string, value: unknown): number => count(where, value) * 1000;

function studioOperation(document: Record<string, any>, path: string, method: string, op: RawStudioOperation, defaultBodyBytes: number, groups: Map<string, RateLimitGroup>): OperationPolicy {
  const where = `${method.toUpperCase()} ${path}`;
  if (!op.operationId) throw new Error(`studio contract: ${where} lacks an operationId`);
  const role = op['x-required-role'];
  const secured = (op.security ?? document.security ?? []).length > 0;
  if (role !== undefined && !ROLES.includes(role as Role)) throw new Error(`studio contract: ${op.operationId} has an unknown x-required-role`);
  // A session operation without a role, or a role on an operation anyone may call, is a contract mistake.
  if (secured !== (role !== undefined)) throw new Error(`studio contract: ${op.operationId} needs x-required-role exactly when it needs a session`);
  const group = op['x-rate-limit-group'];
  // Operator limits count per operator: an operation without a session has none (sign-in limits instead).
  if (secured !== (typeof group === 'string' && groups.has(group))) throw new Error(`studio contract: ${op.operationId} needs a known x-rate-limit-group exactly when it needs a session`);
  const range = op['x-max-range-days'];
  if (range !== undefined && !positiveInteger(range)) throw new Error(`studio contract: ${op.operationId} x-max-range-days must be a positive integer`);
  const signInLimit = op['x-sign-in-limit'];
  // Failures also count on an account change that needs the password (a stolen session guessing it);
  // counting every attempt per address is for sign-ins alone.
  if (signInLimit !== undefined && (!SIGN_IN_LIMITS.includes(signInLimit as never) || (secured && signInLimit !== 'failures'))) {
    throw new Error(`studio contract: ${op.operationId} x-sign-in-limit must be per-address (without a session) or failures`);
  }
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    // Empty for sign-in operations: no operator limit applies (server/limits/rate-limit.ts skips it).
    group: secured ? (group as string) : '',
    grant: undefined,
    authentication: secured ? 'session' : 'none',
    hasRequestBody: op.requestBody !== undefined,
    dateTimeQuery: dateTimeQuery(document, op.parameters ?? []),
    cacheable: false,
    maxRangeDays: range as number | undefined,
    role: role as Role | undefined,
    signInLimit: signInLimit as OperationPolicy['signInLimit'],
    maxBodyBytes: op['x-max-body-bytes'] === undefined ? defaultBodyBytes : count(`${op.operationId} x-max-body-bytes`, op['x-max-body-bytes']),
  };
}

/** Loads the bundled studio contract and reads each policy; throws naming what is missing or malformed. */
export function loadStudioContract(path: string = STUDIO_CONTRACT_BUNDLE): StudioContract {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  const info = document.info ?? {};
  const defaultBodyBytes = count('info.x-max-body-bytes', info['x-max-body-bytes']);
  const groups = rateLimitGroups(document);
  const operations: OperationPolicy[] = [];
  const allowedBeforeMfaEnrolment = new Set<string>();
  for (const [p, item] of Object.entries(document.paths as Record<string, Record<string, RawStudioOperation>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const policy = studioOperation(document, p, method, op, defaultBodyBytes, groups);
      operations.push(policy);
      const allowed = op['x-allowed-before-mfa-enrolment'];
      if (allowed !== undefined && (allowed !== true || policy.authentication !== 'session')) throw new Error(`studio contract: ${policy.operationId} x-allowed-before-mfa-enrolment must be true, on an operation with a session`);
      if (allowed === true) allowedBeforeMfaEnrolment.add(policy.operationId);
    }
  }
  if (operations.length === 0) throw new Error('studio contract: no operations');
  const limits = info['x-sign-in-limits'] ?? {};
  const imports = info['x-catalog-import'] ?? {};
  return {
    document,
    prefix: commonPrefix(operations.map((op) => op.path)),
    operations,
    sessionTtlMs: seconds('info.x-session.ttl_seconds', info['x-session']?.ttl_seconds),
    idleTimeoutMs: seconds('info.x-session.idle_timeout_seconds', info['x-session']?.idle_timeout_seconds),
    oidcStateTtlMs: seconds('info.x-session.oidc_state_ttl_seconds', info['x-session']?.oidc_state_ttl_seconds),
    passwordResetTtlMs: seconds('info.x-session.password_reset_ttl_seconds', info['x-session']?.password_reset_ttl_seconds),
    allowedBeforeMfaEnrolment,
    signInLimits: {
      perAddress: limitPolicy('info.x-sign-in-limits.per_address', limits.per_address),
      failuresPerAccountAndAddress: limitPolicy('info.x-sign-in-limits.failures_per_account_and_address', limits.failures_per_account_and_address),
      failuresPerAddress: limitPolicy('info.x-sign-in-limits.failures_per_address', limits.failures_per_address),
    },
    groups,
    defaultBodyBytes,
    importBatchSeries: count('info.x-catalog-import.batch_series', imports.batch_series),
    importPausePercent: count('info.x-catalog-import.pause_percent', imports.pause_percent),
    secretRoll: secretRollHours(document),
  };
}
