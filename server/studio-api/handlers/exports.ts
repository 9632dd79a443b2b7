/**
 * The CSV exports: a partner's usage over a range and the audit trail under filters, each read a
 * page at a time while the answer is sent (server/http/csv.ts), so 100,000 audit entries never
 * sit in memory, and each row named as in the JSON answers.
 */
import { audit, usage } from '../../services/index.js';
import { AUDIT_MAX_PAGE } from '../../store/index.js';
import { sendCsv } from '../../http/csv.js';
import { checkDateRange, pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { AUDIT_CSV_COLUMNS, auditQuery, namedAuditEntries, type AuditFilters } from './audit-rows.js';
import type { StudioHandlerDeps } from './handler-deps.js';
import { namedUsageRows, type RangeQuery } from './usage-audit.js';

const USAGE_CSV_COLUMNS = ['key', 'name', 'requests', 'stream_resolutions', 'errors', 'rate_limited'] as const;

export function exportHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  return {
    async exportPartnerUsage(req, res) {
      const q = req.query as unknown as RangeQuery;
      checkDateRange(req, q.from, q.to);
      const partnerId = pathParam(req, 'partner_id');
      const groupBy = q.group_by ?? 'day';
      async function* pages() {
        let cursor: string | undefined;
        do {
          const page = await usage.partnerUsage(deps, { partnerId, from: q.from, to: q.to, groupBy, limit: 100, cursor });
          yield (await namedUsageRows(deps.store, groupBy, page.items)).map((r) => USAGE_CSV_COLUMNS.map((c) => r[c]));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
      }
      await sendCsv(res, `usage-${partnerId}-${groupBy}-${q.from}-${q.to}.csv`, USAGE_CSV_COLUMNS, pages());
    },
    async exportAuditEntries(req, res) {
      const query = await auditQuery(deps.store, req.query as AuditFilters);
      async function* pages() {
        let cursor: string | undefined;
        do {
          const page = await audit.listAudit(deps.store, { ...query, limit: AUDIT_MAX_PAGE, cursor });
          yield (await namedAuditEntries(deps.store, page.items)).map((e) => AUDIT_CSV_COLUMNS.map((c) => e[c]));
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
      }
      await sendCsv(res, `audit-${new Date(deps.clock.now()).toISOString().slice(0, 10)}.csv`, AUDIT_CSV_COLUMNS, pages());
    },
  };
}
