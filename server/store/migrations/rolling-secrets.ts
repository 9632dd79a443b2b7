/**
 * Both engines: the columns a secret roll needs on partners (docs/decisions, "secrets that roll"):
 * when the current secret was made and last used, and the one secret a roll keeps valid until its
 * expiry (its hash, the credential version its tokens carry, its times). Only adds nullable
 * columns: servers of the previous release keep working.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const COLUMNS: [string, 'text' | 'integer'][] = [
  ['secret_created_at', 'text'],
  ['secret_last_used_at', 'text'],
  ['previous_secret_hash', 'text'],
  ['previous_credential_version', 'integer'],
  ['previous_secret_created_at', 'text'],
  ['previous_secret_expires_at', 'text'],
  ['previous_secret_last_used_at', 'text'],
];

export const rollingSecretsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const [name, type] of COLUMNS) await db.schema.alterTable('partners').addColumn(name, type).execute();
    // The previous release did not keep when a secret was made: a never-regenerated one is as old
    // as its partner; a regenerated one is dated by the partner's last change, the closest known.
    await sql`update partners set secret_created_at = case when credential_version = 1 then created_at else updated_at end`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('partners').dropColumn(name).execute();
  },
};
