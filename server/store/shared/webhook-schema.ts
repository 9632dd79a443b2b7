/**
 * The webhook tables as kysely sees them (migrations/webhooks.ts), kept apart from schema.ts: the
 * webhook queries use `db.withTables<WebhookTables>()`. partner_events is written by the change
 * feed; only the columns the outbox reads are described here.
 */
export interface WebhookEndpointTable {
  id: string;
  partner_id: string;
  url: string;
  description: string;
  disabled: number;
  /** operator (disabled by someone) or failing (by the delivery loop, after the retry period). */
  disabled_reason: string | null;
  /** Base64 of the signing key (the `whsec_` secret without its prefix). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  after_seq: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookSubscriptionTable {
  endpoint_id: string;
  event_type: string;
}

export interface WebhookDeliveryTable {
  endpoint_id: string;
  event_seq: number;
  event_id: string;
  partner_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookFanoutTable {
  id: number;
  last_seq: number;
}

// A type, not an interface: kysely's withTables needs its index signature.
export type WebhookTables = {
  webhook_endpoints: WebhookEndpointTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_fanout: WebhookFanoutTable;
};
