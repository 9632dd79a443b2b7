/** Partners: list, create (secret once), show, rename, disable, enable, regenerate or roll the secret (secret once). */
import { partners, type ServiceContext } from '../../services/index.js';
import { ApiError } from '../../http/errors.js';
import { previousSecretValid, type PartnerListQuery, type PartnerRecord } from '../../store/index.js';
import type { OperationHandler } from '../../http/operation-handler.js';
import { pathParam } from '../../http/operation-handler.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

/** The contract's PartnerSecret list at `now` (ms): the current secret, then a roll's old one while it is valid. */
function secretsBody(p: PartnerRecord, now: number) {
  const secrets = [{ status: 'current', created_at: p.secretCreatedAt, expires_at: null as string | null, last_used_at: p.secretLastUsedAt }];
  const old = p.previousSecret;
  if (previousSecretValid(old, now)) secrets.push({ status: 'expiring', created_at: old.createdAt, expires_at: old.expiresAt, last_used_at: old.lastUsedAt });
  return secrets;
}

/** The contract's Partner at `now` (ms): never a secret or its hash. */
export function partnerBody(p: PartnerRecord, now: number) {
  return {
    id: p.id,
    name: p.name,
    api_key: p.apiKey,
    status: p.disabled ? 'disabled' : 'enabled',
    secrets: secretsBody(p, now),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export function partnerHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const ctx = (req: Parameters<OperationHandler>[0]): ServiceContext => serviceContext(req, deps);
  const body = (p: PartnerRecord) => partnerBody(p, deps.clock.now());
  const setDisabled = (disabled: boolean): OperationHandler => async (req, res) => {
    res.json(body(await partners.setPartnerDisabled(ctx(req), pathParam(req, 'partner_id'), disabled)));
  };
  return {
    async listPartners(req, res) {
      const q = req.query as { q?: string; status?: 'enabled' | 'disabled'; sort?: PartnerListQuery['sort'] };
      const page = await partners.listPartners(deps, { ...pageOf(req), q: q.q, status: q.status, sort: q.sort });
      res.json({ items: page.items.map((p) => ({ ...body(p), last_active_on: p.lastActiveOn })), total: page.total, next_cursor: page.nextCursor });
    },
    async createPartner(req, res) {
      const created = await partners.createPartnerOnce(ctx(req), (req.body as { name: string }).name, req.get('Idempotency-Key'));
      res.setHeader('Cache-Control', 'no-store');
      if ('replayed' in created) res.setHeader('Idempotent-Replayed', 'true').status(200).json({ partner: body(created.partner), replayed: true });
      else res.status(201).json({ partner: body(created.partner), api_secret: created.apiSecret });
    },
    async getPartner(req, res) {
      res.json(body(await partners.getPartner(deps, pathParam(req, 'partner_id'))));
    },
    async renamePartner(req, res) {
      res.json(body(await partners.renamePartner(ctx(req), pathParam(req, 'partner_id'), (req.body as { name: string }).name)));
    },
    disablePartner: setDisabled(true),
    enablePartner: setDisabled(false),
    async regeneratePartnerSecret(req, res) {
      const renewed = await partners.regenerateSecret(ctx(req), pathParam(req, 'partner_id'));
      res.setHeader('Cache-Control', 'no-store');
      res.json({ partner: body(renewed.partner), api_secret: renewed.apiSecret });
    },
    async rollPartnerSecret(req, res) {
      // The contract bounds the hours and gives the default (SecretRoll), which the validator fills in.
      const hours = (req.body as { expires_in_hours: number }).expires_in_hours;
      const rolled = await partners.rollSecret(ctx(req), pathParam(req, 'partner_id'), hours);
      if (rolled === 'roll_in_progress') {
        throw new ApiError('conflict', "An earlier roll's old secret is still valid; wait for it to expire, or regenerate the secret to end both at once.");
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json({ partner: body(rolled.partner), api_secret: rolled.apiSecret });
    },
  };
}
