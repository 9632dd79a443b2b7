/** Webhooks operations: listWebhookDeliveries, the caller's own delivery log only. */
import { defaulted, type OperationHandler } from '../../http/operation-handler.js';
import type { WebhookDeliveryStatus, Webhooks } from '../../store/index.js';
import { partnerId } from './handler-deps.js';

/** Handlers of the Webhooks tag. */
export function webhookHandlers({ store }: { store: Pick<Webhooks, 'listWebhookDeliveries'> }): Record<string, OperationHandler> {
  return {
    async listWebhookDeliveries(req, res) {
      const q = req.query as { status?: WebhookDeliveryStatus; limit?: number; cursor?: string };
      const page = await store.listWebhookDeliveries({ partnerId: partnerId(req), status: q.status, limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      res.json({
        items: page.items.map((d) => ({
          endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType, status: d.status, attempts: d.attempts, last_status_code: d.lastStatusCode,
          last_error: d.lastError, last_attempt_at: d.lastAttemptAt, next_attempt_at: d.nextAttemptAt, delivered_at: d.deliveredAt, created_at: d.createdAt,
        })),
        next_cursor: page.nextCursor,
      });
    },
  };
}
