/** Partners: list, create (secret once), show, rename, disable, enable, regenerate secret (secret once). */
import { partners, type ServiceContext } from '../../services/index.js';
import type { PartnerRecord } from '../../store/index.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { pathParam } from '../../http/operation-handler.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

/** The contract's Partner: never the secret's hash. */
export function partnerBody(p: PartnerRecord) {
  return { id: p.id, name: p.name, api_key: p.apiKey, status: p.disabled ? 'disabled' : 'enabled', created_at: p.createdAt, updated_at: p.updatedAt };
}

export function partnerHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const ctx = (req: Parameters<OperationHandler>[0]): ServiceContext => serviceContext(req, deps);
  const setDisabled = (disabled: boolean): OperationHandler => async (req, res) => {
    res.json(partnerBody(await partners.setPartnerDisabled(ctx(req), pathParam(req, 'partner_id'), disabled)));
  };
  return {
    async listPartners(req, res) {
      const q = req.query as { q?: string; status?: 'enabled' | 'disabled' };
      const page = await partners.listPartners(deps, { ...pageOf(req), q: q.q, status: q.status });
      res.json({ items: page.items.map((p) => ({ ...partnerBody(p), last_active_on: p.lastActiveOn })), next_cursor: page.nextCursor });
    },
    async createPartner(req, res) {
      const created = await partners.createPartner(ctx(req), (req.body as { name: string }).name);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ partner: partnerBody(created.partner), api_secret: created.apiSecret });
    },
    async getPartner(req, res) {
      res.json(partnerBody(await partners.getPartner(deps, pathParam(req, 'partner_id'))));
    },
    async renamePartner(req, res) {
      res.json(partnerBody(await partners.renamePartner(ctx(req), pathParam(req, 'partner_id'), (req.body as { name: string }).name)));
    },
    disablePartner: setDisabled(true),
    enablePartner: setDisabled(false),
    async regeneratePartnerSecret(req, res) {
      const renewed = await partners.regenerateSecret(ctx(req), pathParam(req, 'partner_id'));
      res.setHeader('Cache-Control', 'no-store');
      res.json({ partner: partnerBody(renewed.partner), api_secret: renewed.apiSecret });
    },
  };
}
