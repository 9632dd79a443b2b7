/** Analytics operations: getUsage, the caller's own usage only. */
import type { operations } from '../../generated/api.js';
import { ApiError } from '../errors.js';
import { defaulted, partnerId, query, type HandlerDeps, type OperationHandler } from './types.js';

type UsageQuery = NonNullable<operations['getUsage']['parameters']['query']>;
const DAY_MS = 86_400_000;

/** Handlers of the Analytics tag. */
export function usageHandlers({ store }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async getUsage(req, res) {
      const q = query<UsageQuery>(req);
      // The contract's x-max-range-days (server/contract/load.ts).
      const maxDays = req.operation!.maxRangeDays;
      const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS;
      if (days < 0) throw new ApiError('invalid_date_range', `from (${q.from}) is after to (${q.to}).`);
      if (maxDays !== undefined && days > maxDays) throw new ApiError('invalid_date_range', `The range spans ${days} days; at most ${maxDays} are allowed.`);
      const groupBy = defaulted(q.group_by, 'group_by');
      const report = await store.queryUsage({ partnerId: partnerId(req), from: q.from, to: q.to, groupBy, limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      res.json({ from: q.from, to: q.to, group_by: groupBy, totals: report.totals, items: report.items, next_cursor: report.nextCursor });
    },
  };
}
