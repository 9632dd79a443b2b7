/** `partner grant|revoke`: per-series access. Grants add to and remove from what the partner holds. */
import type { Grant, Store } from '../store/types.js';
import { grantList, orderGrants, partnerId, seriesId } from './args.js';
import type { Command, CommandContext } from './command.js';
import { notFound } from './errors.js';
import { requirePartner } from './partner-commands.js';

interface Target {
  partner: string;
  series: string;
}

/** Checks the ids' shape first (exit 2), then that both exist (exit 1), before anything is written. */
async function resolveTarget(ctx: CommandContext, rawPartner: string, rawSeries: string): Promise<{ store: Store; target: Target }> {
  const target = { partner: partnerId(rawPartner), series: seriesId(rawSeries) };
  const store = await ctx.store();
  await requirePartner(store, target.partner);
  if (!(await store.seriesExists(target.series))) throw notFound(`series ${target.series} not found`);
  return { store, target };
}

/** Writes the new grants (only when they differ) and reports before and after. */
async function apply(ctx: CommandContext, store: Store, target: Target, next: (current: Grant[]) => Grant[]): Promise<void> {
  const before = await store.getGrants(target.partner, target.series);
  const after = orderGrants(next(before));
  const changed = after.join() !== before.join();
  // Unchanged grants are not rewritten, so the entitlement's updated_at keeps meaning "last changed".
  if (changed) await store.setGrants(target.partner, target.series, after, ctx.now);
  const doc = { partner_id: target.partner, series_id: target.series, grants: after, previous_grants: before, changed };
  ctx.out.result(doc, () => [
    `${target.partner} on ${target.series}: ${after.length ? after.join(',') : 'no grants'}` +
      (changed ? ` (was ${before.length ? before.join(',') : 'no grants'})` : ' (unchanged)'),
  ]);
}

const grant: Command = {
  words: ['partner', 'grant'],
  usage: '<partner_id> <series_id> <read|stream|read,stream>',
  summary: 'add grants on a series to those the partner already holds',
  arity: [3, 3],
  options: [],
  async run(ctx, [rawPartner = '', rawSeries = '', rawGrants = '']) {
    const adding = grantList(rawGrants);
    const { store, target } = await resolveTarget(ctx, rawPartner, rawSeries);
    await apply(ctx, store, target, (current) => [...current, ...adding]);
  },
};

const revoke: Command = {
  words: ['partner', 'revoke'],
  usage: '<partner_id> <series_id> [read|stream]',
  summary: 'remove a grant on a series, or every grant on it when none is named',
  arity: [2, 3],
  options: [],
  async run(ctx, [rawPartner = '', rawSeries = '', rawGrants]) {
    const removing = rawGrants === undefined ? undefined : grantList(rawGrants);
    const { store, target } = await resolveTarget(ctx, rawPartner, rawSeries);
    await apply(ctx, store, target, (current) => (removing ? current.filter((g) => !removing.includes(g)) : []));
  },
};

/** The grant commands. */
export const grantCommands: Command[] = [grant, revoke];
