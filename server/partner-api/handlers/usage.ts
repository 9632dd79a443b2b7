/** Analytics operations: getUsage, the caller's own usage only. */
import type { operations } from '../../../generated/api.js';
import { checkDateRange, defaulted, query, type OperationHandler } from '../../http/operation-handler.js';
import { partnerId, type HandlerDeps } from './handler-deps.js';

type UsageQuery = NonNullable<operations['getUsage']['parameters']['query']>;

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
