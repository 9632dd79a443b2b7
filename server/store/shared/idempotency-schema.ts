/** The idempotency_keys table (schema.ts lists it in Database; kept apart so schema.ts stays under 250 lines). */
/** The Idempotency-Key of a studio change and the id of what it created (studio-records.ts, IdempotencyKeyRecord). */
export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  fingerprint: string;
  result_id: string;
  created_at: string;
}
