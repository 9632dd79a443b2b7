/**
 * Who makes a change and when: every service function takes a ServiceContext, so the CLI and the
 * studio API record the same audit entries for the same change, with the caller's clock.
 */
import { userInfo } from 'node:os';
import type { AuditTrail, CatalogReads, CatalogWrites, GrantReads, ImportJobs, ImportPreviews, PartnerReads, StudioQueries, Transactions, UsageReports } from '../store/index.js';

/** An operator signed in to the studio API, or a user of the admin CLI on the database's host. */
export type Actor = { kind: 'operator'; id: string; email: string } | { kind: 'cli'; user: string };

/** Every store door some service uses; each service function declares the ones it does (ServiceContext<...>). */
export type ServiceStore = PartnerReads & GrantReads & CatalogReads & CatalogWrites & ImportJobs & ImportPreviews & StudioQueries & AuditTrail & UsageReports & Transactions;

export interface ServiceContext<S = ServiceStore> {
  store: S;
  actor: Actor;
  /** The instant of the change (ISO 8601, UTC), taken once from the caller's injected clock. */
  now: string;
}

/** The CLI's actor: the operating-system user running it (os.userInfo), `unknown` when the system cannot say. */
export function cliActor(user?: string): Actor {
  if (user !== undefined) return { kind: 'cli', user };
  try {
    return { kind: 'cli', user: userInfo().username || 'unknown' };
  } catch {
    return { kind: 'cli', user: 'unknown' };
  }
}

/** The actor as the audit trail stores and filters it: `cli:<user>` or `operator:<id>`. */
export function actorKey(actor: Actor): string {
  return actor.kind === 'cli' ? `cli:${actor.user}` : `operator:${actor.id}`;
}
