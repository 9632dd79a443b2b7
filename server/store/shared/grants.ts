/**
 * Grants, dialect-neutral: the queries a studio change shares (shared/store-tx.ts) and the grant
 * doors both engines assemble (grants()). Every grant change marks what partners read as
 * changed (bumpContentVersion) in its own transaction.
 */
import type { Kysely } from 'kysely';
import { queryFingerprint } from '../cursor.js';
import type { GrantReads, Provisioning } from '../interfaces.js';
import type { Grant } from '../records.js';
import type { StoreCore } from './core.js';
import { appendPartnerEvents, type NewEvent } from './events.js';
import { grantsOf, isoInstant } from './mapping.js';
import { pageOf } from './paging.js';
import { bumpContentVersion } from './partners.js';
import type { Database } from './schema.js';

/** The partner's feed event for its grants on a series going from before to after; none when unchanged. */
function grantEvent(seriesId: string, before: Grant[], after: Grant[]): NewEvent | undefined {
  if (before.join() === after.join()) return undefined;
  if (after.length === 0) return { type: 'series.withdrawn', seriesId };
  if (before.length === 0) return { type: 'series.granted', seriesId, fields: { grants: after } };
  return { type: 'grant.changed', seriesId, fields: { grants: after, previous_grants: before } };
}

/**
 * Replaces a partner's grants on a series ([] removes the entitlement row), and appends the
 * partner's feed event when they changed: every grant change (services, the demo seed) comes here.
 */
export async function setGrants(db: Kysely<Database>, partnerId: string, seriesId: string, grants: Grant[], now: string): Promise<void> {
  const event = grantEvent(seriesId, await getGrants(db, partnerId, seriesId), grantsOf(grants.includes('read') ? 1 : 0, grants.includes('stream') ? 1 : 0));
  if (event) await appendPartnerEvents(db, partnerId, [event], now);
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

/** The grant doors both engines share. */
export function grants(core: StoreCore): GrantReads & Pick<Provisioning, 'setGrants'> {
  const { db } = core;
  return {
    getGrants: (partnerId, seriesId) => core.guard(() => getGrants(db, partnerId, seriesId)),
    setGrants: (partnerId, seriesId, grants, now) =>
      core.guard(() =>
        core.writeTransaction(async (trx) => {
          await setGrants(trx, partnerId, seriesId, grants, now);
          await bumpContentVersion(trx);
        }),
      ),
    /** The partner's entitlements by series id, one page. */
    listEntitlements: (partnerId, page) =>
      core.paged(page, async () => {
        const fp = queryFingerprint('entitlements', { partner: partnerId });
        let query = db
          .selectFrom('partner_grants as g')
          .innerJoin('series as s', 's.id', 'g.series_id')
          .select(['g.series_id', 's.title', 'g.can_read', 'g.can_stream', 'g.updated_at'])
          .where('g.partner_id', '=', partnerId);
        if (page.cursor !== undefined) query = query.where('g.series_id', '>', core.cursors.decode(page.cursor, fp, ['string'])[0] as string);
        const rows = await query.orderBy('g.series_id').limit(page.limit + 1).execute();
        return pageOf(
          rows,
          page.limit,
          (r) => ({ seriesId: r.series_id, seriesTitle: r.title, grants: grantsOf(r.can_read, r.can_stream), updatedAt: r.updated_at }),
          (last) => core.cursors.encode(fp, [last.series_id]),
        );
      }),
  };
}
