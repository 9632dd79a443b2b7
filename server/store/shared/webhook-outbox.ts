/**
 * The webhook outbox (docs/decisions/0114-webhook-outbox.md), dialect-neutral but for the claim's
 * row locking: filled from partner_events by seq, claimed with a lease (claimed_until) so a
 * crashed instance's deliveries are taken again once it passes (at least once), recorded by the
 * instance still holding the claim. Per endpoint only the earliest pending delivery is ever
 * claimable, so a receiver gets its events in order, a later one waiting while an earlier fails.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AttemptOutcome, ClaimedDelivery } from '../webhook-records.js';
import type { Database } from './schema.js';
import { num } from './mapping.js';
import type { WebhookTables } from './webhook-schema.js';

type Db = Kysely<Database & WebhookTables>;

/** Events this far before the last fill are looked at again: cheap insurance, as the fill is idempotent. */
const REFILL = 50;

/** Call in a write transaction: every event up to max(seq) read here has committed (writers hold the same lock). */
export async function fillOutbox(db: Db, now: string, batch: number): Promise<number> {
  await db.insertInto('webhook_fanout').values({ id: 1, last_seq: 0 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const mark = await db.selectFrom('webhook_fanout').select('last_seq').where('id', '=', 1).executeTakeFirstOrThrow();
  const from = num(mark.last_seq);
  const top = await sql<{ seq: number | null }>`select max(seq) as seq from partner_events`.execute(db);
  const to = Math.min(num(top.rows[0]?.seq ?? 0), from + batch);
  if (to <= from) return 0;
  const inserted = await sql`
    insert into webhook_deliveries (endpoint_id, event_seq, event_id, partner_id, event_type, status, attempts, next_attempt_at, created_at)
    select e.id, ev.seq, ev.id, ev.partner_id, ev.type, 'pending', 0, ${now}, ${now}
    from partner_events ev
    join webhook_endpoints e on e.partner_id = ev.partner_id and e.disabled = 0 and ev.seq > e.after_seq
    join webhook_subscriptions s on s.endpoint_id = e.id and s.event_type = ev.type
    where ev.seq > ${Math.max(0, from - REFILL)} and ev.seq <= ${to}
    on conflict do nothing`.execute(db);
  await db.updateTable('webhook_fanout').set({ last_seq: to }).where('id', '=', 1).where('last_seq', '<', to).execute();
  return Number(inserted.numAffectedRows ?? 0);
}

export interface ClaimRequest {
  /** Unique per claim (instance and counter): the rows it took are read back by it. */
  by: string;
  now: string;
  leaseUntil: string;
  limit: number;
}

/**
 * The claim's statement: takes the leases of up to `limit` due deliveries, each the earliest
 * pending one of its endpoint, and returns their keys. Driven from the endpoints: an endpoint's
 * earliest pending delivery is one seek in the partial index of pending rows, so a claim costs the
 * same with a backlog of a million or a history of a billion deliveries
 * (test/unit/store/webhook-claim-plan.test.ts). The CROSS JOIN fixes that order on SQLite, whose
 * planner otherwise walks every due pending delivery when the tables have no statistics yet
 * (docs/performance.md#webhook-claim); PostgreSQL reads it as the plain join it is.
 */
export function claimStatement(engine: 'sqlite' | 'postgres', c: ClaimRequest): RawBuilder<{ endpoint_id: string; event_seq: number }> {
  // Rows another instance is claiming right now are skipped, not waited for; its endpoint's
  // later deliveries stay behind them, as the head is still pending.
  const lock = engine === 'postgres' ? sql`for update of d skip locked` : sql``;
  return sql<{ endpoint_id: string; event_seq: number }>`
    update webhook_deliveries set claimed_until = ${c.leaseUntil}, claimed_by = ${c.by}
    where (endpoint_id, event_seq) in (
      select d.endpoint_id, d.event_seq from webhook_endpoints e
      cross join webhook_deliveries d
      where d.endpoint_id = e.id and d.event_seq = (
          select min(p.event_seq) from webhook_deliveries p where p.endpoint_id = e.id and p.status = 'pending')
        and e.disabled = 0 and d.status = 'pending' and d.next_attempt_at <= ${c.now}
        and (d.claimed_until is null or d.claimed_until < ${c.now})
      order by d.next_attempt_at, d.event_seq
      limit ${c.limit}
      ${lock})
    returning endpoint_id, event_seq`;
}

/** Takes the leases (claimStatement) and reads what the claimed deliveries send; on SQLite call in a write transaction. */
export async function claimDeliveries(db: Db, engine: 'sqlite' | 'postgres', c: ClaimRequest): Promise<ClaimedDelivery[]> {
  const claimed = await claimStatement(engine, c).execute(db);
  if (claimed.rows.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('partner_events as ev', 'ev.seq', 'd.event_seq')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.endpoint_id', 'd.event_seq', 'd.event_id', 'd.event_type', 'd.partner_id', 'd.attempts', 'ev.occurred_at', 'ev.data', 'e.url', 'e.secret', 'e.previous_secret', 'e.previous_secret_expires_at'])
    .where((w) => w.or(claimed.rows.map((k) => w.and([w('d.endpoint_id', '=', k.endpoint_id), w('d.event_seq', '=', num(k.event_seq))]))))
    .where('d.claimed_by', '=', c.by)
    .orderBy('d.event_seq')
    .execute();
  return rows.map((r) => ({
    endpointId: r.endpoint_id, eventSeq: num(r.event_seq), eventId: r.event_id, eventType: r.event_type, partnerId: r.partner_id,
    attempts: num(r.attempts), occurredAt: r.occurred_at, data: r.data, url: r.url,
    // A roll's previous key signs too until it expires (Standard Webhooks allows several signatures).
    secrets: r.previous_secret && r.previous_secret_expires_at && r.previous_secret_expires_at > c.now ? [r.secret, r.previous_secret] : [r.secret],
  }));
}

export async function recordAttempt(db: Db, by: string, d: { endpointId: string; eventSeq: number }, outcome: AttemptOutcome, now: string): Promise<boolean> {
  const common = { attempts: sql<number>`attempts + 1`, last_attempt_at: now, claimed_until: null, claimed_by: null };
  const set =
    outcome.kind === 'delivered'
      ? { ...common, status: 'delivered', last_status_code: outcome.statusCode, last_error: null, delivered_at: now, next_attempt_at: null }
      : { ...common, status: outcome.retryAt ? 'pending' : 'failed', last_status_code: outcome.statusCode, last_error: outcome.error.slice(0, 200), next_attempt_at: outcome.retryAt };
  const updated = await db
    .updateTable('webhook_deliveries')
    .set(set)
    .where('endpoint_id', '=', d.endpointId)
    .where('event_seq', '=', d.eventSeq)
    .where('claimed_by', '=', by)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
