/** `partner grant|revoke`: per-series access, through server/services. Grants add to and remove from what the partner holds. */
import * as grants from '../services/grants.js';
import type { GrantChange } from '../services/grants.js';
import { grantList, partnerId, seriesId } from './args.js';
import type { Command, CommandContext } from './command.js';
import { serviceContext } from './command.js';

/** Reports before and after, as one document with --json. */
function print(ctx: CommandContext, partner: string, change: GrantChange): void {
  const { seriesId: series, grants: after, previousGrants: before, changed } = change;
  const doc = { partner_id: partner, series_id: series, grants: after, previous_grants: before, changed };
  ctx.out.result(doc, () => [
    `${partner} on ${series}: ${after.length ? after.join(',') : 'no grants'}` +
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
    const [partner, series] = [partnerId(rawPartner), seriesId(rawSeries)];
    print(ctx, partner, await grants.addGrants(await serviceContext(ctx), partner, series, adding));
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
    const [partner, series] = [partnerId(rawPartner), seriesId(rawSeries)];
    print(ctx, partner, await grants.revokeGrants(await serviceContext(ctx), partner, series, removing));
  },
};

/** The grant commands. */
export const grantCommands: Command[] = [grant, revoke];
