/**
 * The contract as the server reads it: the bundled OpenAPI document and every policy it states in
 * its `x-` extensions, read and checked once at start. Middleware enforces what this module
 * reads; no policy value (a limit, a window, a fail mode, a page size, which operations are
 * cached) is written anywhere else in server/.
 *
 * - `info.x-rate-limit-groups`: per group, `limit` requests per `window_seconds`, and `fail_mode`
 *   (`open` or `closed`) while the shared limit store is unreachable.
 * - `info.x-failed-authentication-limit`: the same, per client address, for failed authentications.
 * - `info.x-search-capacity`: `per_partner` searches running or waiting at once per partner, and
 *   the `retry_after_seconds` of a search refused for capacity (server/search/executor.ts).
 * - Per operation: `x-rate-limit-group`, `x-required-grant`, `x-authentication`
 *   (`api-key-and-secret`: credentials in the body), `x-response-cache` (the 200 body may be
 *   reused while the content version is unchanged), `x-max-range-days` (longest date range).
 * - Parameter defaults are the schemas' `default`s, applied by the validator (http/validator.ts).
 */
import { readFileSync } from 'node:fs';
import { CONTRACT_BUNDLE } from '../platform/paths.js';

/** A group's name as the contract spells it (`x-rate-limit-group`); the server never names one itself. */
export type RateLimitGroupName = string;
export type RequiredGrant = 'read' | 'stream';
/** What a limit does while its shared store is unreachable: refuse (503) or count per instance. */
export type FailMode = 'open' | 'closed';

export interface LimitPolicy {
  limit: number;
  windowMs: number;
  failMode: FailMode;
}

export interface RateLimitGroup extends LimitPolicy {
  name: RateLimitGroupName;
}

/** How an operation's caller proves who it is: a bearer token, the API key and secret in the body, a studio session cookie, or not at all. */
export type Authentication = 'bearer' | 'api-key-and-secret' | 'session' | 'none';
/** A studio operator's role (`x-required-role` of the studio contract, server/contract/studio.ts). */
export type Role = 'viewer' | 'editor' | 'owner';

export interface OperationPolicy {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. /api/partner/content/series/{series_id}. */
  path: string;
  group: RateLimitGroupName;
  grant: RequiredGrant | undefined;
  authentication: Authentication;
  /** Whether the operation takes a request body (only then is one parsed). */
  hasRequestBody: boolean;
  /** Query parameters of format date-time, which JavaScript's Date cannot always hold (leap seconds). */
  dateTimeQuery: string[];
  /** `x-response-cache`: its 200 body depends only on the partner, the URL and the content version. */
  cacheable: boolean;
  /** `x-max-range-days`: the longest span of its date range, when it takes one. */
  maxRangeDays: number | undefined;
  /** Studio operations only: the least role that may call it (`x-required-role`); undefined before sign-in. */
  role?: Role | undefined;
  /** Studio operations only: the largest request body it reads (`x-max-body-bytes`, or the document's). */
  maxBodyBytes?: number | undefined;
  /** Studio sign-in operations only (`x-sign-in-limit`): every attempt per address, or failures per account and address and per address. */
  signInLimit?: 'per-address' | 'failures' | undefined;
}

/** `info.x-search-capacity`: what each partner may hold of an instance's search capacity. */
export interface SearchCapacity {
  perPartner: number;
  retryAfterSeconds: number;
}

export interface Contract {
  /** The bundled OpenAPI document, as parsed JSON. */
  document: Record<string, unknown>;
  /** The path every operation lives under (e.g. /api/partner). */
  prefix: string;
  operations: OperationPolicy[];
  groups: Map<RateLimitGroupName, RateLimitGroup>;
  failedAuthentication: LimitPolicy;
  search: SearchCapacity;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const FAIL_MODES: readonly FailMode[] = ['open', 'closed'];

interface RawOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: RawParameter[];
  requestBody?: unknown;
  'x-rate-limit-group'?: string;
  'x-required-grant'?: RequiredGrant;
  'x-authentication'?: string;
  'x-response-cache'?: unknown;
  'x-max-range-days'?: unknown;
}

export interface RawParameter {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: { format?: string };
}

export const positiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/** A limit of whole seconds, a positive integer count and a fail mode, or an error naming where it was read. */
export function limitPolicy(where: string, raw: { limit?: unknown; window_seconds?: unknown; fail_mode?: unknown } | undefined): LimitPolicy {
  const { limit, window_seconds: seconds, fail_mode: failMode } = raw ?? {};
  if (!positiveInteger(limit) || !positiveInteger(seconds) || !FAIL_MODES.includes(failMode as FailMode)) {
    throw new Error(`contract: ${where} needs a positive integer limit and window_seconds, and fail_mode open or closed`);
  }
  return { limit, windowMs: seconds * 1000, failMode: failMode as FailMode };
}

