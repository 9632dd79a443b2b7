/**
 * Finds the contract operation a request addresses, so policy middleware (auth, limits, grants)
 * can read what the contract says about it. Unknown paths answer 404, known paths with another
 * method 405 with `Allow`, both as problem+json.
 */
import type { NextFunction, Request, Response } from 'express';
import type { OperationPolicy } from '../contract.js';
import { ApiError } from '../errors.js';

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

/** Middleware factory: sets `req.operation` for requests under `prefix`, or throws 404/405. */
export function resolveOperation(operations: OperationPolicy[], prefix = '/api/partner') {
  if (operations.length === 0) throw new Error('resolveOperation: the contract has no operations');
  const routes = compile(operations);
  return function resolveOperationMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (!req.path.startsWith(prefix)) return next();
    for (const route of routes) {
      if (!route.regex.test(req.path)) continue;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const op = route.byMethod.get(method);
      if (!op) {
        const allow = [...route.byMethod.keys()].join(', ');
        throw new ApiError('method_not_allowed', `${req.method} is not allowed on ${req.path}; use ${allow}.`, {
          headers: { Allow: allow },
        });
      }
      req.operation = op;
      return next();
    }
    throw new ApiError('not_found', `No operation at ${req.path}. See the API reference at /docs.`);
  };
}
