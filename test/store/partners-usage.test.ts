/** Store contract: partners, grants and entitlements, usage counters, settings, lifecycle. */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError, StoreUnavailableError, type Store, type UsageIncrement } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { expectContractShape, pid, series, sid, T0, T1, T2 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const B = pid('b');

const inc = (over: Partial<UsageIncrement>): UsageIncrement => ({
  partnerId: A, day: '2026-11-20', operation: 'getCatalog', seriesId: null,
  requests: 1, streamResolutions: 0, errors: 0, rateLimited: 0, ...over,
});

describe.each(ENGINES)('Store partners, usage, settings (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  describe('partners', () => {
    it('creates, finds by id and api key, and lists partners', async () => {
      const created = await store.createPartner({ id: B, name: 'Beta', apiKey: 'key-b', secretHash: 'hash-b', now: T0 });
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'hash-a', now: T1 });
      expect(created).toEqual({ id: B, name: 'Beta', apiKey: 'key-b', secretHash: 'hash-b', credentialVersion: 1, disabled: false, createdAt: T0, updatedAt: T0,
        secretCreatedAt: T0, secretLastUsedAt: null, previousSecret: null,
      });
      expect(await store.getPartner(B)).toEqual(created);
      expect(await store.getPartnerByApiKey('key-b')).toEqual(created);
      expect(await store.getPartnerByApiKey('nope')).toBeUndefined();
      expect(await store.getPartner(pid('z'))).toBeUndefined();
      expect((await store.listPartners()).map((p) => p.id)).toEqual([A, B]);
      await expect(store.createPartner({ id: pid('c'), name: 'Dup', apiKey: 'key-a', secretHash: 'h', now: T0 })).rejects.toThrow();
    });

    it('creates a first partner only while there is none, one of concurrent callers winning', async () => {
      const first = (n: number) => store.createFirstPartner({ id: pid(`f${n}`), name: `First ${n}`, apiKey: `key-f${n}`, secretHash: 'h', now: T0 });
      const created = (await Promise.all([1, 2, 3, 4].map(first))).filter(Boolean);
      expect(created).toHaveLength(1);
      expect(await store.listPartners()).toEqual(created);
      expect(await first(5)).toBeUndefined();
    });

    it('rotates the secret and increments the credential version atomically', async () => {
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'old', now: T0 });
      expect(await store.rotateSecret(A, 'new', T1)).toMatchObject({ secretHash: 'new', credentialVersion: 2, updatedAt: T1, createdAt: T0 });
      await Promise.all([1, 2, 3, 4].map((n) => store.rotateSecret(A, `h${n}`, T2)));
      expect((await store.getPartner(A))?.credentialVersion).toBe(6);
      expect(await store.rotateSecret(pid('z'), 'x', T1)).toBeUndefined();
    });

    it('reads a partner with the content version, which every import and grant change replaces by a new value', async () => {
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'old', now: T0 });
      const first = await store.readPartnerState(A);
      expect(first.partner).toEqual(await store.getPartner(A));
      expect(await store.readPartnerState(pid('z'))).toEqual({ partner: undefined, contentVersion: first.contentVersion });
      await store.importCatalog([series(sid(1))], T1);
      const afterImport = (await store.readPartnerState(A)).contentVersion;
      await store.setGrants(A, sid(1), ['read'], T2);
      const afterGrant = (await store.readPartnerState(A)).contentVersion;
      expect(new Set([first.contentVersion, afterImport, afterGrant]).size).toBe(3);
      // Read right after a write, in the same turn: the state is the new one.
      await store.rotateSecret(A, 'new', T2);
      expect((await store.readPartnerState(A)).partner?.credentialVersion).toBe(2);
      await store.setPartnerDisabled(A, true, T2);
      expect((await store.getPartner(A))?.disabled).toBe(true);
    });

    it('disables and re-enables a partner', async () => {
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'h', now: T0 });
      expect(await store.setPartnerDisabled(A, true, T1)).toMatchObject({ disabled: true, updatedAt: T1 });
      expect((await store.getPartnerByApiKey('key-a'))?.disabled).toBe(true);
      expect(await store.setPartnerDisabled(A, false, T2)).toMatchObject({ disabled: false });
      expect(await store.setPartnerDisabled(pid('z'), true, T1)).toBeUndefined();
    });
  });

  describe('grants and entitlements', () => {
    beforeEach(async () => {
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'h', now: T0 });
      await store.createPartner({ id: B, name: 'Beta', apiKey: 'key-b', secretHash: 'h', now: T0 });
      await store.importCatalog([3, 1, 2].map((n) => series(sid(n), { title: `Title ${n}` })), T0);
    });

    it('replaces grants, returns them in the order read, stream, and deletes on []', async () => {
      expect(await store.getGrants(A, sid(1))).toEqual([]);
      await store.setGrants(A, sid(1), ['stream', 'read'], T0);
      expect(await store.getGrants(A, sid(1))).toEqual(['read', 'stream']);
      await store.setGrants(A, sid(1), ['stream'], T1);
      expect(await store.getGrants(A, sid(1))).toEqual(['stream']);
      expect(await store.getGrants(B, sid(1))).toEqual([]);
      await store.setGrants(A, sid(1), [], T2);
      expect(await store.getGrants(A, sid(1))).toEqual([]);
      expect((await store.listEntitlements(A, { limit: 10 })).items).toEqual([]);
    });

    it('lists entitlements by series id with titles, paging, keeping updated_at when grants do not change', async () => {
      for (const n of [3, 1, 2]) await store.setGrants(A, sid(n), n === 2 ? ['read'] : ['read', 'stream'], T0);
      await store.setGrants(B, sid(1), ['read'], T0);
      await store.setGrants(A, sid(1), ['read', 'stream'], T1); // same grants: not a change
      await store.setGrants(A, sid(3), ['read'], T2);
      const first = await store.listEntitlements(A, { limit: 2 });
      expect(first.items).toEqual([
        { seriesId: sid(1), seriesTitle: 'Title 1', grants: ['read', 'stream'], updatedAt: T0 },
        { seriesId: sid(2), seriesTitle: 'Title 2', grants: ['read'], updatedAt: T0 },
      ]);
      const second = await store.listEntitlements(A, { limit: 2, cursor: first.nextCursor! });
      expect(second).toEqual({ items: [{ seriesId: sid(3), seriesTitle: 'Title 3', grants: ['read'], updatedAt: T2 }], nextCursor: null });
      await expect(store.listEntitlements(B, { limit: 2, cursor: first.nextCursor! })).rejects.toBeInstanceOf(InvalidCursorError);
    });
  });

  describe('usage', () => {
    beforeEach(async () => {
      await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'h', now: T0 });
      await store.createPartner({ id: B, name: 'Beta', apiKey: 'key-b', secretHash: 'h', now: T0 });
      await store.addUsage([
        inc({ requests: 2, errors: 1 }),
        inc({ requests: 3 }), // same key in one call: summed
        inc({ day: '2026-11-21', operation: 'resolveStream', seriesId: sid(1), requests: 4, streamResolutions: 4 }),
        inc({ day: '2026-11-21', operation: 'getSeries', seriesId: sid(2), requests: 1, rateLimited: 1 }),
        inc({ day: '2026-11-22', operation: 'getSeries', seriesId: sid(1), requests: 5 }),
        inc({ day: '2026-12-01', requests: 100 }), // outside the queried range
        inc({ partnerId: B, requests: 1000 }),
      ]);
      await store.addUsage([inc({ day: '2026-11-22', operation: 'getSeries', seriesId: sid(1), requests: 5, errors: 2 })]); // summed into the row
    });
    const query = (groupBy: 'day' | 'operation' | 'series', limit = 10, cursor?: string) =>
      store.queryUsage({ partnerId: A, from: '2026-11-20', to: '2026-11-30', groupBy, limit, cursor });
    const totals = { requests: 20, stream_resolutions: 4, errors: 3, rate_limited: 1 };

    it('groups by day, summing increments, only for the partner and the range', async () => {
      expect(await query('day')).toEqual({
        totals,
        items: [
          { key: '2026-11-20', requests: 5, stream_resolutions: 0, errors: 1, rate_limited: 0 },
          { key: '2026-11-21', requests: 5, stream_resolutions: 4, errors: 0, rate_limited: 1 },
          { key: '2026-11-22', requests: 10, stream_resolutions: 0, errors: 2, rate_limited: 0 },
        ],
        nextCursor: null,
      });
    });

    it('groups by operation, and by series leaving out requests about no series', async () => {
      const byOperation = await query('operation');
      expect(byOperation.items.map((r) => [r.key, r.requests])).toEqual([['getCatalog', 5], ['getSeries', 11], ['resolveStream', 4]]);
      const bySeries = await query('series');
      for (const page of [byOperation, bySeries]) {
        expectContractShape('UsageReport', { from: '2026-11-20', to: '2026-11-30', group_by: 'series', totals: page.totals, items: page.items, next_cursor: page.nextCursor });
      }
      expect(bySeries.items.map((r) => [r.key, r.requests])).toEqual([[sid(1), 14], [sid(2), 1]]);
      expect(bySeries.totals).toEqual(totals);
    });

    it("applies each writer's batch once: a batch written again is skipped, the writer's next one and other writers' applied", async () => {
      const batch = (writer: string, sequence: number) => ({ writer, sequence, now: T1 });
      const getCatalog = async () => (await query('operation')).items.find((r) => r.key === 'getCatalog')?.requests;
      expect(await getCatalog()).toBe(5);
      expect(await store.addUsage([inc({ requests: 2 })], batch('w1', 1))).toBe(true);
      expect(await store.addUsage([inc({ requests: 2 })], batch('w1', 1))).toBe(false);
      expect(await store.addUsage([inc({ requests: 3 })], batch('w1', 2))).toBe(true);
      expect(await store.addUsage([inc({ requests: 3 })], batch('w1', 2))).toBe(false);
      expect(await store.addUsage([inc({ requests: 7 })], batch('w2', 1))).toBe(true);
      expect(await getCatalog()).toBe(5 + 2 + 3 + 7);
    });

    it('pages rows with a cursor bound to the query and isolates partners', async () => {
      const first = await query('day', 2);
      expect(first.items.map((r) => r.key)).toEqual(['2026-11-20', '2026-11-21']);
      const second = await query('day', 2, first.nextCursor!);
      expect(second.items.map((r) => r.key)).toEqual(['2026-11-22']);
      expect(second.nextCursor).toBeNull();
      expect(second.totals).toEqual(totals);
      await expect(query('operation', 2, first.nextCursor!)).rejects.toBeInstanceOf(InvalidCursorError);
      const b = await store.queryUsage({ partnerId: B, from: '2026-11-20', to: '2026-11-30', groupBy: 'day', limit: 10 });
      expect(b.items).toEqual([{ key: '2026-11-20', requests: 1000, stream_resolutions: 0, errors: 0, rate_limited: 0 }]);
      const none = await store.queryUsage({ partnerId: A, from: '2025-01-01', to: '2025-01-31', groupBy: 'day', limit: 10 });
      expect(none).toEqual({ items: [], nextCursor: null, totals: { requests: 0, stream_resolutions: 0, errors: 0, rate_limited: 0 } });
    });
  });

  describe('settings and lifecycle', () => {
    it('stores a setting only when absent and returns the stored value', async () => {
      expect(await store.getSetting('signing-key')).toBeUndefined();
      expect(await store.setSettingIfAbsent('signing-key', 'first')).toBe('first');
      expect(await store.setSettingIfAbsent('signing-key', 'second')).toBe('first');
      expect(await store.getSetting('signing-key')).toBe('first');
    });

    it('pings, migrates again harmlessly, and reports a closed store as unavailable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      await store.migrate();
      await store.close();
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      store = await open(); // afterEach closes this one
    });
  });
});
