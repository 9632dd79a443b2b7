/** The delivery loop's metrics, registered on the service's registry (server/platform/metrics.ts). */
import { Counter, type Registry } from 'prom-client';

export interface WebhookMetrics {
  /** Attempts by outcome: delivered, failed (to be retried), gave_up (the retry period is over). */
  attempts: Counter<'outcome'>;
}

export function webhookMetrics(registry: Registry): WebhookMetrics {
  return {
    attempts: new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts, by outcome: delivered (a 2xx), failed (retried later), gave_up (the last retry failed; the endpoint is disabled)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}
