/**
 * Both engines: OpenID Connect sign-ins in progress (their state, nonce and PKCE verifier, kept by
 * the server so any instance can complete them, once) and the identity provider's account each
 * operator is bound to (`iss` and `sub`, from its first sign-in). Only adds tables: servers of the
 * previous release keep working.
 */
import type { Kysely, Migration } from 'kysely';

export const oidcIdentitiesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('oidc_sign_ins')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('verifier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    // Each start removes the sign-ins that expired unfinished.
    await db.schema.createIndex('oidc_sign_ins_expires_idx').on('oidc_sign_ins').column('expires_at').execute();
    await db.schema
      .createTable('operator_identities')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('operator_identities_pk', ['issuer', 'subject'])
      // One account per operator and provider: a second account with the operator's email is a collision, not a second way in.
      .addUniqueConstraint('operator_identities_operator_issuer', ['operator_id', 'issuer'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('operator_identities').ifExists().execute();
    await db.schema.dropTable('oidc_sign_ins').ifExists().execute();
  },
};
