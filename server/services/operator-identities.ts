/**
 * The identity provider's accounts operators sign in with (server/studio-api/oidc.ts): the first
 * sign-in binds one, by `iss` and `sub`, recorded in the audit trail as the operator's own change;
 * `npm run admin -- operator unbind-identity` removes an operator's, so that a replaced account
 * (a new `sub` for the same person) can bind at its next sign-in.
 */
import * as audit from './audit.js';
import type { ServiceContext } from './context.js';
import type { OperatorIdentity, OperatorRecord, Transactions } from '../store/index.js';

/** Binds the operator to the account unless it is bound to another of the issuer's: the operator's binding after it. */
export async function bindOperatorIdentity(ctx: ServiceContext<Transactions>, operator: OperatorRecord, account: { issuer: string; subject: string }): Promise<OperatorIdentity | undefined> {
  return ctx.store.transact(async (tx) => {
    const { binding, created } = await tx.bindIdentity({ ...account, operatorId: operator.id, email: operator.email, createdAt: ctx.now });
    if (created) {
      await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.identity_bind', targetKind: 'operator', targetId: operator.id, before: null, after: { issuer: account.issuer, subject: account.subject } });
    }
    return binding;
  });
}

/** Removes the provider accounts bound to the operator with this email; undefined when there is none. */
export async function unbindOperatorIdentities(ctx: ServiceContext<Transactions>, email: string): Promise<{ operator: OperatorRecord; removed: OperatorIdentity[] } | undefined> {
  return ctx.store.transact(async (tx) => {
    const result = await tx.unbindIdentities(email.toLowerCase());
    for (const identity of result?.removed ?? []) {
      await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.identity_unbind', targetKind: 'operator', targetId: identity.operatorId, before: { issuer: identity.issuer, subject: identity.subject }, after: null });
    }
    return result;
  });
}
