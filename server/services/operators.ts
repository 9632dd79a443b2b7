/**
 * Operator accounts, shared by the admin CLI (`operator create`) and the studio API (invite,
 * change role, disable): each change and its audit entries commit in one transaction. A local account gets a
 * random initial password (144 bits, shown once) stored as an scrypt hash (memory-hard, built
 * into Node; server/auth/secrets.ts).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { hashSecret } from '../auth/secrets.js';
import type { Role } from '../contract/load.js';
import * as audit from './audit.js';
import type { ServiceContext } from './context.js';
import type { OperatorChange, OperatorChangeRefusal, OperatorRecord, Transactions } from '../store/index.js';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new operator id, `op_` and 10 characters of [0-9a-z]. */
function generateOperatorId(): string {
  let id = 'op_';
  for (let i = 0; i < 10; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export interface NewOperator {
  operator: OperatorRecord;
  /** Shown once; only its hash is stored. */
  initialPassword: string;
}

/** Creates a local operator with a fresh initial password; undefined when the email is taken. */
export async function createOperator(ctx: ServiceContext<Transactions>, email: string, role: Role, action: 'operator.create' | 'operator.invite'): Promise<NewOperator | undefined> {
  const initialPassword = randomBytes(18).toString('base64url');
  const passwordHash = await hashSecret(initialPassword);
  const operator = await ctx.store.transact(async (tx) => {
    const created = await tx.createOperator({ id: generateOperatorId(), email: email.toLowerCase(), role, passwordHash, now: ctx.now });
    if (created) await audit.record(tx, ctx.actor, ctx.now, { action, targetKind: 'operator', targetId: created.id, before: null, after: { email: created.email, role } });
    return created;
  });
  return operator && { operator, initialPassword };
}

/** Changes an operator's role and/or disables or enables it; a refusal names why nothing changed. */
export async function changeOperator(ctx: ServiceContext<Transactions>, id: string, change: OperatorChange): Promise<OperatorRecord | OperatorChangeRefusal> {
  return ctx.store.transact(async (tx) => {
    const result = await tx.updateOperator(id, change, ctx.now);
    if (typeof result === 'string') return result;
    const { before, after } = result;
    if (before.role !== after.role) {
      await audit.record(tx, ctx.actor, ctx.now, { action: 'operator.role', targetKind: 'operator', targetId: id, before: { role: before.role }, after: { role: after.role } });
    }
    if (before.disabled !== after.disabled) {
      const action = after.disabled ? 'operator.disable' : 'operator.enable';
      await audit.record(tx, ctx.actor, ctx.now, { action, targetKind: 'operator', targetId: id, before: { disabled: before.disabled }, after: { disabled: after.disabled } });
    }
    return after;
  });
}
