/** The service layer on both engines: partner and grant changes, each with its audit entry in the same transaction, never a secret. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySecret } from '../../server/auth/secrets.js';
import { InvalidInputError, NotFoundError, cliActor, grants, partners, type Actor, type ServiceContext } from '../../server/services/index.js';
import type { Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from '../store/engines.js';
import { series, sid, T0, T1 } from '../store/fixtures.js';

afterAll(removeTmpDbs);

const operator: Actor = { kind: 'operator', id: 'opr_0000000001', email: 'ada@studio.example' };

/** Every audit entry, oldest first. */
async function trail(store: Store) {
  return (await store.listAudit({ limit: 100 })).items.reverse();
}

describe.each(ENGINES)('services: partners and grants (%s)', (_name, open) => {
  let store: Store;
  let ctx: ServiceContext;
  beforeEach(async () => {
    store = await open();
    ctx = { store, actor: operator, now: T0 };
    await store.importCatalog([series(sid(1)), series(sid(2)), series(sid(3))], T0);
  });
  afterEach(async () => {
    await store.close();
  });

  it('creates, renames, disables, enables and regenerates, recording each change with actor, time, before and after', async () => {
    const { partner, apiSecret } = await partners.createPartner(ctx, '  Northwind ');
    expect(partner).toMatchObject({ name: 'Northwind', disabled: false, credentialVersion: 1 });
    expect(await verifySecret(apiSecret, partner.secretHash)).toBe(true);
    const later = { ...ctx, now: T1, actor: cliActor('alice') };
    expect((await partners.renamePartner(later, partner.id, 'Northwind Ltd')).name).toBe('Northwind Ltd');
    expect((await partners.setPartnerDisabled(later, partner.id, true)).disabled).toBe(true);
    expect((await partners.setPartnerDisabled(later, partner.id, false)).disabled).toBe(false);
    const regenerated = await partners.regenerateSecret(later, partner.id);
    expect(regenerated.partner.credentialVersion).toBe(2);
    const stored = (await store.getPartner(partner.id))!;
    expect(await verifySecret(apiSecret, stored.secretHash)).toBe(false);
    expect(await verifySecret(regenerated.apiSecret, stored.secretHash)).toBe(true);

    const entries = await trail(store);
    expect(entries.map((e) => [e.action, e.actor, e.at])).toEqual([
      ['partner.create', 'operator:opr_0000000001', T0],
      ['partner.rename', 'cli:alice', T1],
      ['partner.disable', 'cli:alice', T1],
      ['partner.enable', 'cli:alice', T1],
      ['partner.regenerate_secret', 'cli:alice', T1],
    ]);
    expect(entries[0]).toMatchObject({ actorEmail: 'ada@studio.example', targetKind: 'partner', targetId: partner.id, partnerId: partner.id, before: null });
    expect(entries[1]).toMatchObject({ actorEmail: null, before: { name: 'Northwind' }, after: { name: 'Northwind Ltd' } });
    expect(entries[4]).toMatchObject({ before: { credential_version: 1 }, after: { credential_version: 2 } });
    const text = JSON.stringify(entries);
    for (const secret of [apiSecret, regenerated.apiSecret, partner.secretHash, stored.secretHash]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/scrypt|sk_/);
  });

  it('writes nothing for an unchanged name or status, an unknown partner or a bad name', async () => {
    const { partner } = await partners.createPartner(ctx, 'Alpha');
    await partners.renamePartner(ctx, partner.id, 'Alpha');
    await partners.setPartnerDisabled(ctx, partner.id, false);
    const unknown = 'ptn_zzzzzzzzzz';
    for (const attempt of [
      () => partners.renamePartner(ctx, unknown, 'X'),
      () => partners.setPartnerDisabled(ctx, unknown, true),
      () => partners.regenerateSecret(ctx, unknown),
      () => partners.getPartner(ctx, unknown),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    }
    for (const bad of ['', '   ', 'a\u0007b', 'x'.repeat(201)]) {
      await expect(partners.createPartner(ctx, bad)).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect((await trail(store)).map((e) => e.action)).toEqual(['partner.create']);
  });

  it('sets grants on many series at once, one entry per changed series, and bumps what partners read', async () => {
    const { partner } = await partners.createPartner(ctx, 'Alpha');
    await grants.setGrants(ctx, partner.id, [{ seriesId: sid(1), grants: ['read'] }]);
    const before = (await store.readPartnerState(partner.id)).contentVersion;
    const changes = await grants.setGrants({ ...ctx, now: T1 }, partner.id, [
      { seriesId: sid(1), grants: ['read'] },
      { seriesId: sid(2), grants: ['stream', 'read'] },
      { seriesId: sid(3), grants: [] },
    ]);
    expect(changes).toEqual([
      { seriesId: sid(1), grants: ['read'], previousGrants: ['read'], changed: false },
      { seriesId: sid(2), grants: ['read', 'stream'], previousGrants: [], changed: true },
      { seriesId: sid(3), grants: [], previousGrants: [], changed: false },
    ]);
    expect((await store.readPartnerState(partner.id)).contentVersion).not.toBe(before);
    const entries = (await trail(store)).filter((e) => e.action === 'grants.set');
    expect(entries.map((e) => [e.targetKind, e.targetId, e.partnerId, e.before, e.after])).toEqual([
      ['series', sid(1), partner.id, { grants: [] }, { grants: ['read'] }],
      ['series', sid(2), partner.id, { grants: [] }, { grants: ['read', 'stream'] }],
    ]);

    expect(await grants.addGrants(ctx, partner.id, sid(1), ['stream'])).toMatchObject({ grants: ['read', 'stream'], changed: true });
    expect(await grants.revokeGrants(ctx, partner.id, sid(1), ['read'])).toMatchObject({ grants: ['stream'], changed: true });
    expect(await grants.revokeGrants(ctx, partner.id, sid(2))).toMatchObject({ grants: [], previousGrants: ['read', 'stream'] });
    expect((await grants.listPartnerGrants(ctx, partner.id, { limit: 10 })).items.map((e) => [e.seriesId, e.grants])).toEqual([[sid(1), ['stream']]]);
    expect((await grants.listSeriesGrants(ctx, sid(1), { limit: 10 })).items).toEqual([{ partnerId: partner.id, partnerName: 'Alpha', grants: ['stream'], updatedAt: T0 }]);
  });

  it('refuses a change naming an unknown partner or series, or a series twice, and writes none of it', async () => {
    const { partner } = await partners.createPartner(ctx, 'Alpha');
    const missing = [sid(8), sid(9)];
    const err = await grants.setGrants(ctx, partner.id, [{ seriesId: sid(1), grants: ['read'] }, ...missing.map((seriesId) => ({ seriesId, grants: ['read' as const] }))]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ kind: 'series', ids: missing });
    await expect(grants.setGrants(ctx, 'ptn_zzzzzzzzzz', [{ seriesId: sid(1), grants: ['read'] }])).rejects.toMatchObject({ kind: 'partner' });
    await expect(grants.setGrants(ctx, partner.id, [{ seriesId: sid(1), grants: ['read'] }, { seriesId: sid(1), grants: [] }])).rejects.toBeInstanceOf(InvalidInputError);
    await expect(grants.listSeriesGrants(ctx, sid(9), { limit: 10 })).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.getGrants(partner.id, sid(1))).toEqual([]);
    expect((await trail(store)).map((e) => e.action)).toEqual(['partner.create']);
  });

  it('rolls back the change and its audit entry together', async () => {
    const { partner } = await partners.createPartner(ctx, 'Alpha');
    await expect(
      store.transact(async (tx) => {
        await tx.setGrants(partner.id, sid(1), ['read'], T1);
        await tx.appendAudit({ at: T1, kind: 'change', address: null, actor: 'cli:x', actorEmail: null, action: 'grants.set', targetKind: 'series', targetId: sid(1), partnerId: partner.id, before: null, after: null });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.getGrants(partner.id, sid(1))).toEqual([]);
    expect(await trail(store)).toHaveLength(1);
  });
});
