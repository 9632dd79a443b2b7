/**
 * Grant changes, shared by the admin CLI and the studio API. A change is one transaction: the
 * new grants, one audit entry per series whose grants changed, and the content version bump that
 * makes every instance answer the partner's next request with the new grants.
 */
import type { CatalogReads, EntitlementRecord, Grant, GrantReads, Page, PageRequest, PartnerReads, SeriesGrantRecord, StudioQueries, Transactions } from '../store/index.js';
import { record } from './audit.js';
import type { ServiceContext } from './context.js';
import { InvalidInputError, NotFoundError } from './errors.js';

const GRANT_ORDER: readonly Grant[] = ['read', 'stream'];

export interface GrantChange {
  seriesId: string;
  /** The grants the partner holds on the series after the change, in the order read, stream. */
  grants: Grant[];
  previousGrants: Grant[];
  changed: boolean;
}

/** Grants in the order read, stream, without duplicates (the order the store and contracts use). */
export function orderGrants(grants: Iterable<Grant>): Grant[] {
  const set = new Set(grants);
  return GRANT_ORDER.filter((g) => set.has(g));
}

type Next = (current: Grant[]) => Grant[];

/** Applies next to each series' grants for the partner, in one transaction; unknown partner or series: NotFoundError, nothing written. */
async function change(ctx: ServiceContext<Transactions>, partnerId: string, targets: Array<{ seriesId: string; next: Next }>): Promise<GrantChange[]> {
  const ids = targets.map((t) => t.seriesId);
  if (new Set(ids).size !== ids.length) throw new InvalidInputError('each series may appear once per change', 'series_id');
  return ctx.store.transact(async (tx) => {
    if (!(await tx.getPartner(partnerId))) throw new NotFoundError('partner', [partnerId]);
    const missing = await tx.missingSeries(ids);
    if (missing.length > 0) throw new NotFoundError('series', missing);
    const results: GrantChange[] = [];
    for (const { seriesId, next } of targets) {
      const before = await tx.getGrants(partnerId, seriesId);
      const after = orderGrants(next(before));
      const changed = after.join() !== before.join();
      // Unchanged grants are not rewritten, so the entitlement's updated_at keeps meaning "last changed".
      if (changed) {
        await tx.setGrants(partnerId, seriesId, after, ctx.now);
        await record(tx, ctx.actor, ctx.now, { action: 'grants.set', targetKind: 'series', targetId: seriesId, partnerId, before: { grants: before }, after: { grants: after } });
      }
      results.push({ seriesId, grants: after, previousGrants: before, changed });
    }
    return results;
  });
}

/** Sets the partner's grants on many series at once ([] removes them), all or nothing. */
export async function setGrants(ctx: ServiceContext<Transactions>, partnerId: string, items: ReadonlyArray<{ seriesId: string; grants: Grant[] }>): Promise<GrantChange[]> {
  return change(ctx, partnerId, items.map((i) => ({ seriesId: i.seriesId, next: () => i.grants })));
}

/**
 * Adds and removes single grants on many series at once, all or nothing, leaving the others as
 * they are: changes made one after the other compose, whatever order they are answered in.
 */
export async function changeGrants(ctx: ServiceContext<Transactions>, partnerId: string, items: ReadonlyArray<{ seriesId: string; add?: Grant[]; remove?: Grant[] }>): Promise<GrantChange[]> {
  for (const i of items) {
    if (i.add?.some((g) => i.remove?.includes(g))) throw new InvalidInputError('a grant cannot be both added and removed', 'series_id');
  }
  return change(ctx, partnerId, items.map((i) => ({ seriesId: i.seriesId, next: (current) => [...current, ...(i.add ?? [])].filter((g) => !i.remove?.includes(g)) })));
}

/** Adds grants on a series to those the partner holds. */
export async function addGrants(ctx: ServiceContext<Transactions>, partnerId: string, seriesId: string, grants: Grant[]): Promise<GrantChange> {
  return (await change(ctx, partnerId, [{ seriesId, next: (current) => [...current, ...grants] }]))[0]!;
}

/** Removes the named grants on a series, or every grant on it when none are named. */
export async function revokeGrants(ctx: ServiceContext<Transactions>, partnerId: string, seriesId: string, grants?: Grant[]): Promise<GrantChange> {
  const next: Next = grants ? (current) => current.filter((g) => !grants.includes(g)) : () => [];
  return (await change(ctx, partnerId, [{ seriesId, next }]))[0]!;
}

/** One page of the partner's grants, by series id; NotFoundError for an unknown partner. */
export async function listPartnerGrants(ctx: Pick<ServiceContext<PartnerReads & GrantReads>, 'store'>, partnerId: string, page: PageRequest): Promise<Page<EntitlementRecord>> {
  if (!(await ctx.store.getPartner(partnerId))) throw new NotFoundError('partner', [partnerId]);
  return ctx.store.listEntitlements(partnerId, page);
}

/** One page of the partners holding grants on a series, by partner id; NotFoundError for an unknown series. */
export async function listSeriesGrants(ctx: Pick<ServiceContext<Pick<CatalogReads, 'seriesExists'> & StudioQueries>, 'store'>, seriesId: string, page: PageRequest): Promise<Page<SeriesGrantRecord>> {
  if (!(await ctx.store.seriesExists(seriesId))) throw new NotFoundError('series', [seriesId]);
  return ctx.store.listSeriesGrants(seriesId, page);
}
