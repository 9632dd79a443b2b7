/**
 * The studio's listings at scale on both engines: 10,000 partners and their audit entries read
 * through cursor pages of at most 100 (never one unbounded list), each item once, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MAX_PAGE, type Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { series, sid, T0, T1 } from './fixtures.js';

afterAll(removeTmpDbs);

const PARTNERS = 10_000;
const idOf = (i: number) => `ptn_${i.toString(36).padStart(10, '0')}`;

/** Every item of a listing, following cursors; fails past maxPages. */
async function drain<T>(read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>, maxPages: number): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages >= maxPages) throw new Error('more pages than expected');
    const page = await read(cursor);
    all.push(...page.items);
    if (page.nextCursor === null) return all;
    cursor = page.nextCursor;
  }
}

describe.each(ENGINES)('studio reads at scale (%s)', (_name, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
    await store.importCatalog([series(sid(1))], T0);
    // In transactions of 500: one studio change is small and bounded by the operation timeout.
    for (let from = 0; from < PARTNERS; from += 500) {
      await store.transact(async (tx) => {
        for (let i = from; i < from + 500; i++) {
          const id = idOf(i);
          await tx.createPartner({ id, name: `Partner ${i}`, apiKey: `pk_${i}`, secretHash: 'h', now: T0 });
          if (i % 10 === 0) {
            await tx.setPartnerDisabled(id, true, T1);
            await tx.setGrants(id, sid(1), ['read'], T1);
            await tx.appendAudit({ at: T1, kind: 'change', address: null, actor: 'cli:scale', actorEmail: null, action: 'grants.set', targetKind: 'series', targetId: sid(1), partnerId: id, before: null, after: { grants: ['read'] } });
          }
        }
      });
    }
  }, 120_000);
  afterAll(async () => {
    await store.close();
  });

  it('pages through every partner by id, and through the disabled ones', async () => {
    const all = await drain((cursor) => store.listPartnersPage({ limit: 100, cursor }), 101);
    expect(all).toHaveLength(PARTNERS);
    expect(all.map((p) => p.id)).toEqual(Array.from({ length: PARTNERS }, (_, i) => idOf(i)).sort());
    const disabled = await drain((cursor) => store.listPartnersPage({ limit: 100, status: 'disabled', cursor }), 11);
    expect(disabled).toHaveLength(PARTNERS / 10);
    expect(disabled.every((p) => p.disabled)).toBe(true);
    expect((await store.listPartnersPage({ limit: 100, q: 'partner 9999' })).items.map((p) => p.id)).toEqual([idOf(9999)]);
  });

  it("pages through a series' partners and the audit trail of a filter", async () => {
    const holders = await drain((cursor) => store.listSeriesGrants(sid(1), { limit: 100, cursor }), 11);
    expect(holders).toHaveLength(PARTNERS / 10);
    expect(new Set(holders.map((h) => h.partnerId)).size).toBe(PARTNERS / 10);
    const entries = await drain((cursor) => store.listAudit({ limit: 100, actor: 'cli:scale', cursor }), 11);
    expect(entries).toHaveLength(PARTNERS / 10);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    expect((await store.listAudit({ limit: 100, partnerId: idOf(20) })).items).toHaveLength(1);
  });

  it('refuses a page larger than 100 on every studio listing, and larger than its own read (the CSV export\'s) on the audit trail', async () => {
    const big = { limit: 101 };
    await expect(store.listPartnersPage(big)).rejects.toThrow(RangeError);
    await expect(store.listSeriesGrants(sid(1), big)).rejects.toThrow(RangeError);
    await expect(store.listAudit({ limit: AUDIT_MAX_PAGE + 1 })).rejects.toThrow(RangeError);
    await expect(store.usageByPartner({ ...big, from: '2026-11-01', to: '2026-11-02', rankBy: 'requests' })).rejects.toThrow(RangeError);
  });
});
