/**
 * Studio sessions: a random token in an HttpOnly, Secure, SameSite=Strict cookie, stored only as
 * its SHA-256, with a CSRF token of its own; expiry from the contract's `x-session`. The step
 * `resolveOperator` turns the cookie into `req.operator`, refusing expired and revoked sessions
 * and disabled operators with 401 on every operation that needs a session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../platform/clock.js';
import { ApiError } from '../http/errors.js';
import type { OperatorRecord, Operators } from '../store/index.js';
import './request-fields.js';

export const SESSION_COOKIE = 'studio_session';
/** The cookie is sent only to the studio API. */
const COOKIE_PATH = '/api/studio';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The value of cookie `name` in the request's Cookie header, or undefined. */
export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The contract's Session body of a signed-in operator. */
export function sessionBody(operator: OperatorRecord, csrfToken: string, expiresAt: string) {
  return { operator: operatorBody(operator), csrf_token: csrfToken, expires_at: expiresAt };
}

/** The contract's Operator. */
export function operatorBody(o: OperatorRecord) {
  return { id: o.id, email: o.email, role: o.role, disabled: o.disabled, created_at: o.createdAt, updated_at: o.updatedAt };
}

export interface Sessions {
  /** Starts a session for the operator: stores it, sets the cookie and answers the Session body. */
  start(operator: OperatorRecord, res: Response): Promise<void>;
  /** Ends the request's session and clears its cookie. */
  end(req: Request, res: Response): Promise<void>;
  /** Request step: sets req.operator from a live session; 401 when an operation needs one and there is none. */
  resolveOperator(req: Request, res: Response, next: NextFunction): Promise<void>;
}

export function sessions(options: { store: Operators; clock: Clock; ttlMs: number }): Sessions {
  const { store, clock, ttlMs } = options;
  if (!store || !clock || !(ttlMs > 0)) throw new Error('sessions: store, clock and a positive ttlMs are required');
  const cookie = { httpOnly: true, secure: true, sameSite: 'strict', path: COOKIE_PATH } as const;
  return {
    async start(operator, res) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now + ttlMs).toISOString();
      await store.createSession({ idHash: hashToken(token), operatorId: operator.id, csrfToken, createdAt: new Date(now).toISOString(), expiresAt });
      res.cookie(SESSION_COOKIE, token, { ...cookie, maxAge: ttlMs });
      res.setHeader('Cache-Control', 'no-store');
      res.json(sessionBody(operator, csrfToken, expiresAt));
    },
    async end(req, res) {
      const token = cookieValue(req, SESSION_COOKIE);
      if (token) await store.revokeSession(hashToken(token), new Date(clock.now()).toISOString());
      res.clearCookie(SESSION_COOKIE, cookie);
    },
    async resolveOperator(req, _res, next) {
      if (req.operation?.authentication !== 'session') return next();
      const token = cookieValue(req, SESSION_COOKIE);
      const found = token ? await store.getSession(hashToken(token)) : undefined;
      const live = found && found.session.revokedAt === null && Date.parse(found.session.expiresAt) > clock.now() && !found.operator.disabled;
      if (!found || !live) throw new ApiError('unauthorized', 'Sign in first: no session, or it expired, was revoked or its operator was disabled.');
      req.operator = { record: found.operator, session: found.session };
      next();
    },
  };
}
