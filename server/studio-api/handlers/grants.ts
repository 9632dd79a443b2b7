/** Grants: a partner's grants page by page, set grants on many series in one request, revoke. */
import type { Grant } from '../../store/index.js';
import { grants } from '../../services/index.js';
import { pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

export function grantHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  return {
    async listPartnerGrants(req, res) {
      const page = await grants.listPartnerGrants(deps, pathParam(req, 'partner_id'), pageOf(req));
      res.json({
        items: page.items.map((e) => ({ series_id: e.seriesId, series_title: e.seriesTitle, grants: e.grants, updated_at: e.updatedAt })),
        next_cursor: page.nextCursor,
      });
    },
    async setPartnerGrants(req, res) {
      const items = (req.body as { items: Array<{ series_id: string; grants: Grant[] }> }).items;
      const changes = await grants.setGrants(serviceContext(req, deps), pathParam(req, 'partner_id'), items.map((i) => ({ seriesId: i.series_id, grants: i.grants })));
      res.json({ items: changes.map((c) => ({ series_id: c.seriesId, grants: c.grants })) });
    },
    async changePartnerGrants(req, res) {
      const items = (req.body as { items: Array<{ series_id: string; add?: Grant[]; remove?: Grant[] }> }).items;
      const changes = await grants.changeGrants(serviceContext(req, deps), pathParam(req, 'partner_id'), items.map((i) => ({ seriesId: i.series_id, add: i.add, remove: i.remove })));
      res.json({ items: changes.map((c) => ({ series_id: c.seriesId, grants: c.grants })) });
    },
    async revokePartnerGrants(req, res) {
      await grants.revokeGrants(serviceContext(req, deps), pathParam(req, 'partner_id'), pathParam(req, 'series_id'));
      res.status(204).end();
    },
  };
}
