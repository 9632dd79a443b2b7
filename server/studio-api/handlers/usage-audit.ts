/** Reads of what partners did (usage, per partner and across partners) and of what operators did (the audit trail). */
import { audit, usage } from '../../services/index.js';
import type { UsageCounts } from '../../store/index.js';
import { checkDateRange, pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { pageOf, type StudioHandlerDeps } from './handler-deps.js';

interface RangeQuery {
  from: string;
  to: string;
  group_by?: 'day' | 'operation' | 'series';
  rank_by?: keyof UsageCounts;
}

interface AuditFilters {
  kind?: 'change' | 'security';
  actor?: string;
  partner_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function usageAuditHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  return {
    async getPartnerUsage(req, res) {
      const q = req.query as unknown as RangeQuery;
      checkDateRange(req, q.from, q.to);
      const groupBy = q.group_by ?? 'day';
      const report = await usage.partnerUsage(deps, { partnerId: pathParam(req, 'partner_id'), from: q.from, to: q.to, groupBy, ...pageOf(req) });
      res.json({ from: q.from, to: q.to, group_by: groupBy, totals: report.totals, items: report.items, next_cursor: report.nextCursor });
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
      const q = req.query as AuditFilters;
      // An operator's email, as people know each other, stands for its `operator:<id>` (an unknown one matches nothing).
      let actor = q.actor;
      if (actor?.includes('@') && !/^(operator|cli|address):/.test(actor)) {
        const operator = await deps.store.getOperatorByEmail(actor.toLowerCase());
        actor = operator ? `operator:${operator.id}` : 'operator:none';
      }
      const page = await audit.listAudit(deps.store, { kind: q.kind, actor, partnerId: q.partner_id, action: q.action, from: q.from, to: q.to, ...pageOf(req) });
      res.json({
        items: page.items.map((e) => ({
          id: Number(e.id),
          at: e.at,
          kind: e.kind,
          actor: e.actor,
          actor_email: e.actorEmail,
          action: e.action,
          target_kind: e.targetKind,
          target_id: e.targetId,
          partner_id: e.partnerId,
          before: e.before,
          after: e.after,
          address: e.address,
        })),
        next_cursor: page.nextCursor,
      });
    },
  };
}
