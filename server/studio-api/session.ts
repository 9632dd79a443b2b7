/**
 * Studio sessions: a random token in an HttpOnly, Secure, SameSite=Strict cookie, stored only as
 * its SHA-256, with a CSRF token of its own; expiry from the contract's `x-session`: after
 * `ttl_seconds` from its start, or `idle_timeout_seconds` after its last request. The step
 * `resolveOperator` turns the cookie into `req.operator`, refusing expired, idle and revoked
 * sessions and disabled operators with 401 on every operation that needs a session, and, while
 * owners must use a second factor (STUDIO_REQUIRE_MFA_FOR_OWNERS), an owner without one with 403
 * on everything but enrolling (`x-allowed-before-mfa-enrolment`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../platform/clock.js';
import { ApiError } from '../http/errors.js';
import type { OperatorRecord, Operators, SessionRecord } from '../store/index.js';
import './request-fields.js';

/**
 * `__Host-`: browsers accept it only Secure, from a secure origin, without Domain and with Path=/, so a
 * sibling subdomain or a plain-HTTP page cannot set or shadow the session (RFC 6265bis 4.1.3.2).
 */
export const SESSION_COOKIE = '__Host-studio_session';
const COOKIE_PATH = '/';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The value of cookie `name` in the request's Cookie header, or undefined. */
export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The contract's Session body of a signed-in operator. */
export function sessionBody(operator: OperatorRecord, csrfToken: string, expiresAt: string, mfaEnrolmentRequired = false) {
  return { operator: operatorBody(operator), csrf_token: csrfToken, expires_at: expiresAt, mfa_enrolment_required: mfaEnrolmentRequired };
}

/** The contract's Operator. */
export function operatorBody(o: OperatorRecord) {
  const mfa = { mfa_enabled: o.totpSecret !== null, last_sign_in_at: o.lastSignInAt };
  return { id: o.id, email: o.email, role: o.role, disabled: o.disabled, ...mfa, created_at: o.createdAt, updated_at: o.updatedAt };
}

/** A User-Agent as stored: printable ASCII (others as `?`), at most 256 characters. */
function userAgentOf(req: Request | undefined): string | null {
  const ua = req?.headers['user-agent'];
  return ua ? ua.slice(0, 256).replace(/[^\x20-\x7E]/g, '?') : null;
}

export interface Sessions {
  /** Starts a session for the operator: stores it, sets the cookie and answers the Session body. */
  start(operator: OperatorRecord, res: Response): Promise<void>;
  /** Ends the request's session and clears its cookie. */
  end(req: Request, res: Response): Promise<void>;
  /** Request step: sets req.operator from a live session; 401 when an operation needs one and there is none. */
  resolveOperator(req: Request, res: Response, next: NextFunction): Promise<void>;
  /** The Session body of the signed-in operator. */
  body(operator: OperatorRecord, session: SessionRecord): ReturnType<typeof sessionBody>;
  /** Clears the session cookie (after the request's session was ended some other way). */
  clearCookie(res: Response): void;
}

/** STUDIO_REQUIRE_MFA_FOR_OWNERS (server/config.ts): `true` or `false`, unset false; anything else is a problem. */
export function requireMfaForOwners(raw: string | undefined, problems: string[]): boolean {
  if (raw !== undefined && raw !== '' && raw !== 'false' && raw !== 'true') problems.push(`STUDIO_REQUIRE_MFA_FOR_OWNERS must be true or false (got "${raw}")`);
  return raw === 'true';
}

export interface SessionOptions {
  store: Operators;
  clock: Clock;
  ttlMs: number;
  idleMs: number;
  /** Owners must enrol a second factor before anything but these operations. */
  requireMfaForOwners?: boolean;
  allowedBeforeMfaEnrolment?: ReadonlySet<string>;
}

export function sessions(options: SessionOptions): Sessions {
  const { store, clock, ttlMs, idleMs } = options;
  if (!store || !clock || !(ttlMs > 0) || !(idleMs > 0)) throw new Error('sessions: store, clock and positive ttlMs and idleMs are required');
  const allowed = options.allowedBeforeMfaEnrolment ?? new Set<string>();
  const mustEnrol = (o: OperatorRecord) => options.requireMfaForOwners === true && o.role === 'owner' && o.totpSecret === null;
  // Last use is written at most this often: a write per request would cost more than the idle check needs.
  const touchEveryMs = Math.min(60_000, idleMs / 10);
  const cookie = { httpOnly: true, secure: true, sameSite: 'strict', path: COOKIE_PATH } as const;
  return {
    async start(operator, res) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now + ttlMs).toISOString();
      const req = res.req as Request | undefined;
      const address = req?.ip ?? null;
      await store.createSession({ idHash: hashToken(token), operatorId: operator.id, csrfToken, createdAt: new Date(now).toISOString(), expiresAt, address, userAgent: userAgentOf(req) });
      res.cookie(SESSION_COOKIE, token, { ...cookie, maxAge: ttlMs });
      res.setHeader('Cache-Control', 'no-store');
      res.json(sessionBody({ ...operator, lastSignInAt: new Date(now).toISOString() }, csrfToken, expiresAt, mustEnrol(operator)));
    },
    body: (operator, session) => sessionBody(operator, session.csrfToken, session.expiresAt, mustEnrol(operator)),
    clearCookie: (res) => void res.clearCookie(SESSION_COOKIE, cookie),
    async end(req, res) {
      const token = cookieValue(req, SESSION_COOKIE);
      if (token) await store.revokeSession(hashToken(token), new Date(clock.now()).toISOString());
      res.clearCookie(SESSION_COOKIE, cookie);
    },
    async resolveOperator(req, _res, next) {
      if (req.operation?.authentication !== 'session') return next();
      const token = cookieValue(req, SESSION_COOKIE);
      const found = token ? await store.getSession(hashToken(token)) : undefined;
      const now = clock.now();
      const lastSeen = found ? Date.parse(found.session.lastSeenAt) : 0;
      const live = found && found.session.revokedAt === null && Date.parse(found.session.expiresAt) > now && lastSeen + idleMs > now && !found.operator.disabled;
      if (!found || !live) throw new ApiError('unauthorized', 'Sign in first: no session, or it expired, went unused too long, was revoked or its operator was disabled.');
      if (now - lastSeen >= touchEveryMs) {
        await store.touchSession(found.session.idHash, new Date(now).toISOString());
        found.session.lastSeenAt = new Date(now).toISOString();
      }
      req.operator = { record: found.operator, session: found.session };
      if (mustEnrol(found.operator) && !allowed.has(req.operation.operationId)) {
        throw new ApiError('mfa_enrolment_required', 'Owners must use a second factor: enrol an authenticator app first (POST /api/studio/account/totp).');
      }
      next();
    },
  };
}
