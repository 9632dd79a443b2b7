/**
 * Security events: what a security team follows on the studio plane (sign-ins, failed sign-ins,
 * lockouts, refusals, second-factor failures, password and session events). record() writes each
 * one to three places: the audit trail (kind `security`, filterable in `admin audit --kind` and
 * the studio API's audit listing), the log (operator and client address) and the metric
 * `studio_security_events_total{event}`. What an event carries is a closed set of fields
 * (SecurityDetail), none of them a credential, so no secret can reach any of the three.
 *
 * Hooks for every event: the studio API records sign-ins, lockouts and its 403 refusals; password
 * changes and resets, second-factor failures, revoked sessions and identity-provider refusals are
 * recorded by whatever makes them, with the same call.
 */
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { AuditValue, Transactions } from '../store/index.js';
import { actorKey, type Actor } from './context.js';

/** Every event type: the audit entry's action and the metric's `event` label. */
export const SECURITY_EVENTS = [
  'sign_in.success',
  'sign_in.failure',
  'sign_in.lockout',
  'access.forbidden',
  'access.csrf_rejected',
  'mfa.failure',
  'password.change',
  'password.reset',
  'session.revoke',
  'oidc.refusal',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENTS)[number];

/** Refusals and failures are logged as warnings; the rest (a sign-in, a change of password) as information. */
const WARNINGS: ReadonlySet<SecurityEventType> = new Set(['sign_in.failure', 'sign_in.lockout', 'access.forbidden', 'access.csrf_rejected', 'mfa.failure', 'oidc.refusal']);

/** Facts an event may carry besides who, what and where; each one a label, a code or a count, never a credential. */
export interface SecurityDetail {
  /** Why it happened, as a short stable word: `wrong_password`, `unknown_email`, `disabled`, `no_password`, `email_not_verified` ... */
  reason?: string;
  /** The problem code the refusal answered (server/http/errors.ts). */
  code?: string;
  /** The HTTP method of the refused request. */
  method?: string;
  /** The role the refused operation needs, and the operator's. */
  role_needed?: string;
  role?: string;
  /** Which limit a lockout was (`account_address`, `address`), and how many attempts it allows. */
  limit?: string;
  attempts?: number;
  /** How many sessions were ended (session.revoke). */
  sessions?: number;
  /** The identity provider's issuer (oidc.refusal). */
  issuer?: string;
}

export interface SecurityEvent {
  type: SecurityEventType;
  /** The client address of the request (req.ip); null when there is none (the admin CLI). */
  address: string | null;
  /** Who acted: the signed-in operator, or the CLI's user; undefined when nobody is signed in (the address stands for them). */
  actor?: Actor | undefined;
  /** The operator concerned: the account signed in to, refused, or whose password or sessions changed. */
  operator?: { id: string; email: string } | undefined;
  /** The email sent, when no operator has it (a sign-in to an unknown account). */
  email?: string | undefined;
  /** The studio API operation refused (access.*), by operationId. */
  operation?: string | undefined;
  detail?: SecurityDetail;
}

export interface SecurityEvents {
  /** Writes the event to the audit trail, the log and the metric; never throws (a failed audit write is logged as an error). */
  record(event: SecurityEvent): Promise<void>;
}

/** A counter by event type, e.g. Metrics.securityEvents (server/platform/metrics.ts). */
export interface SecurityEventCounter {
  inc(labels: { event: string }): void;
}

/** What the entry's `target_id` holds for an email no operator has. */
export const UNKNOWN_OPERATOR = 'unknown';

export function securityEvents(deps: { store: Transactions; clock: Clock; logger: Logger; counter?: SecurityEventCounter | undefined }): SecurityEvents {
  const { store, clock, logger, counter } = deps;
  if (!store || !clock || !logger) throw new Error('securityEvents: store, clock and logger are required');
  return {
    async record(event) {
      const detail = { ...event.detail };
      const email = event.operator?.email ?? event.email;
      counter?.inc({ event: event.type });
      const fields = {
        security_event: event.type,
        actor: event.actor ? actorKey(event.actor) : null,
        operator_id: event.operator?.id ?? null,
        operator_email: email ?? null,
        address: event.address,
        operation: event.operation ?? null,
        ...detail,
      };
      logger[WARNINGS.has(event.type) ? 'warn' : 'info'](fields, `security event ${event.type}`);
      const after: { [key: string]: AuditValue } = { ...(email !== undefined ? { email } : {}), ...detail };
      const entry = {
        at: new Date(clock.now()).toISOString(),
        kind: 'security' as const,
        actor: event.actor ? actorKey(event.actor) : `address:${event.address ?? 'unknown'}`,
        actorEmail: event.actor?.kind === 'operator' ? event.actor.email : null,
        action: event.type,
        targetKind: event.operation !== undefined ? ('operation' as const) : ('operator' as const),
        targetId: event.operation ?? event.operator?.id ?? UNKNOWN_OPERATOR,
        partnerId: null,
        before: null,
        after,
        address: event.address,
      };
      try {
        await store.transact((tx) => tx.appendAudit(entry));
      } catch (err) {
        logger.error({ security_event: event.type, cause: err instanceof Error ? err.message : String(err) }, 'security event not written to the audit trail');
      }
    },
  };
}
