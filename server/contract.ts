/**
 * The contract as the server reads it: the bundled OpenAPI document and, per operation, the
 * policy it states (rate-limit group, required grant, whether a bearer token is needed).
 * Middleware enforces what this module reads; nothing here is repeated in handlers.
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

export interface OperationPolicy {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. /api/partner/content/series/{series_id}. */
  path: string;
  group: RateLimitGroupName;
  grant: RequiredGrant | undefined;
  requiresBearer: boolean;
}

export interface Contract {
  /** The bundled OpenAPI document, as parsed JSON. */
  document: Record<string, unknown>;
  operations: OperationPolicy[];
  groups: Record<RateLimitGroupName, RateLimitGroup>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface RawOperation {
  operationId?: string;
  security?: unknown[];
  'x-rate-limit-group'?: RateLimitGroupName;
  'x-required-grant'?: RequiredGrant;
}

/** Loads the bundled contract and extracts each operation's policy; throws if the policy is incomplete. */
export function loadContract(path: string = CONTRACT_BUNDLE): Contract {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  const rawGroups = document.info?.['x-rate-limit-groups'] as Record<string, { limit: number; window_seconds: number }>;
  const groups = {} as Record<RateLimitGroupName, RateLimitGroup>;
  for (const [name, g] of Object.entries(rawGroups ?? {})) {
    groups[name as RateLimitGroupName] = { name: name as RateLimitGroupName, limit: g.limit, windowMs: g.window_seconds * 1000 };
  }
  const globalSecurity = (document.security ?? []) as unknown[];
  const operations: OperationPolicy[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, RawOperation>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const group = op['x-rate-limit-group'];
      if (!op.operationId || !group || !groups[group]) {
        throw new Error(`contract: ${method.toUpperCase()} ${path} lacks an operationId or a known x-rate-limit-group`);
      }
      const security = op.security ?? globalSecurity;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        group,
        grant: op['x-required-grant'],
        requiresBearer: security.length > 0,
      });
    }
  }
  return { document, operations, groups };
}
