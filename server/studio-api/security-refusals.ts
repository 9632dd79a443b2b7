/**
 * Every 403 the studio API answers (a role below the operation's, a change without the CSRF
 * token or from another origin) is a security event (services/security-events.ts): this error
 * step records it, with the operator when one is signed in, before http/problem.ts answers it.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/errors.js';
import type { SecurityEvents } from '../services/index.js';
import { OidcRefused } from './oidc.js';
import './request-fields.js';

/** Error middleware factory: records each 403 refusal, then hands the error on unchanged. */
export function recordRefusals(security: SecurityEvents) {
  if (!security) throw new Error('recordRefusals: security events are required');
  return async function recordRefusalsMiddleware(err: unknown, req: Request, _res: Response, next: NextFunction): Promise<void> {
    // An identity provider's refused sign-in (403 email_not_verified) is recorded as oidc.refusal by its handler.
    if (err instanceof ApiError && err.status === 403 && !(err instanceof OidcRefused)) {
      const operator = req.operator?.record;
      await security.record({
        type: err.code === 'csrf_rejected' ? 'access.csrf_rejected' : 'access.forbidden',
        address: req.ip ?? null,
        actor: operator && { kind: 'operator', id: operator.id, email: operator.email },
        operator: operator && { id: operator.id, email: operator.email },
        operation: req.operation?.operationId ?? 'none',
        detail: {
          code: err.code,
          method: req.method,
          ...(err.code === 'forbidden' && req.operation?.role ? { role_needed: req.operation.role } : {}),
          ...(operator ? { role: operator.role } : {}),
        },
      });
    }
    next(err);
  };
}
