/** Idempotency keys of studio changes, dialect-neutral (the Transactions door, shared/store-tx.ts). */
import type { Kysely } from 'kysely';
import type { IdempotencyKeyRecord } from '../studio-records.js';
import type { Database } from './schema.js';

/** The key's record unless it is older than notBefore (an older one is forgotten: its key may be used again). */
export async function findIdempotencyKey(db: Kysely<Database>, scope: string, key: string, notBefore: string): Promise<IdempotencyKeyRecord | undefined> {
  const row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  if (!row || row.created_at < notBefore) return undefined;
  return { scope: row.scope, key: row.key, fingerprint: row.fingerprint, resultId: row.result_id, createdAt: row.created_at };
}

/** Records the key (replacing a forgotten one); false when another transaction recorded it first. */
export async function saveIdempotencyKey(db: Kysely<Database>, entry: IdempotencyKeyRecord, notBefore: string): Promise<boolean> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', entry.scope).where('key', '=', entry.key).where('created_at', '<', notBefore).execute();
  const saved = await db
    .insertInto('idempotency_keys')
    .values({ scope: entry.scope, key: entry.key, fingerprint: entry.fingerprint, result_id: entry.resultId, created_at: entry.createdAt })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return saved !== undefined;
}
