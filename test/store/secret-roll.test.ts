/**
 * Store contract for secrets that roll: a roll keeps the current secret as the previous one until
 * its expiry at the next credential version, refuses a second roll while the previous secret is
 * still valid, dates each secret's use, and a regeneration ends both at once.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { pid, T0, T1, T2 } from './fixtures.js';

afterAll(removeTmpDbs);

const A = pid('a');
const EXPIRES = '2026-11-02T12:00:00.000Z';

describe.each(ENGINES)('Store secret roll (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
    await store.createPartner({ id: A, name: 'Alpha', apiKey: 'key-a', secretHash: 'hash-1', now: T0 });
  });
  afterEach(async () => {
    await store.close();
  });

  const roll = (hash: string, expiresAt: string, now: string) => store.transact((tx) => tx.rollSecret(A, hash, expiresAt, now));

  it('keeps the rolled secret, its version and its last use as the previous one until the expiry', async () => {
    await store.markSecretUsed(A, 1, T0);
    const rolled = await roll('hash-2', EXPIRES, T1);
    expect(rolled).toMatchObject({ secretHash: 'hash-2', credentialVersion: 2, secretCreatedAt: T1, secretLastUsedAt: null, updatedAt: T1 });
    expect(rolled!.previousSecret).toEqual({ secretHash: 'hash-1', credentialVersion: 1, createdAt: T0, expiresAt: EXPIRES, lastUsedAt: T0 });
    // Each use is dated on the secret it was made with; the partner state every request reads agrees.
    await store.markSecretUsed(A, 1, '2026-11-02T11:00:00.000Z');
    await store.markSecretUsed(A, 2, '2026-11-02T11:30:00.000Z');
    const { partner } = await store.readPartnerState(A);
    expect([partner!.secretLastUsedAt, partner!.previousSecret!.lastUsedAt]).toEqual(['2026-11-02T11:30:00.000Z', '2026-11-02T11:00:00.000Z']);
    expect(await store.getPartnerByApiKey('key-a')).toEqual(partner);
  });

  it('refuses a second roll while the previous secret is valid, and allows it once it has expired', async () => {
    await roll('hash-2', EXPIRES, T1);
    expect(await roll('hash-3', T2, '2026-11-02T11:59:59.000Z')).toBeUndefined();
    expect((await store.getPartner(A))!.secretHash).toBe('hash-2');
    const again = await roll('hash-3', T2, EXPIRES);
    expect(again).toMatchObject({ secretHash: 'hash-3', credentialVersion: 3, previousSecret: { secretHash: 'hash-2', credentialVersion: 2 } });
    expect(await store.transact((tx) => tx.rollSecret(pid('z'), 'h', T2, T1))).toBeUndefined();
  });

  it('ends both secrets at once on regeneration', async () => {
    await roll('hash-2', EXPIRES, T1);
    const regenerated = await store.transact((tx) => tx.rotateSecret(A, 'hash-3', T1));
    expect(regenerated).toMatchObject({ secretHash: 'hash-3', credentialVersion: 3, previousSecret: null, secretCreatedAt: T1 });
    expect((await store.rotateSecret(A, 'hash-4', T2))).toMatchObject({ credentialVersion: 4, previousSecret: null });
  });
});
