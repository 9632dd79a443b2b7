/**
 * Operation lookup: the first step of the partner API's chain. Finds the contract operation a
 * request addresses and its path parameters, once, so every later step reads them from the
 * request (`req.operation`, `req.pathParams`) instead of matching the route again. Unknown paths
 * answer 404, known paths with another method 405 with `Allow`, both as problem+json.
 */
import type { NextFunction, Request, Response } from 'express';
import type { OperationPolicy } from '../contract/load.js';
import { ApiError } from './errors.js';
import './request-fields.js';

interface CompiledRoute {
  regex: RegExp;
  paramNames: string[];
  byMethod: Map<string, OperationPolicy>;
}

function compile(operations: OperationPolicy[]): CompiledRoute[] {
  const routes = new Map<string, CompiledRoute>();
  for (const op of operations) {
    let route = routes.get(op.path);
    if (!route) {
      const paramNames: string[] = [];
      const pattern = op.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name) {
            paramNames.push(name);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        })
        .join('');
      route = { regex: new RegExp(`^${pattern}/?$`), paramNames, byMethod: new Map() };
      routes.set(op.path, route);
    }
    route.byMethod.set(op.method, op);
  }
  return [...routes.values()];
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** A path segment as the client meant it; one that is not valid percent-encoding names nothing. */
function decodeSegment(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError('not_found', `No operation at ${path}. See the API reference at /docs.`);
  }
}

/** Middleware factory: sets `req.operation` and `req.pathParams` for requests under `prefix`, or throws 404/405. */
export function resolveOperation(operations: OperationPolicy[], prefix: string) {
  if (operations.length === 0) throw new Error('resolveOperation: the contract has no operations');
  if (!prefix.startsWith('/')) throw new Error('resolveOperation: prefix must be a path');
  const routes = compile(operations);
  return function resolveOperationMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (!req.path.startsWith(prefix)) return next();
    for (const route of routes) {
      const match = route.regex.exec(req.path);
      if (!match) continue;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const op = route.byMethod.get(method);
      if (!op) {
        const allow = [...route.byMethod.keys()].join(', ');
        throw new ApiError('method_not_allowed', `${req.method} is not allowed on ${req.path}; use ${allow}.`, {
          headers: { Allow: allow },
        });
      }
      req.operation = op;
      if (route.paramNames.length === 0) {
        req.pathParams = NO_PARAMS;
      } else {
        const params: Record<string, string> = {};
        route.paramNames.forEach((name, i) => (params[name] = decodeSegment(match[i + 1]!, req.path)));
        req.pathParams = Object.freeze(params);
      }
      return next();
    }
    throw new ApiError('not_found', `No operation at ${req.path}. See the API reference at /docs.`);
  };
}
