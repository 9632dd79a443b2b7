/**
 * Webhook endpoints and the delivery log, dialect-neutral: the reads of the Webhooks door and the
 * writes of a WebhookTx (one write transaction with its audit entry). The outbox itself (fill,
 * claim, record) is in webhook-outbox.ts.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import type { WebhookTx, Webhooks } from '../webhook-interfaces.js';
import type { WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookEndpointChange, WebhookEndpointRecord } from '../webhook-records.js';
import { appendAudit } from './audit-queries.js';
import type { StoreCore } from './core.js';
import { num } from './mapping.js';
import { pageOf } from './paging.js';
import { findPartner } from './partners.js';
import type { Database } from './schema.js';
import type { WebhookDeliveryTable, WebhookEndpointTable, WebhookTables } from './webhook-schema.js';
import { claimDeliveries, fillOutbox, recordAttempt } from './webhook-outbox.js';

type Db = Kysely<Database & WebhookTables>;
const tables = (db: Kysely<Database>): Db => db.withTables<WebhookTables>();

async function endpointOf(db: Db, row: Selectable<WebhookEndpointTable>): Promise<WebhookEndpointRecord> {
  const types = await db.selectFrom('webhook_subscriptions').select('event_type').where('endpoint_id', '=', row.id).orderBy('event_type').execute();
  return {
    id: row.id, partnerId: row.partner_id, url: row.url, description: row.description, eventTypes: types.map((t) => t.event_type),
    disabled: num(row.disabled) === 1, disabledReason: row.disabled_reason, secret: row.secret, previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRecord | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  return row && endpointOf(db, row);
}

async function setTypes(db: Db, id: string, types: string[]): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('endpoint_id', '=', id).execute();
  if (types.length > 0) await db.insertInto('webhook_subscriptions').values(types.map((t) => ({ endpoint_id: id, event_type: t }))).execute();
}

function deliveryOf(row: Selectable<WebhookDeliveryTable>): WebhookDeliveryRecord {
  return {
    endpointId: row.endpoint_id, eventId: row.event_id, eventSeq: num(row.event_seq), eventType: row.event_type, partnerId: row.partner_id,
    status: row.status as WebhookDeliveryStatus, attempts: num(row.attempts), nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at, lastStatusCode: row.last_status_code === null ? null : num(row.last_status_code), lastError: row.last_error,
    createdAt: row.created_at, deliveredAt: row.delivered_at,
  };
}

async function updateEndpoint(db: Db, id: string, change: WebhookEndpointChange, now: string): Promise<WebhookEndpointRecord | undefined> {
  const set: Partial<WebhookEndpointTable> = { updated_at: now };
  if (change.url !== undefined) set.url = change.url;
  if (change.description !== undefined) set.description = change.description;
  if (change.disabled) Object.assign(set, { disabled: change.disabled.disabled ? 1 : 0, disabled_reason: change.disabled.disabled ? change.disabled.reason : null });
  if (change.secret) {
    const current = await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirst();
    if (!current) return undefined;
    const keep = change.secret.previousExpiresAt;
    Object.assign(set, { secret: change.secret.secret, previous_secret: keep ? current.secret : null, previous_secret_expires_at: keep });
  }
  const updated = await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return undefined;
  if (change.eventTypes) await setTypes(db, id, change.eventTypes);
  // Given up on: its pending deliveries end as failed (enabling it again delivers new events only).
  if (change.disabled?.disabled && change.disabled.reason === 'failing') {
    await db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null, claimed_until: null }).where('endpoint_id', '=', id).where('status', '=', 'pending').execute();
  }
  return findEndpoint(db, id);
}

function webhookTx(raw: Kysely<Database>): WebhookTx {
  const db = tables(raw);
  return {
    getPartner: (id) => findPartner(raw, 'id', id),
    getWebhookEndpoint: (id) => findEndpoint(db, id),
    async createWebhookEndpoint(e) {
      const last = await sql<{ seq: number | null }>`select max(seq) as seq from partner_events`.execute(db);
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: e.id, partner_id: e.partnerId, url: e.url, description: e.description, disabled: 0, disabled_reason: null, secret: e.secret,
          previous_secret: null, previous_secret_expires_at: null, after_seq: num(last.rows[0]?.seq ?? 0), created_at: e.now, updated_at: e.now,
        })
        .execute();
      await setTypes(db, e.id, e.eventTypes);
      return (await findEndpoint(db, e.id))!;
    },
    updateWebhookEndpoint: (id, change, now) => updateEndpoint(db, id, change, now),
    async deleteWebhookEndpoint(id) {
      await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await db.deleteFrom('webhook_subscriptions').where('endpoint_id', '=', id).execute();
      const deleted = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
    appendAudit: (entry) => appendAudit(raw, entry),
  };
}

export function webhooks(core: StoreCore): Webhooks {
  const db = tables(core.db);
  return {
    webhookTransact: (fn) => core.guard(() => core.writeTransaction((trx) => fn(webhookTx(trx)))),
    getWebhookEndpoint: (id) => core.guard(() => findEndpoint(db, id)),
    listWebhookEndpoints: (partnerId) =>
      core.guard(async () => {
        const rows = await db.selectFrom('webhook_endpoints').selectAll().where('partner_id', '=', partnerId).orderBy('created_at').orderBy('id').execute();
        return Promise.all(rows.map((r) => endpointOf(db, r)));
      }),
    listWebhookDeliveries: (q) =>
      core.paged(q, async () => {
        const fp = queryFingerprint('webhook-deliveries', { partner: q.partnerId, endpoint: q.endpointId, status: q.status });
        let query = db.selectFrom('webhook_deliveries').selectAll().where('partner_id', '=', q.partnerId);
        if (q.endpointId !== undefined) query = query.where('endpoint_id', '=', q.endpointId);
        if (q.status !== undefined) query = query.where('status', '=', q.status);
        if (q.cursor !== undefined) {
          const [seq, endpoint] = core.cursors.decode(q.cursor, fp, ['number', 'string']) as [number, string];
          query = query.where((w) => w.or([w('event_seq', '<', seq), w.and([w('event_seq', '=', seq), w('endpoint_id', '<', endpoint)])]));
        }
        const rows = await query.orderBy('event_seq', 'desc').orderBy('endpoint_id', 'desc').limit(q.limit + 1).execute();
        return pageOf(rows, q.limit, deliveryOf, (last) => core.cursors.encode(fp, [num(last.event_seq), last.endpoint_id]));
      }),
    fillWebhookOutbox: (now, batch) => core.guard(() => core.writeTransaction((trx) => fillOutbox(tables(trx), now, batch))),
    // PostgreSQL: one statement, its rows locked with SKIP LOCKED (no write lock: instances claim
    // side by side); SQLite: under the one writer's lock.
    claimWebhookDeliveries: (by, now, leaseUntil, limit) =>
      core.guard(() =>
        core.engine === 'postgres'
          ? claimDeliveries(db, 'postgres', { by, now, leaseUntil, limit })
          : core.writeTransaction((trx) => claimDeliveries(tables(trx), 'sqlite', { by, now, leaseUntil, limit })),
      ),
    recordWebhookAttempt: (by, delivery, outcome, now) => core.guard(() => recordAttempt(db, by, delivery, outcome, now)),
  };
}
