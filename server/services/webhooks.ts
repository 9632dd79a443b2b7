/**
 * Webhook endpoints, shared by the admin CLI and the studio API: each change writes the endpoint
 * and its audit entry in one transaction (never the signing secret, which is answered once at
 * creation and at a roll). The URL is checked where it points (server/webhooks/address-guard.ts)
 * before anything is written.
 */
import { randomBytes } from 'node:crypto';
import type { EventType, Page, Webhooks, WebhookDeliveryQuery, WebhookDeliveryRecord, WebhookEndpointChange, WebhookEndpointRecord, WebhookTx } from '../store/index.js';
import { checkWebhookUrl, type AddressPolicy } from '../webhooks/address-guard.js';
import { newSigningKey, SECRET_PREFIX } from '../webhooks/signing.js';
import { record, type AuditAction, type AuditFields } from './audit.js';
import type { ServiceContext } from './context.js';
import { InvalidInputError, NotFoundError } from './errors.js';

/**
 * The event types an endpoint may ask for, for input the contract does not validate (the CLI):
 * every one of the change feed's EventType (the compiler refuses a list that misses one or names
 * another), which the partner contract's deliveries refer to and the studio contract's
 * WebhookEventType repeats (test/unit/contract/event-types.test.ts holds the two equal).
 */
export const WEBHOOK_EVENT_TYPES = [
  'series.granted', 'series.withdrawn', 'grant.changed', 'series.updated', 'episode.added', 'episode.updated', 'episode.removed',
  'availability.changed', 'secret.roll_started', 'secret.previous_expired',
] as const satisfies readonly EventType[];
type Unlisted = Exclude<EventType, (typeof WEBHOOK_EVENT_TYPES)[number]>;
const LISTS_EVERY_EVENT_TYPE: [Unlisted] extends [never] ? true : Unlisted = true;

/** How long a rolled endpoint key may keep signing beside the new one. */
export const MAX_ROLL_HOURS = 168;

export interface EndpointWithSecret {
  endpoint: WebhookEndpointRecord;
  /** `whsec_` and the base64 key: shown once. */
  secret: string;
}

export interface EndpointInput {
  url: string;
  eventTypes: string[];
  description?: string;
}

function audited(e: WebhookEndpointRecord): AuditFields {
  return { url: e.url, name: e.description, event_types: e.eventTypes, disabled: e.disabled, ...(e.disabledReason ? { reason: e.disabledReason } : {}) };
}

