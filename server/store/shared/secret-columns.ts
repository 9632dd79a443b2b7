/** The partners table's secret columns (migration rolling-secrets), apart so schema.ts stays short. */
export interface PartnerSecretColumns {
  /** Null only for a partner from before the migration that it could not date. */
  secret_created_at: string | null;
  secret_last_used_at: string | null;
  /** The secret a roll keeps valid until previous_secret_expires_at (all null when none). */
  previous_secret_hash: string | null;
  previous_credential_version: number | null;
  previous_secret_created_at: string | null;
  previous_secret_expires_at: string | null;
  previous_secret_last_used_at: string | null;
}
