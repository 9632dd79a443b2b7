/** Analytics operations: getUsage, the caller's own usage only. */
import type { Request } from 'express';
import type { operations } from '../../generated/api.js';
import { ApiError } from '../errors.js';
import { defaulted, partnerId, query, type HandlerDeps, type OperationHandler } from './types.js';

type UsageQuery = NonNullable<operations['getUsage']['parameters']['query']>;
const DAY_MS = 86_400_000;

/** Refuses a range whose from is after its to, or longer than the operation's `x-max-range-days` (400 invalid_date_range). */
export function checkDateRange(req: Request, from: string, to: string): void {
  const maxDays = req.operation!.maxRangeDays;
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw new ApiError('invalid_date_range', `from (${from}) is after to (${to}).`);
  if (maxDays !== undefined && days > maxDays) throw new ApiError('invalid_date_range', `The range spans ${days} days; at most ${maxDays} are allowed.`);
}

/** Handlers of the Analytics tag. */
export function usageHandlers({ store }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async getUsage(req, res) {
      const q = query<UsageQuery>(req);
      checkDateRange(req, q.from, q.to);
      const groupBy = defaulted(q.group_by, 'group_by');
      const report = await store.queryUsage({ partnerId: partnerId(req), from: q.from, to: q.to, groupBy, limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      res.json({ from: q.from, to: q.to, group_by: groupBy, totals: report.totals, items: report.items, next_cursor: report.nextCursor });
    },
  };
}
