/** What every studio handler receives, and the request's service context. */
import type { Request } from 'express';
import type { Clock } from '../../platform/clock.js';
import type { StudioContract } from '../../contract/studio.js';
import type { SecurityEvents, ServiceContext, ServiceStore } from '../../services/index.js';
import type { OidcSignIns, OperatorAccounts, Operators, Webhooks } from '../../store/index.js';
import type { AddressPolicy } from '../../webhooks/address-guard.js';
import type { OidcSignIn } from '../oidc.js';
import type { Sessions } from '../session.js';

/** The store's doors the studio API uses (server/store/interfaces.ts): the services' and the operators'. */
export type StudioApiStore = ServiceStore & Operators & OidcSignIns & OperatorAccounts & Webhooks;

export interface StudioHandlerDeps {
  store: StudioApiStore;
  clock: Clock;
  sessions: Sessions;
  contract: StudioContract;
  /** Undefined when no identity provider is configured. */
  oidc: OidcSignIn | undefined;
  /** Where sign-ins, refusals, password and session events are recorded (audit, log, metric). */
  security: SecurityEvents;
  /** Owners must use a second factor (STUDIO_REQUIRE_MFA_FOR_OWNERS). */
  requireMfaForOwners: boolean;
  /** Where webhook endpoints may point (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOWED_HOSTS). */
  webhookPolicy: AddressPolicy;
}

/** The signed-in operator as the actor of the changes it makes, at the clock's now. */
export function serviceContext(req: Request, deps: Pick<StudioHandlerDeps, 'store' | 'clock'>): ServiceContext {
  const operator = req.operator;
  if (!operator) throw new Error('no signed-in operator on a session operation');
  return { store: deps.store, actor: { kind: 'operator', id: operator.record.id, email: operator.record.email }, now: new Date(deps.clock.now()).toISOString() };
}

/** A page request from the validated query (limit defaulted by the contract). */
export function pageOf(req: Request): { limit: number; cursor: string | undefined } {
  const q = req.query as { limit?: number; cursor?: string };
  if (q.limit === undefined) throw new Error('limit has no value: does its schema in the contract have a default?');
  return { limit: q.limit, cursor: q.cursor };
}