function checkTypes(types: string[]): string[] {
  const unknown = types.find((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined) throw new InvalidInputError(`unknown event type ${unknown}; expected some of ${WEBHOOK_EVENT_TYPES.join(', ')}`, 'event_types');
  if (types.length === 0) throw new InvalidInputError('expected at least one event type', 'event_types');
  return [...new Set(types)].sort();
}

function checkDescription(value: string | undefined): string {
  const d = (value ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (d.length > 200 || /[\u0000-\u001f\u007f]/.test(d)) throw new InvalidInputError('expected at most 200 printable characters', 'description');
  return d;
}

type Ctx = ServiceContext<Webhooks>;

async function change(ctx: Ctx, id: string, action: AuditAction, fn: (tx: WebhookTx, before: WebhookEndpointRecord) => Promise<WebhookEndpointRecord | undefined>) {
  return ctx.store.webhookTransact(async (tx) => {
    const before = await tx.getWebhookEndpoint(id);
    if (!before) throw new NotFoundError('webhook endpoint', [id]);
    const after = await fn(tx, before);
    if (!after) throw new NotFoundError('webhook endpoint', [id]);
    await record(tx, ctx.actor, ctx.now, { action, targetKind: 'webhook_endpoint', targetId: id, partnerId: before.partnerId, before: audited(before), after: audited(after) });
    return after;
  });
}

export async function createEndpoint(ctx: Ctx, policy: AddressPolicy, partnerId: string, input: EndpointInput): Promise<EndpointWithSecret> {
  const eventTypes = checkTypes(input.eventTypes);
  const description = checkDescription(input.description);
  const url = (await checkWebhookUrl(policy, input.url)).href;
  const key = newSigningKey();
  const endpoint = await ctx.store.webhookTransact(async (tx) => {
    if (!(await tx.getPartner(partnerId))) throw new NotFoundError('partner', [partnerId]);
    const id = `whe_${randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').toLowerCase()}`;
    const created = await tx.createWebhookEndpoint({ id, partnerId, url, description, eventTypes, secret: key, now: ctx.now });
    await record(tx, ctx.actor, ctx.now, { action: 'webhook.create', targetKind: 'webhook_endpoint', targetId: id, partnerId, before: null, after: audited(created) });
    return created;
  });
  return { endpoint, secret: SECRET_PREFIX + key };
}

export async function updateEndpoint(ctx: Ctx, policy: AddressPolicy, id: string, input: Partial<EndpointInput>): Promise<WebhookEndpointRecord> {
  const update: WebhookEndpointChange = {};
  if (input.eventTypes !== undefined) update.eventTypes = checkTypes(input.eventTypes);
  if (input.description !== undefined) update.description = checkDescription(input.description);
  if (input.url !== undefined) update.url = (await checkWebhookUrl(policy, input.url)).href;
  return change(ctx, id, 'webhook.update', (tx) => tx.updateWebhookEndpoint(id, update, ctx.now));
}

/** Disables (by an operator, or by the delivery loop with reason `failing`) or enables an endpoint. */
export function setEndpointDisabled(ctx: Ctx, id: string, disabled: boolean, reason: 'operator' | 'failing' = 'operator'): Promise<WebhookEndpointRecord> {
  return change(ctx, id, disabled ? 'webhook.disable' : 'webhook.enable', (tx) => tx.updateWebhookEndpoint(id, { disabled: { disabled, reason: disabled ? reason : null } }, ctx.now));
}

/** A new signing key; the current one keeps signing beside it for `hours` (0: it ends now). */
export async function rollEndpointSecret(ctx: Ctx, id: string, hours: number): Promise<EndpointWithSecret> {
  if (!Number.isInteger(hours) || hours < 0 || hours > MAX_ROLL_HOURS) throw new InvalidInputError(`expected whole hours from 0 to ${MAX_ROLL_HOURS}`, 'expires_in_hours');
  const key = newSigningKey();
  const previousExpiresAt = hours === 0 ? null : new Date(Date.parse(ctx.now) + hours * 3_600_000).toISOString();
  const endpoint = await change(ctx, id, 'webhook.roll_secret', (tx) => tx.updateWebhookEndpoint(id, { secret: { secret: key, previousExpiresAt } }, ctx.now));
  return { endpoint, secret: SECRET_PREFIX + key };
}

export async function deleteEndpoint(ctx: Ctx, id: string): Promise<void> {
  await ctx.store.webhookTransact(async (tx) => {
    const before = await tx.getWebhookEndpoint(id);
    if (!before || !(await tx.deleteWebhookEndpoint(id))) throw new NotFoundError('webhook endpoint', [id]);
    await record(tx, ctx.actor, ctx.now, { action: 'webhook.delete', targetKind: 'webhook_endpoint', targetId: id, partnerId: before.partnerId, before: audited(before), after: null });
  });
}

/** One endpoint of the partner (NotFoundError when unknown or another partner's). */
export async function getEndpoint(store: Webhooks, id: string, partnerId?: string): Promise<WebhookEndpointRecord> {
  const endpoint = await store.getWebhookEndpoint(id);
  if (!endpoint || (partnerId !== undefined && endpoint.partnerId !== partnerId)) throw new NotFoundError('webhook endpoint', [id]);
  return endpoint;
}

export function listEndpoints(store: Webhooks, partnerId: string): Promise<WebhookEndpointRecord[]> {
  return store.listWebhookEndpoints(partnerId);
}

export function listDeliveries(store: Webhooks, query: WebhookDeliveryQuery): Promise<Page<WebhookDeliveryRecord>> {
  return store.listWebhookDeliveries(query);
}
