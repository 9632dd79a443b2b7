/**
 * Partners, dialect-neutral: the queries a studio change shares (shared/store-tx.ts) and the
 * partner doors both engines assemble (partners()). Writes that must be atomic are single
 * statements (UPDATE ... RETURNING, INSERT ... ON CONFLICT), which SQLite and PostgreSQL share.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Credentials, PartnerReads, Provisioning } from '../interfaces.js';
import type { NewPartnerInput, PartnerRecord, PartnerState } from '../records.js';
import type { StoreCore } from './core.js';
import { isoInstant, num } from './mapping.js';
import type { Database, PartnerTable } from './schema.js';

/** A partners row as the record the server uses. */
export function partnerRecord(row: PartnerTable): PartnerRecord {
  return {
    id: row.id,
    name: row.name,
    apiKey: row.api_key,
    secretHash: row.secret_hash,
    credentialVersion: num(row.credential_version),
    disabled: num(row.disabled) !== 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    secretCreatedAt: row.secret_created_at ?? row.created_at,
    secretLastUsedAt: row.secret_last_used_at,
    previousSecret:
      row.previous_secret_hash === null || row.previous_secret_expires_at === null
        ? null
        : {
            secretHash: row.previous_secret_hash,
            credentialVersion: num(row.previous_credential_version),
            createdAt: row.previous_secret_created_at ?? row.created_at,
            expiresAt: row.previous_secret_expires_at,
            lastUsedAt: row.previous_secret_last_used_at,
          },
  };
}

/** No previous secret: what a regeneration leaves (both secrets end at once). */
const NO_PREVIOUS = {
  previous_secret_hash: null,
  previous_credential_version: null,
  previous_secret_created_at: null,
  previous_secret_expires_at: null,
  previous_secret_last_used_at: null,
} as const;

/** Inserts a partner at credential version 1, enabled. */
export async function createPartner(db: Kysely<Database>, input: NewPartnerInput): Promise<PartnerRecord> {
  const at = isoInstant(input.now);
  const row: PartnerTable = {
    id: input.id, name: input.name, api_key: input.apiKey, secret_hash: input.secretHash,
    credential_version: 1, disabled: 0, created_at: at, updated_at: at, secret_created_at: at, secret_last_used_at: null, ...NO_PREVIOUS,
  };
  return partnerRecord(await db.insertInto('partners').values(row).returningAll().executeTakeFirstOrThrow());
}

/** The partner with this id or API key, or undefined. */
export async function findPartner(db: Kysely<Database>, by: 'id' | 'api_key', value: string): Promise<PartnerRecord | undefined> {
  const row = await db.selectFrom('partners').selectAll().where(by, '=', value).executeTakeFirst();
  return row && partnerRecord(row);
}

/** The partner (undefined when unknown) and the content version, in one statement: the single row of content_version, left-joined to the partner. */
export async function readPartnerState(db: Kysely<Database>, id: string): Promise<PartnerState> {
  const row = await db
    .selectFrom('content_version')
    .leftJoin('partners', (join) => join.on('partners.id', '=', id))
    .select([
      'content_version.version',
      'partners.id',
      'partners.name',
      'partners.api_key',
      'partners.secret_hash',
      'partners.credential_version',
      'partners.disabled',
      'partners.created_at',
      'partners.updated_at',
      'partners.secret_created_at',
      'partners.secret_last_used_at',
      'partners.previous_secret_hash',
      'partners.previous_credential_version',
      'partners.previous_secret_created_at',
      'partners.previous_secret_expires_at',
      'partners.previous_secret_last_used_at',
    ])
    .where('content_version.id', '=', 1)
    .executeTakeFirstOrThrow();
  const { version, ...partner } = row;
  return { partner: partner.id === null ? undefined : partnerRecord(partner as PartnerTable), contentVersion: num(version) };
}

/**
 * Stores a new secret hash and bumps the credential version in one UPDATE ... RETURNING: the
 * increment happens in the engine, so two concurrent rotations can never both produce the
 * same version (and tokens of the first would otherwise survive the second).
 */
