/**
 * What operators look after themselves, on both engines, through the store's doors: a TOTP time
 * step and a recovery code accepted once even when two requests race, reset links taken once and
 * only before they expire, a new password ending the other sessions and the open links, and the
 * live sessions listed without the idle, expired or revoked ones.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store/index.js';
import { ENGINES, removeTmpDbs } from './engines.js';

afterAll(removeTmpDbs);

const T0 = '2026-11-20T09:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const ID = 'op_acct000001';

describe.each(ENGINES)('operator accounts (%s)', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
    await store.transact((tx) => tx.createOperator({ id: ID, email: 'acct@halcyon-studios.example', role: 'editor', passwordHash: 'scrypt$old', now: T0 }));
    return () => store.close();
  });

  const session = (n: number, minutes: number, expiresIn = 480) =>
    store.createSession({ idHash: `hash-${n}`, operatorId: ID, csrfToken: `csrf-${n}`, createdAt: at(minutes), expiresAt: at(minutes + expiresIn), address: '203.0.113.7', userAgent: `Browser ${n}` });

  it('accepts a TOTP step and a recovery code once, of two racing requests exactly one', async () => {
    await store.transact(async (tx) => {
      await tx.setTotpPending(ID, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', T0);
      await tx.enableTotp(ID, ['code-a', 'code-b'], 100, T0);
    });
    expect((await store.getOperator(ID))!.totpSecret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await store.useTotpStep(ID, 100)).toBe(false);
    expect((await Promise.all([store.useTotpStep(ID, 101), store.useTotpStep(ID, 101)])).sort()).toEqual([false, true]);
    expect(await store.useTotpStep(ID, 102)).toBe(true);
    expect((await Promise.all([store.useRecoveryCode(ID, 'code-a', T0), store.useRecoveryCode(ID, 'code-a', T0)])).sort()).toEqual([false, true]);
    expect(await store.useRecoveryCode('op_other00001', 'code-b', T0)).toBe(false);
    await store.transact((tx) => tx.disableTotp(ID, T0));
    expect((await store.getOperator(ID))!.totpSecret).toBeNull();
    expect(await store.useRecoveryCode(ID, 'code-b', T0)).toBe(false);
  });

  it('takes a reset link once, only before it expires, and a newer link or a new password ends the older', async () => {
    const link = (hash: string, minutes: number) => store.transact((tx) => tx.createPasswordReset({ tokenHash: hash, operatorId: ID, createdAt: at(minutes), expiresAt: at(minutes + 60) }));
    await link('first', 0);
    await link('second', 1);
    expect(await store.transact((tx) => tx.takePasswordReset('first', at(2)))).toBeUndefined();
    expect(await store.transact((tx) => tx.takePasswordReset('second', at(61)))).toBeUndefined();
    await link('third', 70);
    expect(await store.transact((tx) => tx.takePasswordReset('third', at(129)))).toBe(ID);
    expect(await store.transact((tx) => tx.takePasswordReset('third', at(129)))).toBeUndefined();
    await link('fourth', 130);
    await session(1, 130);
    await session(2, 130);
    await store.transact((tx) => tx.setOperatorPassword(ID, 'scrypt$new', at(131), 'hash-1'));
    expect(await store.transact((tx) => tx.takePasswordReset('fourth', at(132)))).toBeUndefined();
    expect((await store.getOperator(ID))!.passwordHash).toBe('scrypt$new');
    expect((await store.listSessions(ID, at(132), at(100))).map((s) => s.idHash)).toEqual(['hash-1']);
  });

  it('lists the live sessions newest first with their last use, address and browser, and revokes by scope', async () => {
    await session(1, 0);
    await session(2, 10);
    await session(3, 20, 5);
    await session(4, 30);
    await store.touchSession('hash-1', at(40));
    expect((await store.getOperator(ID))!.lastSignInAt).toBe(at(30));
    // At 45 minutes, idle after 30: session 2 (last seen at 10) is idle, 3 has expired.
    const live = await store.listSessions(ID, at(45), at(15));
    expect(live.map((s) => [s.idHash, s.lastSeenAt, s.address, s.userAgent])).toEqual([
      ['hash-4', at(30), '203.0.113.7', 'Browser 4'],
      ['hash-1', at(40), '203.0.113.7', 'Browser 1'],
    ]);
    expect(await store.revokeSessions(ID, at(46), { only: 'hash-4' })).toBe(1);
    expect(await store.revokeSessions(ID, at(46), { only: 'hash-4' })).toBe(0);
    expect(await store.revokeSessions(ID, at(46), { except: 'hash-1' })).toBe(2);
    expect(await store.revokeSessions(ID, at(46), {})).toBe(1);
    expect(await store.listSessions(ID, at(47), at(0))).toEqual([]);
  });
});
