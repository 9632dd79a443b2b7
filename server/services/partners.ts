/**
 * Partner changes, shared by the admin CLI and the studio API: each writes the partner and its
 * audit entry in one transaction. Secrets are returned once and never stored or recorded; a
 * regeneration bumps the credential version, so every token issued before stops verifying on the
 * partner's very next request, on every instance (the partner state is read on every request).
 */
import { createHash } from 'node:crypto';
import { generateApiSecret, hashSecret } from '../auth/secrets.js';
import { freshCredentials } from './partner-credentials.js';
import type { Page, PartnerListQuery, PartnerReads, PartnerRecord, StudioQueries, Transactions } from '../store/index.js';
import { record, type AuditFields } from './audit.js';
import type { ServiceContext } from './context.js';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.js';

const MAX_NAME_LENGTH = 200;

export interface PartnerWithSecret {
  partner: PartnerRecord;
  /** Shown once to the caller; only its hash is stored. */
  apiSecret: string;
}

/** What the audit trail keeps of a partner: never its secret hash. */
function audited(p: PartnerRecord): AuditFields {
  return { name: p.name, api_key: p.apiKey, disabled: p.disabled, credential_version: p.credentialVersion };
}

/** A partner's display name: trimmed, 1 to 200 characters, no control characters; InvalidInputError otherwise. */
export function checkPartnerName(value: string): string {
  const name = value.trim();
  // Control characters would garble the dashboard and terminal output the name later appears in.
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new InvalidInputError(`expected 1 to ${MAX_NAME_LENGTH} printable characters`, 'name');
  }
  return name;
}

/** Creates an enabled partner with fresh credentials; the secret is in the result only. */
export async function createPartner(ctx: ServiceContext<Transactions>, name: string): Promise<PartnerWithSecret> {
  const created = await createPartnerOnce(ctx, name, undefined);
  if (!('apiSecret' in created)) throw new Error('a creation without a key cannot be a replay');
  return created;
}

/** How long an Idempotency-Key is remembered (as Stripe's). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * Creates a partner once per Idempotency-Key (per actor, for IDEMPOTENCY_KEY_HOURS): the same key
 * again answers the partner it created, without its secret (only its hash is stored), and with
 * another name it is refused (ConflictError). No key: every call creates a partner.
 */
export async function createPartnerOnce(ctx: ServiceContext<Transactions>, name: string, key: string | undefined): Promise<PartnerWithSecret | { partner: PartnerRecord; replayed: true }> {
  const checked = checkPartnerName(name);
  const { input, apiSecret } = await freshCredentials(checked, ctx.now);
  const scope = `createPartner:${ctx.actor.kind === 'operator' ? ctx.actor.id : `cli:${ctx.actor.user}`}`;
  const fingerprint = createHash('sha256').update(checked).digest('base64url');
  const notBefore = new Date(Date.parse(ctx.now) - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString();
  const attempt = () =>
    ctx.store.transact(async (tx): Promise<PartnerWithSecret | { partner: PartnerRecord; replayed: true }> => {
      const seen = key === undefined ? undefined : await tx.findIdempotencyKey(scope, key, notBefore);
      if (seen) {
        if (seen.fingerprint !== fingerprint) throw new ConflictError('This Idempotency-Key was used for another partner; use a new key for a new partner.');
        const partner = await tx.getPartner(seen.resultId);
        if (!partner) throw new NotFoundError('partner', [seen.resultId]);
        return { partner, replayed: true };
      }
      const created = await tx.createPartner(input);
      await record(tx, ctx.actor, ctx.now, { action: 'partner.create', targetKind: 'partner', targetId: created.id, before: null, after: audited(created) });
      if (key !== undefined && !(await tx.saveIdempotencyKey({ scope, key, fingerprint, resultId: created.id, createdAt: ctx.now }, notBefore))) throw new Raced();
      return { partner: created, apiSecret };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof Raced)) throw error;
  }
  // Another request with the key committed between this one's read and write: its partner is the one (this transaction rolled back).
  try {
    return await attempt();
  } catch (error) {
    throw error instanceof Raced ? new ConflictError('A request with this Idempotency-Key is still being answered; try again.') : error;
  }
}

/** Thrown to roll a creation back when its key was recorded by another transaction first. */
class Raced extends Error {}

