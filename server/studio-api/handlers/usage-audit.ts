/** Reads of what partners did (usage, per partner and across partners) and of what operators did (the audit trail). */
import { audit, usage } from '../../services/index.js';
import type { AuditTrail, UsageCounts } from '../../store/index.js';
import { auditQuery, namedAuditEntries, type AuditFilters } from './audit-rows.js';
import { checkDateRange, pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { pageOf, type StudioHandlerDeps } from './handler-deps.js';

/** Usage rows with a name people know: the series' title when grouped by series (null for other groupings). */
export async function namedUsageRows<R extends { key: string }>(store: Pick<AuditTrail, 'namesOf'>, groupBy: string, rows: R[]): Promise<Array<R & { name: string | null }>> {
  const titles = groupBy === 'series' ? (await store.namesOf({ series: rows.map((r) => r.key) })).series : new Map<string, string>();
  return rows.map((r) => ({ ...r, name: titles.get(r.key) ?? null }));
}

export interface RangeQuery {
  from: string;
  to: string;
  group_by?: 'day' | 'operation' | 'series';
  rank_by?: keyof UsageCounts;
}

export function usageAuditHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  return {
    async getPartnerUsage(req, res) {
      const q = req.query as unknown as RangeQuery;
      checkDateRange(req, q.from, q.to);
      const groupBy = q.group_by ?? 'day';
      const report = await usage.partnerUsage(deps, { partnerId: pathParam(req, 'partner_id'), from: q.from, to: q.to, groupBy, ...pageOf(req) });
      res.json({ from: q.from, to: q.to, group_by: groupBy, totals: report.totals, items: await namedUsageRows(deps.store, groupBy, report.items), next_cursor: report.nextCursor });
    },
    async getUsageOverview(req, res) {
      const q = req.query as unknown as RangeQuery;
      checkDateRange(req, q.from, q.to);
      const rankBy = q.rank_by ?? 'requests';
      const page = await usage.usageAcrossPartners(deps, { from: q.from, to: q.to, rankBy, ...pageOf(req) });
      res.json({
        from: q.from,
        to: q.to,
        rank_by: rankBy,
        totals: page.totals,
        days: page.days.map(({ day, ...counts }) => ({ key: day, ...counts })),
        items: page.items.map(({ partnerId, partnerName, ...counts }) => ({ partner_id: partnerId, partner_name: partnerName, ...counts })),
        next_cursor: page.nextCursor,
      });
    },
    async listAuditEntries(req, res) {
      const page = await audit.listAudit(deps.store, { ...(await auditQuery(deps.store, req.query as AuditFilters)), ...pageOf(req) });
      res.json({ items: await namedAuditEntries(deps.store, page.items), total: page.total, next_cursor: page.nextCursor });
    },
  };
}
