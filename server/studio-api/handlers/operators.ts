/** Operators: list, invite (initial password once), change role or disable. */
import { ApiError } from '../../http/errors.js';
import type { Role } from '../../contract/load.js';
import { pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { changeOperator, createOperator } from '../../services/operators.js';
import { createResetLink, resetSecondFactor } from '../../services/operator-accounts.js';
import { operatorBody } from '../session.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

export function operatorHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  return {
    async listOperators(req, res) {
      const page = await deps.store.listOperators(pageOf(req));
      res.json({ items: page.items.map(operatorBody), next_cursor: page.nextCursor });
    },
    async inviteOperator(req, res) {
      const { email, role } = req.body as { email: string; role: Role };
      const created = await createOperator(serviceContext(req, deps), email, role, 'operator.invite');
      if (!created) throw new ApiError('conflict', 'An operator with this email exists already.');
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ operator: operatorBody(created.operator), initial_password: created.initialPassword });
    },
    async createPasswordResetLink(req, res) {
      const id = pathParam(req, 'operator_id');
      const link = await createResetLink(serviceContext(req, deps), { id }, deps.contract.passwordResetTtlMs);
      if (!link) throw new ApiError('not_found', `No operator ${id}.`);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ reset_path: link.path, expires_at: link.expiresAt });
    },
    async resetOperatorMfa(req, res) {
      const id = pathParam(req, 'operator_id');
      const result = await resetSecondFactor(serviceContext(req, deps), { id });
      if (!result) throw new ApiError('not_found', `No operator ${id}.`);
      if (result === 'not_enabled') throw new ApiError('conflict', 'The operator has no second factor.');
      res.status(204).end();
    },
    async updateOperator(req, res) {
      const id = pathParam(req, 'operator_id');
      const result = await changeOperator(serviceContext(req, deps), id, req.body as { role?: Role; disabled?: boolean });
      if (result === 'not_found') throw new ApiError('not_found', `No operator ${id}.`);
      if (result === 'last_owner') throw new ApiError('conflict', 'The change would leave no enabled owner.');
      res.json(operatorBody(result));
    },
  };
}