/** Renames a partner; NotFoundError when unknown. An unchanged name writes nothing. */
export async function renamePartner(ctx: ServiceContext<Transactions>, id: string, name: string): Promise<PartnerRecord> {
  const checked = checkPartnerName(name);
  return ctx.store.transact(async (tx) => {
    const before = await tx.getPartner(id);
    if (!before) throw new NotFoundError('partner', [id]);
    if (before.name === checked) return before;
    const after = (await tx.renamePartner(id, checked, ctx.now))!;
    await record(tx, ctx.actor, ctx.now, { action: 'partner.rename', targetKind: 'partner', targetId: id, before: { name: before.name }, after: { name: after.name } });
    return after;
  });
}

/** Disables or enables a partner (a disabled partner's credentials and tokens are refused); NotFoundError when unknown. */
export async function setPartnerDisabled(ctx: ServiceContext<Transactions>, id: string, disabled: boolean): Promise<PartnerRecord> {
  return ctx.store.transact(async (tx) => {
    const before = await tx.getPartner(id);
    if (!before) throw new NotFoundError('partner', [id]);
    const after = (await tx.setPartnerDisabled(id, disabled, ctx.now))!;
    if (before.disabled !== disabled) {
      const action = disabled ? 'partner.disable' : 'partner.enable';
      await record(tx, ctx.actor, ctx.now, { action, targetKind: 'partner', targetId: id, before: { disabled: before.disabled }, after: { disabled } });
    }
    return after;
  });
}

/** Replaces the secret: the old one (and a roll's previous one) and every token issued with them stop working at once. NotFoundError when unknown. */
export async function regenerateSecret(ctx: ServiceContext<Transactions>, id: string): Promise<PartnerWithSecret> {
  const apiSecret = generateApiSecret();
  const secretHash = await hashSecret(apiSecret);
  const partner = await ctx.store.transact(async (tx) => {
    const before = await tx.getPartner(id);
    if (!before) throw new NotFoundError('partner', [id]);
    const after = (await tx.rotateSecret(id, secretHash, ctx.now))!;
    await record(tx, ctx.actor, ctx.now, {
      action: 'partner.regenerate_secret',
      targetKind: 'partner',
      targetId: id,
      before: { credential_version: before.credentialVersion },
      after: { credential_version: after.credentialVersion },
    });
    return after;
  });
  return { partner, apiSecret };
}

/**
 * Rolls the secret: a new one (in the result only) is current at once, and the old one, with the
 * tokens issued from it, keeps working until expiresInHours from now (the contract bounds it).
 * 'roll_in_progress' while an earlier roll's old secret is still valid; NotFoundError when unknown.
 */
export async function rollSecret(ctx: ServiceContext<Transactions>, id: string, expiresInHours: number): Promise<PartnerWithSecret | 'roll_in_progress'> {
  const apiSecret = generateApiSecret();
  const secretHash = await hashSecret(apiSecret);
  const expiresAt = new Date(Date.parse(ctx.now) + expiresInHours * 3_600_000).toISOString();
  const partner = await ctx.store.transact(async (tx) => {
    const before = await tx.getPartner(id);
    if (!before) throw new NotFoundError('partner', [id]);
    const after = await tx.rollSecret(id, secretHash, expiresAt, ctx.now);
    if (!after) return undefined;
    await record(tx, ctx.actor, ctx.now, {
      action: 'partner.roll_secret',
      targetKind: 'partner',
      targetId: id,
      before: { credential_version: before.credentialVersion },
      after: { credential_version: after.credentialVersion, old_credential_expires_at: expiresAt },
    });
    return after;
  });
  return partner ? { partner, apiSecret } : 'roll_in_progress';
}

/** The partner, or NotFoundError. */
export async function getPartner(ctx: Pick<ServiceContext<PartnerReads>, 'store'>, id: string): Promise<PartnerRecord> {
  const partner = await ctx.store.getPartner(id);
  if (!partner) throw new NotFoundError('partner', [id]);
  return partner;
}

/** One page of partners in the query's sort, filtered by a search term (name substring, exact id or API key) and status, with how many match. */
export async function listPartners(ctx: Pick<ServiceContext<StudioQueries>, 'store'>, query: PartnerListQuery): Promise<Page<PartnerRecord & { lastActiveOn: string | null }> & { total: number }> {
  return ctx.store.listPartnersPage(query);
}
