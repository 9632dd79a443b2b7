/**
 * Store contract: OpenID Connect sign-ins in progress are taken once, however many callers race
 * for one (a replayed callback on another instance), and expired ones are swept by the next start;
 * an operator is bound to one provider account per issuer, and an account to one operator.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorIdentity, PendingSignIn, Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';
import { T0, T1, T2 } from './fixtures.js';

afterAll(removeTmpDbs);

const pending = (idHash: string, expiresAt: string): PendingSignIn => ({ idHash, state: `state-${idHash}`, nonce: `nonce-${idHash}`, verifier: `verifier-${idHash}`, createdAt: T0, expiresAt });
const ISS = 'https://id.halcyon-studios.example';

describe.each(ENGINES)('Store OpenID Connect sign-ins (%s)', (_name, open) => {
  let store: Store;
  let operatorIds: string[];
  beforeEach(async () => {
    store = await open();
    operatorIds = [];
    for (const email of ['maya@halcyon-studios.example', 'omar@halcyon-studios.example']) {
      const created = await store.transact((tx) => tx.createOperator({ id: `op_${email.slice(0, 4)}000000`, email, role: 'editor', passwordHash: null, now: T0 }));
      operatorIds.push(created!.id);
    }
  });
  afterEach(async () => {
    await store.close();
  });

  it('gives a sign-in in progress to exactly one of many callers taking it at once', async () => {
    await store.savePendingSignIn(pending('h1', T2), T0);
    const taken = await Promise.all(Array.from({ length: 8 }, () => store.takePendingSignIn('h1')));
    expect(taken.filter(Boolean)).toEqual([pending('h1', T2)]);
    expect(await store.takePendingSignIn('h1')).toBeUndefined();
    expect(await store.takePendingSignIn('never-started')).toBeUndefined();
  });

  it('removes the sign-ins that expired when the next one starts, and keeps the rest', async () => {
    await store.savePendingSignIn(pending('old', T1), T0);
    await store.savePendingSignIn(pending('live', T2), T0);
    await store.savePendingSignIn(pending('new', T2), T1);
    expect(await store.takePendingSignIn('old')).toBeUndefined();
    expect(await store.takePendingSignIn('live')).toEqual(pending('live', T2));
  });

  const bind = (identity: OperatorIdentity) => store.transact((tx) => tx.bindIdentity(identity));

  it('binds an operator to one account per issuer, and an account to one operator, until unbound', async () => {
    const [maya, omar] = operatorIds as [string, string];
    const binding = { issuer: ISS, subject: 'sub-1', operatorId: maya, email: 'maya@halcyon-studios.example', createdAt: T1 };
    expect(await bind(binding)).toEqual({ binding, created: true });
    // Binding again changes nothing and answers the same binding.
    expect(await bind({ ...binding, createdAt: T2 })).toEqual({ binding, created: false });
    expect((await store.getOperatorByIdentity(ISS, 'sub-1'))?.id).toBe(maya);
    // Another account of the same issuer for the same operator: the first binding stands.
    expect(await bind({ ...binding, subject: 'sub-2' })).toEqual({ binding, created: false });
    expect(await store.getOperatorByIdentity(ISS, 'sub-2')).toBeUndefined();
    // The same account for another operator: not bound.
    expect(await bind({ ...binding, operatorId: omar })).toEqual({ binding: undefined, created: false });
    // Another issuer is another account.
    expect((await bind({ ...binding, issuer: 'https://other-idp.example' })).created).toBe(true);
    const unbound = await store.transact((tx) => tx.unbindIdentities('maya@halcyon-studios.example'));
    expect([unbound?.operator.id, unbound?.removed.map((r) => r.issuer).sort()]).toEqual([maya, ['https://other-idp.example', ISS].sort()]);
    expect(await store.getOperatorByIdentity(ISS, 'sub-1')).toBeUndefined();
    expect(await bind({ ...binding, subject: 'sub-2' })).toEqual({ binding: { ...binding, subject: 'sub-2' }, created: true });
    expect(await store.transact((tx) => tx.unbindIdentities('nobody@halcyon-studios.example'))).toBeUndefined();
  });

  it('binds one of several accounts racing for the same operator', async () => {
    const [maya] = operatorIds as [string];
    const results = await Promise.all(['sub-a', 'sub-b', 'sub-c'].map((subject) => bind({ issuer: ISS, subject, operatorId: maya, email: 'maya@halcyon-studios.example', createdAt: T1 })));
    const winner = results[0]!.binding!.subject;
    expect(results.map((r) => [r.binding?.subject, r.created]).filter(([, created]) => created)).toEqual([[winner, true]]);
    expect(results.map((r) => r.binding?.subject)).toEqual([winner, winner, winner]);
    for (const subject of ['sub-a', 'sub-b', 'sub-c']) expect([subject, (await store.getOperatorByIdentity(ISS, subject))?.id]).toEqual([subject, subject === winner ? maya : undefined]);
  });
});
