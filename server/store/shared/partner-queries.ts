/**
 * Partners, grants and settings, dialect-neutral. Writes that must be atomic are single
 * statements (UPDATE ... RETURNING, INSERT ... ON CONFLICT), which SQLite and PostgreSQL share.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { queryFingerprint, type CursorCodec } from '../cursor.js';
import { pageOf } from './paging.js';
import { grantsOf, isoInstant, num } from './mapping.js';
import type { Database, PartnerTable } from './schema.js';
import type { EntitlementRecord, Grant, Page, PageRequest, PartnerRecord } from '../types.js';

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
export async function createPartner(
  db: Kysely<Database>,
  input: { id: string; name: string; apiKey: string; secretHash: string; now: string },
): Promise<PartnerRecord> {
  const at = isoInstant(input.now);
  const row: PartnerTable = {
    id: input.id, name: input.name, api_key: input.apiKey, secret_hash: input.secretHash,
    credential_version: 1, disabled: 0, created_at: at, updated_at: at,
  };
  return partnerRecord(await db.insertInto('partners').values(row).returningAll().executeTakeFirstOrThrow());
}

/** True when at least one partner exists. */
export async function anyPartner(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('partners').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The partner with this id or API key, or undefined. */
export async function findPartner(db: Kysely<Database>, by: 'id' | 'api_key', value: string): Promise<PartnerRecord | undefined> {
  const row = await db.selectFrom('partners').selectAll().where(by, '=', value).executeTakeFirst();
  return row && partnerRecord(row);
}

/** The partner (undefined when unknown) and the content version, in one statement: the single row of content_version, left-joined to the partner. */
export async function readPartnerState(db: Kysely<Database>, id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }> {
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

/** Every partner, by id. */
export async function listPartners(db: Kysely<Database>): Promise<PartnerRecord[]> {
  return (await db.selectFrom('partners').selectAll().orderBy('id').execute()).map(partnerRecord);
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

/** Replaces a partner's grants on a series; [] removes the entitlement row. */
export async function setGrants(db: Kysely<Database>, partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void> {
  if (grants.length === 0) {
    await db.deleteFrom('partner_grants').where('partner_id', '=', partnerId).where('series_id', '=', seriesId).execute();
    return;
  }
  const at = isoInstant(now);
  const flags = { can_read: grants.includes('read') ? 1 : 0, can_stream: grants.includes('stream') ? 1 : 0 };
  await db
    .insertInto('partner_grants')
    .values({ partner_id: partnerId, series_id: seriesId, ...flags, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['partner_id', 'series_id'])
        .doUpdateSet({ ...flags, updated_at: at })
        // Re-stating the same grants is not a change: updated_at says when they last changed.
        .where((eb) => eb.or([eb('partner_grants.can_read', '<>', flags.can_read), eb('partner_grants.can_stream', '<>', flags.can_stream)])),
    )
    .execute();
}

/** The partner's grants on a series, read before stream; [] when none. */
export async function getGrants(db: Kysely<Database>, partnerId: string, seriesId: string): Promise<Grant[]> {
  const row = await db
    .selectFrom('partner_grants')
    .select(['can_read', 'can_stream'])
    .where('partner_id', '=', partnerId)
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  return row ? grantsOf(row.can_read, row.can_stream) : [];
}

/** The partner's entitlements by series id, one page. */
export async function listEntitlements(db: Kysely<Database>, partnerId: string, page: PageRequest, cursors: CursorCodec): Promise<Page<EntitlementRecord>> {
  const fp = queryFingerprint('entitlements', { partner: partnerId });
  let query = db
    .selectFrom('partner_grants as g')
    .innerJoin('series as s', 's.id', 'g.series_id')
    .select(['g.series_id', 's.title', 'g.can_read', 'g.can_stream', 'g.updated_at'])
    .where('g.partner_id', '=', partnerId);
  if (page.cursor !== undefined) query = query.where('g.series_id', '>', cursors.decode(page.cursor, fp, ['string'])[0] as string);
  const rows = await query.orderBy('g.series_id').limit(page.limit + 1).execute();
  return pageOf(
    rows,
    page.limit,
    (r) => ({ seriesId: r.series_id, seriesTitle: r.title, grants: grantsOf(r.can_read, r.can_stream), updatedAt: r.updated_at }),
    (last) => cursors.encode(fp, [last.series_id]),
  );
}

/** A setting's value, or undefined. */
export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Stores value unless the key exists; returns the stored value (call inside a transaction). */
export async function setSettingIfAbsent(db: Kysely<Database>, key: string, value: string): Promise<string> {
  await db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
}
