/**
 * The contract as the server reads it: the bundled OpenAPI document and, per operation, the
 * policy it states (rate-limit group, required grant, how the caller authenticates, whether it
 * takes a body, which query parameters are date-times), and the limit of failed
 * authentications per client address. Middleware enforces what this module reads; nothing here
 * is repeated in handlers.
 */
import { readFileSync } from 'node:fs';
import { CONTRACT_BUNDLE } from './paths.js';

export type RateLimitGroupName = 'Authentication' | 'Content' | 'Streaming';
export type RequiredGrant = 'read' | 'stream';

export interface RateLimitGroup {
  name: RateLimitGroupName;
  limit: number;
  windowMs: number;
}

/** The limit of failed authentications per client address (`info.x-failed-authentication-limit`). */
export interface FailedAuthenticationLimit {
  limit: number;
  windowMs: number;
}

/** How an operation's caller proves who it is: a bearer token, the API key and secret in the body, or not at all. */
export type Authentication = 'bearer' | 'api-key-and-secret' | 'none';

export interface OperationPolicy {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. /api/partner/content/series/{series_id}. */
  path: string;
  group: RateLimitGroupName;
  grant: RequiredGrant | undefined;
  authentication: Authentication;
  requiresBearer: boolean;
  /** Whether the operation takes a request body (only then is one parsed). */
  hasRequestBody: boolean;
  /** Query parameters of format date-time, which JavaScript's Date cannot always hold (leap seconds). */
  dateTimeQuery: string[];
}

export interface Contract {
  /** The bundled OpenAPI document, as parsed JSON. */
  document: Record<string, unknown>;
  operations: OperationPolicy[];
  groups: Record<RateLimitGroupName, RateLimitGroup>;
  failedAuthentication: FailedAuthenticationLimit;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface RawOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: RawParameter[];
  requestBody?: unknown;
  'x-rate-limit-group'?: RateLimitGroupName;
  'x-required-grant'?: RequiredGrant;
  'x-authentication'?: string;
}

interface RawParameter {
  $ref?: string;
  name?: string;
  in?: string;
  schema?: { format?: string };
}

/** A window of whole seconds and a positive integer limit, or an error naming where it was read. */
function limitWindow(where: string, raw: { limit?: unknown; window_seconds?: unknown } | undefined): { limit: number; windowMs: number } {
  const { limit, window_seconds: seconds } = raw ?? {};
  if (!Number.isInteger(limit) || (limit as number) < 1 || !Number.isInteger(seconds) || (seconds as number) < 1) {
    throw new Error(`contract: ${where} needs a positive integer limit and window_seconds`);
  }
  return { limit: limit as number, windowMs: (seconds as number) * 1000 };
}

/** The names of an operation's query parameters (its own and its path's) with format date-time. */
function dateTimeQuery(document: Record<string, any>, parameters: RawParameter[]): string[] {
  const resolve = (p: RawParameter): RawParameter =>
    p.$ref ? (p.$ref.slice(2).split('/').reduce((at: any, part) => at?.[part], document) as RawParameter) : p;
  return parameters.map(resolve).filter((p) => p.in === 'query' && p.schema?.format === 'date-time').map((p) => p.name!);
}

/** Loads the bundled contract and extracts each operation's policy; throws if the policy is incomplete. */
export function loadContract(path: string = CONTRACT_BUNDLE): Contract {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  const rawGroups = document.info?.['x-rate-limit-groups'] as Record<string, { limit: number; window_seconds: number }>;
  const groups = {} as Record<RateLimitGroupName, RateLimitGroup>;
  for (const [name, g] of Object.entries(rawGroups ?? {})) {
    groups[name as RateLimitGroupName] = { name: name as RateLimitGroupName, ...limitWindow(`rate-limit group ${name}`, g) };
  }
  const failedAuthentication = limitWindow('info.x-failed-authentication-limit', document.info?.['x-failed-authentication-limit']);
  const globalSecurity = (document.security ?? []) as unknown[];
  const operations: OperationPolicy[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, RawOperation> & { parameters?: RawParameter[] }>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const group = op['x-rate-limit-group'];
      if (!op.operationId || !group || !groups[group]) {
        throw new Error(`contract: ${method.toUpperCase()} ${path} lacks an operationId or a known x-rate-limit-group`);
      }
      const security = op.security ?? globalSecurity;
      const declared = op['x-authentication'];
      if (declared !== undefined && declared !== 'api-key-and-secret') throw new Error(`contract: ${op.operationId} has an unknown x-authentication ${declared}`);
      const authentication: Authentication = security.length > 0 ? 'bearer' : (declared ?? 'none');
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        group,
        grant: op['x-required-grant'],
        authentication,
        requiresBearer: authentication === 'bearer',
        hasRequestBody: op.requestBody !== undefined,
        dateTimeQuery: dateTimeQuery(document, [...(item.parameters ?? []), ...(op.parameters ?? [])]),
      });
    }
  }
  return { document, operations, groups, failedAuthentication };
}
