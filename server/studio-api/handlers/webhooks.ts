/** Webhook endpoints of a partner (signing secret once, at creation and roll) and its delivery log. */
import { ApiError } from '../../http/errors.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { pathParam } from '../../http/operation-handler.js';
import { partners, webhooks, type ServiceContext } from '../../services/index.js';
import type { Webhooks, WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookEndpointRecord } from '../../store/index.js';
import { WebhookUrlRefused } from '../../webhooks/address-guard.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

/** The contract's WebhookEndpoint: never a signing secret. */
export function endpointBody(e: WebhookEndpointRecord, now: number) {
  const previous = e.previousSecretExpiresAt !== null && Date.parse(e.previousSecretExpiresAt) > now ? e.previousSecretExpiresAt : null;
  return {
    id: e.id, partner_id: e.partnerId, url: e.url, description: e.description, event_types: e.eventTypes, status: e.disabled ? 'disabled' : 'enabled',
    disabled_reason: e.disabledReason, previous_secret_expires_at: previous, created_at: e.createdAt, updated_at: e.updatedAt,
  };
}

/** The contract's WebhookDelivery (the partner API answers the same shape). */
export function deliveryBody(d: WebhookDeliveryRecord) {
  return {
    endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType, status: d.status, attempts: d.attempts, last_status_code: d.lastStatusCode,
    last_error: d.lastError, last_attempt_at: d.lastAttemptAt, next_attempt_at: d.nextAttemptAt, delivered_at: d.deliveredAt, created_at: d.createdAt,
  };
}

/** A refused URL is the caller's to fix: 400 with its own code. */
async function urlChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WebhookUrlRefused) throw new ApiError('webhook_url_refused', `The webhook URL is refused: ${err.message}.`);
    throw err;
  }
}

export function webhookHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const store: Webhooks = deps.store;
  const ctx = (req: Parameters<OperationHandler>[0]): ServiceContext<Webhooks> => ({ ...serviceContext(req, deps), store });
  const body = (e: WebhookEndpointRecord) => endpointBody(e, deps.clock.now());
  const endpointId = (req: Parameters<OperationHandler>[0]) => pathParam(req, 'endpoint_id');
  const setDisabled = (disabled: boolean): OperationHandler => async (req, res) => {
    res.json(body(await webhooks.setEndpointDisabled(ctx(req), endpointId(req), disabled)));
  };
  return {
    async listWebhookEndpoints(req, res) {
      const partnerId = pathParam(req, 'partner_id');
      await partners.getPartner(deps, partnerId);
      res.json({ items: (await webhooks.listEndpoints(store, partnerId)).map(body) });
    },
    async createWebhookEndpoint(req, res) {
      const input = req.body as { url: string; event_types: string[]; description?: string };
      const created = await urlChecked(() =>
        webhooks.createEndpoint(ctx(req), deps.webhookPolicy, pathParam(req, 'partner_id'), { url: input.url, eventTypes: input.event_types, description: input.description }),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ endpoint: body(created.endpoint), secret: created.secret });
    },
    async getWebhookEndpoint(req, res) {
      res.json(body(await webhooks.getEndpoint(store, endpointId(req))));
    },
    async updateWebhookEndpoint(req, res) {
      const input = req.body as { url?: string; event_types?: string[]; description?: string };
      const change = { url: input.url, eventTypes: input.event_types, description: input.description };
      res.json(body(await urlChecked(() => webhooks.updateEndpoint(ctx(req), deps.webhookPolicy, endpointId(req), change))));
    },
    async deleteWebhookEndpoint(req, res) {
      await webhooks.deleteEndpoint(ctx(req), endpointId(req));
      res.status(204).end();
    },
    disableWebhookEndpoint: setDisabled(true),
    enableWebhookEndpoint: setDisabled(false),
    async rollWebhookSecret(req, res) {
      const hours = (req.body as { expires_in_hours: number }).expires_in_hours;
      const rolled = await webhooks.rollEndpointSecret(ctx(req), endpointId(req), hours);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ endpoint: body(rolled.endpoint), secret: rolled.secret });
    },
    async listPartnerWebhookDeliveries(req, res) {
      const partnerId = pathParam(req, 'partner_id');
      await partners.getPartner(deps, partnerId);
      const q = req.query as { endpoint_id?: string; status?: WebhookDeliveryStatus };
      const page = await webhooks.listDeliveries(store, { ...pageOf(req), partnerId, endpointId: q.endpoint_id, status: q.status });
      res.json({ items: page.items.map(deliveryBody), next_cursor: page.nextCursor });
    },
  };
}
