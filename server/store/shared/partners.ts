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
  };
}

/** Inserts a partner at credential version 1, enabled. */
export async function createPartner(db: Kysely<Database>, input: NewPartnerInput): Promise<PartnerRecord> {
  const at = isoInstant(input.now);
  const row: PartnerTable = {
    id: input.id, name: input.name, api_key: input.apiKey, secret_hash: input.secretHash,
    credential_version: 1, disabled: 0, created_at: at, updated_at: at,
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
    .set((eb) => ({ secret_hash: secretHash, credential_version: eb('credential_version', '+', 1), updated_at: isoInstant(now) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && partnerRecord(row);
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
export function partners(core: StoreCore): PartnerReads & Omit<Provisioning, 'setGrants'> & Pick<Credentials, 'getPartnerByApiKey'> {
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
    setPartnerDisabled: (id, disabled, now) => core.guard(() => setPartnerDisabled(db, id, disabled, now)),
  };
}
