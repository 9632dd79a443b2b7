/**
 * The delivery loop (docs/decisions/0114-webhook-outbox.md): off the request path, in the
 * background of every instance, it fills the outbox from new partner events, claims due
 * deliveries with a lease, and sends them, at most `concurrency` at once, so a slow or failing
 * receiver costs partner requests nothing but a few idle sockets. A failed attempt is retried on
 * the configured schedule with jitter; after the last one the delivery fails and its endpoint is
 * disabled with an audit entry.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import * as webhooks from '../services/webhooks.js';
import type { ClaimedDelivery, Webhooks } from '../store/index.js';
import type { WebhookConfig } from './config.js';
import type { WebhookMetrics } from './metrics.js';
import { send } from './send.js';
import { payload, signatureHeader } from './signing.js';

export interface DelivererOptions {
  store: Webhooks;
  config: WebhookConfig;
  clock: Clock;
  logger: Logger;
  metrics?: WebhookMetrics;
  /** Jitter's randomness (tests make it 0). */
  random?: () => number;
}

/** The actor of the loop's changes in the audit trail. */
const LOOP_ACTOR = { kind: 'cli', user: 'webhook-delivery' } as const;
const FILL_BATCH = 500;

export class WebhookDeliverer {
  private readonly instance = randomUUID().slice(0, 8);
  private claims = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ticking: Promise<void> | undefined;
  private again = false;

  constructor(private readonly o: DelivererOptions) {}

  start(): void {
    this.running = true;
    this.kick();
  }

  /**
   * Stops claiming and gives attempts in flight up to graceMs to be recorded: one cut short is
   * sent again by whichever instance claims it once its lease passes (at least once).
   */
  async stop(graceMs = 1_000): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all([this.ticking, ...this.inFlight]), grace]);
    clearTimeout(timer);
  }

  private iso(ms = this.o.clock.now()): string {
    return new Date(ms).toISOString();
  }

  /** Runs a tick now (or right after the one running), then keeps polling. */
  private kick(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.ticking = this.tick()
      .catch((err: unknown) => this.o.logger.warn({ cause: (err as Error).message }, 'webhook delivery loop: the store did not answer; retrying'))
      .finally(() => {
        this.ticking = undefined;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.o.config.pollMs);
          this.timer.unref();
        }
      });
  }

  /** One round: fill, claim what there is room for, start sending. */
  private async tick(): Promise<void> {
    const filled = await this.o.store.fillWebhookOutbox(this.iso(), FILL_BATCH);
    const room = this.o.config.concurrency - this.inFlight.size;
    if (room <= 0) return;
    const now = this.o.clock.now();
    // The lease outlasts an attempt (bounded by the timeout) and its recording.
    const lease = this.iso(now + 2 * this.o.config.timeoutMs + 2_000);
    const claimed = await this.o.store.claimWebhookDeliveries(`${this.instance}:${++this.claims}`, this.iso(now), lease, room);
    for (const d of claimed) this.track(d, `${this.instance}:${this.claims}`);
    if (filled === FILL_BATCH) this.again = true;
  }

  private track(d: ClaimedDelivery, by: string): void {
    const attempt = this.attempt(d, by)
      .catch((err: unknown) => this.o.logger.warn({ cause: (err as Error).message, endpoint: d.endpointId }, 'webhook attempt not recorded; its lease will pass'))
      .finally(() => {
        this.inFlight.delete(attempt);
        // The endpoint's next event is claimable now.
        this.kick();
      });
    this.inFlight.add(attempt);
  }

  private async attempt(d: ClaimedDelivery, by: string): Promise<void> {
    const { config } = this.o;
    const timestamp = Math.floor(this.o.clock.now() / 1000);
    const body = payload(d.eventType, d.occurredAt, d.data);
    const result = await send({
      url: d.url,
      body,
      timeoutMs: config.timeoutMs,
      policy: config,
      headers: { 'webhook-id': d.eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader(d.secrets, d.eventId, timestamp, body) },
    });
    const done = this.o.clock.now();
    if (result.ok) {
      this.o.metrics?.attempts.inc({ outcome: 'delivered' });
      await this.o.store.recordWebhookAttempt(by, d, { kind: 'delivered', statusCode: result.statusCode ?? 200 }, this.iso(done));
      return;
    }
    const delay = config.retrySeconds[d.attempts];
    const retryAt = delay === undefined ? null : this.iso(done + delay * 1000 * (1 + config.jitter * (this.o.random ?? Math.random)()));
    this.o.metrics?.attempts.inc({ outcome: retryAt ? 'failed' : 'gave_up' });
    const error = result.error ?? 'failed';
    const recorded = await this.o.store.recordWebhookAttempt(by, d, { kind: 'failed', statusCode: result.statusCode, error, retryAt }, this.iso(done));
    if (!recorded || retryAt) return;
    // Failing for the whole retry period: disabled, with an audit entry (its pending deliveries end failed).
    this.o.logger.warn({ endpoint: d.endpointId, partner: d.partnerId, attempts: d.attempts + 1 }, 'webhook endpoint failed for the whole retry period: disabled');
    await webhooks.setEndpointDisabled({ store: this.o.store, actor: LOOP_ACTOR, now: this.iso(done) }, d.endpointId, true, 'failing');
  }
}