/** The names of an operation's query parameters (its own and its path's) with format date-time. */
export function dateTimeQuery(document: Record<string, any>, parameters: RawParameter[]): string[] {
  const resolve = (p: RawParameter): RawParameter =>
    p.$ref ? (p.$ref.slice(2).split('/').reduce((at: any, part) => at?.[part], document) as RawParameter) : p;
  return parameters.map(resolve).filter((p) => p.in === 'query' && p.schema?.format === 'date-time').map((p) => p.name!);
}

/** `info.x-rate-limit-groups` of a contract (the partner's or the studio's), by name. */
export function rateLimitGroups(document: Record<string, any>): Map<RateLimitGroupName, RateLimitGroup> {
  const groups = new Map<RateLimitGroupName, RateLimitGroup>();
  for (const [name, raw] of Object.entries((document.info?.['x-rate-limit-groups'] ?? {}) as Record<string, any>)) {
    groups.set(name, { name, ...limitPolicy(`rate-limit group ${name}`, raw) });
  }
  return groups;
}

/** The longest path prefix, ending at a `/`, that every operation's path starts with. */
export function commonPrefix(paths: string[]): string {
  const segments = paths.map((p) => p.split('/'));
  const shared: string[] = [];
  for (let i = 0; segments.every((s) => i < s.length - 1 && s[i] === segments[0]![i] && !s[i]!.includes('{')); i++) shared.push(segments[0]![i]!);
  return shared.join('/');
}

function operationPolicy(document: Record<string, any>, path: string, method: string, op: RawOperation, item: { parameters?: RawParameter[] }, groups: Map<string, RateLimitGroup>): OperationPolicy {
  const where = `${method.toUpperCase()} ${path}`;
  const group = op['x-rate-limit-group'];
  if (!op.operationId || !group || !groups.has(group)) throw new Error(`contract: ${where} lacks an operationId or a known x-rate-limit-group`);
  const declared = op['x-authentication'];
  if (declared !== undefined && declared !== 'api-key-and-secret') throw new Error(`contract: ${op.operationId} has an unknown x-authentication ${declared}`);
  const security = op.security ?? ((document.security ?? []) as unknown[]);
  const cache = op['x-response-cache'] ?? false;
  if (typeof cache !== 'boolean') throw new Error(`contract: ${op.operationId} x-response-cache must be true or false`);
  const range = op['x-max-range-days'];
  if (range !== undefined && !positiveInteger(range)) throw new Error(`contract: ${op.operationId} x-max-range-days must be a positive integer`);
  const hasRequestBody = op.requestBody !== undefined;
  if (cache && (method !== 'get' || security.length === 0)) throw new Error(`contract: ${op.operationId} is cached but is not an authenticated GET`);
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    group,
    grant: op['x-required-grant'],
    authentication: security.length > 0 ? 'bearer' : (declared ?? 'none'),
    hasRequestBody,
    dateTimeQuery: dateTimeQuery(document, [...(item.parameters ?? []), ...(op.parameters ?? [])]),
    cacheable: cache,
    maxRangeDays: range as number | undefined,
  };
}

/** Loads the bundled contract and reads each policy; throws naming what is missing or malformed. */
export function loadContract(path: string = CONTRACT_BUNDLE): Contract {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  const groups = rateLimitGroups(document);
  const rawSearch = (document.info?.['x-search-capacity'] ?? {}) as { per_partner?: unknown; retry_after_seconds?: unknown };
  if (!positiveInteger(rawSearch.per_partner) || !positiveInteger(rawSearch.retry_after_seconds)) {
    throw new Error('contract: info.x-search-capacity needs positive integers per_partner and retry_after_seconds');
  }
  const search = { perPartner: rawSearch.per_partner, retryAfterSeconds: rawSearch.retry_after_seconds };
  const failedAuthentication = limitPolicy('info.x-failed-authentication-limit', document.info?.['x-failed-authentication-limit']);
  const operations: OperationPolicy[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, RawOperation> & { parameters?: RawParameter[] }>)) {
    for (const method of METHODS) if (item[method]) operations.push(operationPolicy(document, path, method, item[method], item, groups));
  }
  if (operations.length === 0) throw new Error('contract: no operations');
  return { document, prefix: commonPrefix(operations.map((op) => op.path)), operations, groups, failedAuthentication, search };
}
