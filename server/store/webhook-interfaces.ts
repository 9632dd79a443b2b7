/**
 * The store's webhook door (kept apart from interfaces.ts, which Store extends with it): endpoint
 * changes with their audit entry in one transaction (server/services/webhooks.ts), the studio's and
 * the partner's reads, and the outbox the delivery loop works (server/webhooks/).
 */
import type * as R from './records.js';
import type * as S from './studio-records.js';
import type * as W from './webhook-records.js';

/** The writes of one endpoint change, in one write transaction, its audit entry with it. */
export interface WebhookTx {
  getPartner(id: string): Promise<R.PartnerRecord | undefined>;
  getWebhookEndpoint(id: string): Promise<W.WebhookEndpointRecord | undefined>;
  createWebhookEndpoint(input: W.NewWebhookEndpoint): Promise<W.WebhookEndpointRecord>;
  updateWebhookEndpoint(id: string, change: W.WebhookEndpointChange, now: string): Promise<W.WebhookEndpointRecord | undefined>;
  deleteWebhookEndpoint(id: string): Promise<boolean>;
  appendAudit(entry: S.AuditEntryInput): Promise<S.AuditEntry>;
}

export interface Webhooks {
  /** Runs fn in one write transaction (all of it commits or none). */
  webhookTransact<T>(fn: (tx: WebhookTx) => Promise<T>): Promise<T>;
  getWebhookEndpoint(id: string): Promise<W.WebhookEndpointRecord | undefined>;
  /** The partner's endpoints, oldest first. */
  listWebhookEndpoints(partnerId: string): Promise<W.WebhookEndpointRecord[]>;
  /** Newest event first. */
  listWebhookDeliveries(query: W.WebhookDeliveryQuery): Promise<R.Page<W.WebhookDeliveryRecord>>;
  /**
   * Fills the outbox from partner_events newer than the last fill (a few before it too, again:
   * the unique (endpoint, event) makes that harmless), for every enabled endpoint subscribed to
   * the event's type: how many deliveries were added.
   */
  fillWebhookOutbox(now: string, batch: number): Promise<number>;
  /**
   * Takes the lease (until leaseUntil, for instance `by`) of up to `limit` due deliveries, each
   * the earliest pending one of its endpoint, so an endpoint gets its events in order. Rows another
   * instance holds are skipped (PostgreSQL FOR UPDATE SKIP LOCKED; SQLite: one writer).
   */
  claimWebhookDeliveries(by: string, now: string, leaseUntil: string, limit: number): Promise<W.ClaimedDelivery[]>;
  /** Records an attempt of a delivery `by` still holds; false when its lease passed to another. */
  recordWebhookAttempt(by: string, delivery: Pick<W.ClaimedDelivery, 'endpointId' | 'eventSeq'>, outcome: W.AttemptOutcome, now: string): Promise<boolean>;
}
