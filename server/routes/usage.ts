/** Analytics operations: getUsage, the caller's own usage only. */
import type { operations } from '../../generated/api.js';
import { ApiError } from '../errors.js';
import { partnerId, query, type HandlerDeps, type OperationHandler } from './types.js';

type UsageQuery = NonNullable<operations['getUsage']['parameters']['query']>;
const MAX_RANGE_DAYS = 92;
const DAY_MS = 86_400_000;

/** Handlers of the Analytics tag. */
export function usageHandlers({ store }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async getUsage(req, res) {
      const q = query<UsageQuery>(req);
      const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS;
      if (days < 0) throw new ApiError('invalid_date_range', `from (${q.from}) is after to (${q.to}).`);
      if (days > MAX_RANGE_DAYS) throw new ApiError('invalid_date_range', `The range spans ${days} days; at most ${MAX_RANGE_DAYS} are allowed.`);
      const groupBy = q.group_by ?? 'day';
      const report = await store.queryUsage({ partnerId: partnerId(req), from: q.from, to: q.to, groupBy, limit: q.limit ?? 25, cursor: q.cursor });
      res.json({ from: q.from, to: q.to, group_by: groupBy, totals: report.totals, items: report.items, next_cursor: report.nextCursor });
    },
  };
}
