/** `usage <partner_id> --from --to [--group-by]`: the studio's view of one partner's usage, as getUsage gives it. */
import type { UsageCounts, UsageQuery } from '../store/index.js';
import { partnerId } from './args.js';
import type { Command } from './command.js';
import { notFound, usageError } from './errors.js';
import { table } from './output.js';

const GROUPS = ['day', 'operation', 'series'] as const;
// The studio may look further back than partners (92 days), but one query stays bounded.
const MAX_DAYS = 366;

function utcDate(flag: string, value: string | undefined): string {
  if (value === undefined) throw usageError(`missing --${flag} <YYYY-MM-DD>`);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw usageError(`invalid --${flag} "${value}": expected a date YYYY-MM-DD`);
  }
  return value;
}

const usage: Command = {
  words: ['usage'],
  usage: '<partner_id> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--group-by day|operation|series]',
  summary: "show a partner's request counts per UTC day, operation or series",
  arity: [1, 1],
  options: ['from', 'to', 'group-by'],
  async run(ctx, args, values) {
    const id = partnerId(args[0]!);
    const from = utcDate('from', values.from);
    const to = utcDate('to', values.to);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0 || days > MAX_DAYS) throw usageError(`invalid range: --to must be on or after --from, at most ${MAX_DAYS} days later`);
    const groupBy = (values['group-by'] ?? 'day') as UsageQuery['groupBy'];
    if (!GROUPS.includes(groupBy)) throw usageError(`invalid --group-by "${groupBy}": expected ${GROUPS.join(', ')}`);
    const store = await ctx.store();
    if (!(await store.getPartner(id))) throw notFound(`no partner ${id}`);
    const rows: Array<UsageCounts & { key: string }> = [];
    let totals: UsageCounts = { requests: 0, stream_resolutions: 0, errors: 0, rate_limited: 0 };
    let cursor: string | undefined;
    do {
      const page = await store.queryUsage({ partnerId: id, from, to, groupBy, limit: 100, cursor });
      rows.push(...page.items);
      totals = page.totals;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    ctx.out.result({ partner_id: id, from, to, group_by: groupBy, totals, items: rows }, () => [
      ...table(
        [groupBy.toUpperCase(), 'REQUESTS', 'STREAMS', 'ERRORS', 'RATE_LIMITED'],
        rows.map((r) => [r.key, String(r.requests), String(r.stream_resolutions), String(r.errors), String(r.rate_limited)]),
        'no usage in this range',
      ),
      `total: ${totals.requests} requests, ${totals.stream_resolutions} stream resolutions, ${totals.errors} errors, ${totals.rate_limited} rate-limited`,
    ]);
  },
};

/** The usage commands. */
export const usageCommands: Command[] = [usage];
