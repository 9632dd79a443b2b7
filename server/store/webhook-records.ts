/** What crosses the store's webhook door (webhook-interfaces.ts): endpoints, deliveries, claims. */

export interface WebhookEndpointRecord {
  id: string;
  partnerId: string;
  url: string;
  description: string;
  eventTypes: string[];
  disabled: boolean;
  /** Why it is disabled: `operator` or `failing` (the delivery loop gave up on it); null while enabled. */
  disabledReason: string | null;
  /** Base64 signing keys: the current one, and a roll's previous one until it expires. Never answered by an API but once at creation or roll. */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewWebhookEndpoint {
  id: string;
  partnerId: string;
  url: string;
  description: string;
  eventTypes: string[];
  secret: string;
  now: string;
}

export interface WebhookEndpointChange {
  url?: string;
  description?: string;
  eventTypes?: string[];
  disabled?: { disabled: boolean; reason: string | null };
  /** A new signing key; the current one stays valid until previousExpiresAt (null: it ends now). */
  secret?: { secret: string; previousExpiresAt: string | null };
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRecord {
  endpointId: string;
  eventId: string;
  eventSeq: number;
  eventType: string;
  partnerId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookDeliveryQuery {
  partnerId: string;
  endpointId?: string;
  status?: WebhookDeliveryStatus;
  limit: number;
  cursor?: string;
}

/** A delivery an instance holds the lease of: what to send, where, signed with which keys. */
export interface ClaimedDelivery {
  endpointId: string;
  eventSeq: number;
  eventId: string;
  eventType: string;
  partnerId: string;
  attempts: number;
  occurredAt: string;
  /** The event as the partner sees it (JSON text). */
  data: string;
  url: string;
  secrets: string[];
}

/** How one attempt went: delivered, or failed and retried at retryAt (null: the retry period is over). */
export type AttemptOutcome =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'failed'; statusCode: number | null; error: string; retryAt: string | null };
