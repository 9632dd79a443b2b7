/**
 * The signed-in operator's own account (change password, second factor, sessions) and setting a
 * password with a reset link. Changes go through services/operator-accounts.ts.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ApiError } from '../../http/errors.js';
import { pathParam, type OperationHandler } from '../../http/operation-handler.js';
import * as accounts from '../../services/operator-accounts.js';
import type { SessionRecord } from '../../store/index.js';
import type { StudioHandlerDeps } from './handler-deps.js';
import { serviceContext } from './handler-deps.js';

/** A session's id in listings: derived from the hash of its token, so it reveals nothing of the token. */
export function publicSessionId(idHash: string): string {
  return 'ses_' + createHash('sha256').update(`session-id:${idHash}`).digest('base64url').slice(0, 22);
}

function sessionInfo(s: SessionRecord, currentHash: string) {
  return { id: publicSessionId(s.idHash), current: s.idHash === currentHash, created_at: s.createdAt, last_seen_at: s.lastSeenAt, expires_at: s.expiresAt, address: s.address, user_agent: s.userAgent };
}

export function accountHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const { store, clock, sessions, contract, security } = deps;
  /** The signed-in operator as a security event's actor and subject, from the request's address. */
  const who = (req: Request) => {
    const { id, email } = req.operator!.record;
    return { address: req.ip ?? null, actor: { kind: 'operator' as const, id, email }, operator: { id, email } };
  };
  const iso = () => new Date(clock.now()).toISOString();
  const liveSessions = (operatorId: string) => store.listSessions(operatorId, iso(), new Date(clock.now() - contract.idleTimeoutMs).toISOString());
  return {
    async changePassword(req, res) {
      const { current_password: current, new_password: next } = req.body as { current_password: string; new_password: string };
      const { record, session } = req.operator!;
      const result = await accounts.changePassword(serviceContext(req, deps), record, current, next, session.idHash);
      if (result === 'no_password') throw new ApiError('conflict', 'This account signs in through the identity provider: it has no password here.');
      if (result === 'wrong_password') throw new ApiError('wrong_password', 'The current password is wrong.');
      await security.record({ type: 'password.change', ...who(req) });
      res.status(204).end();
    },
    async completePasswordReset(req, res) {
      const { token, new_password: next } = req.body as { token: string; new_password: string };
      const changed = await accounts.completeReset({ store, now: iso() }, token, next);
      const address = req.ip ?? null;
      if (!changed) await security.record({ type: 'password.reset', address, detail: { reason: 'link_invalid' } });
      else await security.record({ type: 'password.reset', address, operator: { id: changed.id, email: changed.email }, detail: { reason: 'link_used' } });
      if (!changed) throw new ApiError('reset_link_invalid', 'The link is unknown, used, replaced by a newer one or expired: ask an owner for a new one.');
      res.status(204).end();
    },
    async startTotpEnrolment(req, res) {
      const started = await accounts.startTotp(serviceContext(req, deps), req.operator!.record);
      if (started === 'enabled') throw new ApiError('conflict', 'A second factor is on already: turn it off first to enrol another.');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ secret: started.secret, otpauth_uri: started.uri });
    },
    async confirmTotpEnrolment(req, res) {
      const { code } = req.body as { code: string };
      const result = await accounts.confirmTotp(serviceContext(req, deps), req.operator!.record, code, clock.now());
      if (result === 'not_started') throw new ApiError('conflict', 'No enrolment to confirm: start one first (POST /api/studio/account/totp).');
      if (result === 'invalid_code') await security.record({ type: 'mfa.failure', ...who(req), detail: { reason: 'wrong_enrolment_code' } });
      if (result === 'invalid_code') throw new ApiError('enrolment_code_wrong', 'The code is not a current code of the new secret: check the app and the device\'s clock.');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ recovery_codes: result });
    },
    async regenerateRecoveryCodes(req, res) {
      const result = await accounts.regenerateRecoveryCodes(serviceContext(req, deps), req.operator!.record, (req.body as { password: string }).password);
      if (result === 'not_enabled') throw new ApiError('conflict', 'No second factor is on.');
      if (result === 'wrong_password') throw new ApiError('wrong_password', 'The password is wrong.');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ recovery_codes: result });
    },
    async disableTotp(req, res) {
      const { record } = req.operator!;
      if (deps.requireMfaForOwners && record.role === 'owner' && record.totpSecret) throw new ApiError('conflict', 'The studio requires owners to use a second factor.');
      const result = await accounts.disableTotp(serviceContext(req, deps), record, (req.body as { password: string }).password);
      if (result === 'not_enabled') throw new ApiError('conflict', 'No second factor is on.');
      if (result === 'wrong_password') throw new ApiError('wrong_password', 'The password is wrong.');
      res.status(204).end();
    },
    async listMySessions(req, res) {
      const { record, session } = req.operator!;
      const items = (await liveSessions(record.id)).map((s) => sessionInfo(s, session.idHash));
      res.setHeader('Cache-Control', 'no-store');
      res.json({ items });
    },
    async signOutEverywhere(req, res) {
      const ended = await store.revokeSessions(req.operator!.record.id, iso(), {});
      await security.record({ type: 'session.revoke', ...who(req), detail: { reason: 'sign_out_everywhere', sessions: ended } });
      sessions.clearCookie(res);
      res.status(204).end();
    },
    async endMySession(req, res) {
      const { record, session } = req.operator!;
      const id = pathParam(req, 'session_id');
      const target = (await liveSessions(record.id)).find((s) => publicSessionId(s.idHash) === id);
      if (!target || (await store.revokeSessions(record.id, iso(), { only: target.idHash })) === 0) throw new ApiError('not_found', `No live session ${id} of yours.`);
      await security.record({ type: 'session.revoke', ...who(req), detail: { reason: target.idHash === session.idHash ? 'this_session' : 'other_session', sessions: 1 } });
      if (target.idHash === session.idHash) sessions.clearCookie(res);
      res.status(204).end();
    },
  };
}
