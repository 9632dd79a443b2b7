/**
 * The two checks every studio operation passes once its operator is known, in one place each:
 *
 * - CSRF (`requireSameOrigin`): a change (any method but GET) must carry the session's CSRF token
 *   as `X-CSRF-Token`, and an `Origin` (when the browser sends one) of the studio listener itself
 *   or of STUDIO_ORIGINS; signing in, which has no session yet, is held to the Origin check.
 * - Roles (`requireRole`): the operation's `x-required-role` from the contract, against the
 *   operator's role: viewer < editor < owner.
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Role } from '../contract/load.js';
import { ROLES } from '../contract/studio.js';
import { ApiError } from '../http/errors.js';
import './request-fields.js';

const sameText = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Middleware factory: refuses cross-origin requests and changes without the session's CSRF token (403 csrf_rejected). */
export function requireSameOrigin(options: { origins: readonly string[] }) {
  const allowed = new Set(options.origins);
  return function requireSameOriginMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const origin = req.get('origin');
    if (origin !== undefined && origin !== `${req.protocol}://${req.get('host')}` && !allowed.has(origin)) {
      throw new ApiError('csrf_rejected', `Changes are accepted only from the studio's own origin, not ${origin.slice(0, 200)}.`);
    }
    if (req.get('sec-fetch-site') === 'cross-site') throw new ApiError('csrf_rejected', 'Changes are not accepted from another site.');
    const session = req.operator?.session;
    const sent = req.get('x-csrf-token');
    if (session && (sent === undefined || !sameText(sent, session.csrfToken))) {
      throw new ApiError('csrf_rejected', "Send the session's csrf_token as X-CSRF-Token with every change.");
    }
    next();
  };
}

/** True when `role` includes everything `needed` may do. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** Middleware factory: refuses an operator whose role is below the operation's `x-required-role` (403 forbidden). */
export function requireRole() {
  return function requireRoleMiddleware(req: Request, _res: Response, next: NextFunction): void {
    const needed = req.operation?.role;
    if (needed === undefined) return next();
    const role = req.operator?.record.role;
    if (!role || !roleAllows(role, needed)) {
      throw new ApiError('forbidden', `This operation needs the ${needed} role; you are ${role === 'owner' || role === 'editor' ? 'an' : 'a'} ${role ?? 'nobody'}.`);
    }
    next();
  };
}