export async function rotateSecret(db: Kysely<Database>, id: string, secretHash: string, now: string): Promise<PartnerRecord | undefined> {
  const row = await db
    .updateTable('partners')
    .set((eb) => ({
      secret_hash: secretHash,
      credential_version: eb('credential_version', '+', 1),
      secret_created_at: isoInstant(now),
      secret_last_used_at: null,
      ...NO_PREVIOUS,
      updated_at: isoInstant(now),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && partnerRecord(row);
}

/**
 * A roll: the current secret becomes the previous one, valid until expiresAt (its tokens keep
 * their credential version), and the new hash becomes current at the next version, in one UPDATE
 * (the right-hand sides read the row as it was). Only while no earlier roll's previous secret is
 * still valid at `now`, so a second roll never cuts off a secret the partner may still use;
 * undefined for an unknown partner or a roll in progress.
 */
export async function rollSecret(db: Kysely<Database>, id: string, secretHash: string, expiresAt: string, now: string): Promise<PartnerRecord | undefined> {
  const at = isoInstant(now);
  const row = await db
    .updateTable('partners')
    .set((eb) => ({
      previous_secret_hash: eb.ref('secret_hash'),
      previous_credential_version: eb.ref('credential_version'),
      previous_secret_created_at: eb.fn.coalesce('secret_created_at', 'created_at'),
      previous_secret_expires_at: isoInstant(expiresAt),
      previous_secret_last_used_at: eb.ref('secret_last_used_at'),
      secret_hash: secretHash,
      credential_version: eb('credential_version', '+', 1),
      secret_created_at: at,
      secret_last_used_at: null,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('previous_secret_expires_at', 'is', null), eb('previous_secret_expires_at', '<=', at)]))
    .returningAll()
    .executeTakeFirst();
  return row && partnerRecord(row);
}

/**
 * Records an authenticate with one of the partner's secrets: the current one, or the previous one
 * when its credential version is `credentialVersion` (a roll since then makes it a no-op).
 */
export async function markSecretUsed(db: Kysely<Database>, id: string, credentialVersion: number, now: string): Promise<void> {
  const at = isoInstant(now);
  await db.updateTable('partners').set({ secret_last_used_at: at }).where('id', '=', id).where('credential_version', '=', credentialVersion).execute();
  await db
    .updateTable('partners')
    .set({ previous_secret_last_used_at: at })
    .where('id', '=', id)
    .where('previous_credential_version', '=', credentialVersion)
    .execute();
}

/** Renames the partner; undefined for an unknown partner. */
export async function renamePartner(db: Kysely<Database>, id: string, name: string, now: string): Promise<PartnerRecord | undefined> {
  const row = await db.updateTable('partners').set({ name, updated_at: isoInstant(now) }).where('id', '=', id).returningAll().executeTakeFirst();
  return row && partnerRecord(row);
}

/**
 * Marks a change to what partners read (inside the transaction that makes it). The version is a
 * fresh random token, not a counter: a bump that rolls back after a reader saw it must never be
 * reissued by a later commit, or pages cached under it would come back.
 */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db.updateTable('content_version').set({ version: randomInt(1, 2 ** 48) }).where('id', '=', 1).execute();
}

/** Sets the disabled flag; undefined for an unknown partner. */
export async function setPartnerDisabled(db: Kysely<Database>, id: string, disabled: boolean, now: string): Promise<PartnerRecord | undefined> {
  const row = await db
    .updateTable('partners')
    .set({ disabled: disabled ? 1 : 0, updated_at: isoInstant(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && partnerRecord(row);
}

/** The partner doors both engines share; each engine reads a partner's state its own way (readPartnerState above, or a memo of it). */
export function partners(core: StoreCore): PartnerReads & Omit<Provisioning, 'setGrants'> & Pick<Credentials, 'getPartnerByApiKey' | 'markSecretUsed'> {
  const { db } = core;
  return {
    getPartner: (id) => core.guard(() => findPartner(db, 'id', id)),
    getPartnerByApiKey: (apiKey) => core.guard(() => findPartner(db, 'api_key', apiKey)),
    listPartners: () => core.guard(async () => (await db.selectFrom('partners').selectAll().orderBy('id').execute()).map(partnerRecord)),
    createPartner: (input) => core.guard(() => createPartner(db, input)),
    // Under the write lock, so the check and the insert cannot interleave with another caller's.
    createFirstPartner: (input) =>
      core.guard(() =>
        core.writeTransaction(async (trx) => ((await trx.selectFrom('partners').select('id').limit(1).executeTakeFirst()) ? undefined : createPartner(trx, input))),
      ),
    rotateSecret: (id, secretHash, now) => core.guard(() => rotateSecret(db, id, secretHash, now)),
    markSecretUsed: (id, credentialVersion, now) => core.guard(() => markSecretUsed(db, id, credentialVersion, now)),
    setPartnerDisabled: (id, disabled, now) => core.guard(() => setPartnerDisabled(db, id, disabled, now)),
  };
}
