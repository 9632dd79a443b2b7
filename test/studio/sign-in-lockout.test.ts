/**
 * The sign-in lockout hurts only the attacker (`x-sign-in-limits`, server/studio-api/sign-in-limits.ts):
 * failed password sign-ins count per account and address together and per address, successes
 * never count, so an address guessing an operator's password 50 times is refused while the operator
 * signs in from another address at once, on one instance or across two sharing PostgreSQL and
 * Redis. The attack is in the audit trail, the log and the metric. Addresses come from
 * X-Forwarded-For behind TRUST_PROXY=loopback.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer, type TestServer } from '../helpers/server.js';
import { createRedisPrefix, reportSkipped, skipReason, TEST_REDIS_URL } from '../helpers/services.js';
import { newOperator, signIn, studio } from '../helpers/studio.js';

const ATTACKER = '203.0.113.7';
const OWNER_ADDRESS = '198.51.100.20';
const code = async (res: Response) => ((await res.json()) as { code: string }).code;

function signInFrom(server: TestServer, address: string, email: string, password: string): Promise<Response> {
  return studio(server, undefined, 'POST', '/api/studio/session', { email, password }, { headers: { 'X-Forwarded-For': address } });
}

interface Entry {
  action: string;
  actor: string;
  address: string | null;
  target_id: string;
  after: Record<string, unknown> | null;
}

async function securityEvents(server: TestServer): Promise<Entry[]> {
  const rows = await server.store.listAudit({ kind: 'security', limit: 100 });
  return rows.items.map((e) => ({ action: e.action, actor: e.actor, address: e.address, target_id: e.targetId, after: e.after as Entry['after'] }));
}

async function counted(server: TestServer, event: string): Promise<number> {
  return (await server.runtime.metrics.securityEvents.get()).values.find((v) => v.labels.event === event)?.value ?? 0;
}

describe.each(serverEngines())('sign-in lockout (%s)', (_name, engine) => {
  // Each failed or successful sign-in hashes a password (scrypt): these tests make about 50 of them.
  it("refuses an address guessing 50 times, never the owner signing in from another address, and records the attack", { timeout: 90_000 }, async () => {
    const server = await startServer({ ...engine, env: { TRUST_PROXY: 'loopback' } });
    const { failuresPerAccountAndAddress: perPair, failuresPerAddress: perAddress } = server.runtime.studioContract.signInLimits;
    const owner = await newOperator(server, 'owner');
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await signInFrom(server, ATTACKER, owner.email, `guess-${i}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await code(res)).toBe('rate_limited');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(perPair.limit).fill(401), ...Array<number>(50 - perPair.limit).fill(429)]);
    // Even the right password is refused from the attacker's address: the pair is locked.
    expect((await signInFrom(server, ATTACKER, owner.email, owner.password)).status).toBe(429);

    // The owner, from another address, signs in at once, even after a typo of their own.
    expect((await signInFrom(server, OWNER_ADDRESS, owner.email, 'a-typo-of-mine')).status).toBe(401);
    expect((await signInFrom(server, OWNER_ADDRESS, owner.email, owner.password)).status).toBe(200);

    const events = await securityEvents(server);
    // Newest first: the pair locked, then (the refused attempts counting too) the address itself.
    const lockouts = events.filter((e) => e.action === 'sign_in.lockout');
    const lockout = { action: 'sign_in.lockout', actor: `address:${ATTACKER}`, address: ATTACKER, target_id: 'unknown' };
    expect(lockouts).toEqual([
      { ...lockout, after: { email: owner.email, limit: 'failures_address', attempts: perAddress.limit } },
      { ...lockout, after: { email: owner.email, limit: 'account_address', attempts: perPair.limit } },
    ]);
    const failures = events.filter((e) => e.action === 'sign_in.failure');
    expect(failures.filter((e) => e.address === ATTACKER)).toHaveLength(perPair.limit);
    expect(failures.every((e) => e.target_id === owner.operatorId)).toBe(true);
    expect(events[0]).toMatchObject({ action: 'sign_in.success', address: OWNER_ADDRESS, actor: `operator:${owner.operatorId}` });
    expect(await counted(server, 'sign_in.lockout')).toBe(2);
    expect(await counted(server, 'sign_in.failure')).toBe(perPair.limit + 1);
    const logLine = server.logs().split('\n').find((l) => l.includes('"security_event":"sign_in.lockout"'));
    expect(logLine).toBeDefined();
    expect(JSON.parse(logLine!)).toMatchObject({ address: ATTACKER, operator_email: owner.email, limit: 'account_address' });
    expect(server.logs()).not.toContain('guess-1');

    // The windows' end lets the attacker's address try again.
    await server.advance(Math.max(perPair.windowMs, perAddress.windowMs));
    expect((await signInFrom(server, ATTACKER, owner.email, 'guess-again')).status).toBe(401);
  });

  it('counts a signed-in session\'s wrong passwords on account changes with the account\'s failed sign-ins', { timeout: 90_000 }, async () => {
    const server = await startServer({ ...engine, env: { TRUST_PROXY: 'loopback' } });
    const { failuresPerAccountAndAddress: perPair } = server.runtime.studioContract.signInLimits;
    const owner = await newOperator(server, 'editor');
    // A session taken over at the attacker's address, guessing the password to change it.
    const stolen = await signIn(server, owner);
    const change = (address: string, current: string) =>
      studio(server, stolen, 'POST', '/api/studio/account/password', { current_password: current, new_password: 'correct horse battery staple 2' }, { headers: { 'X-Forwarded-For': address } });
    const codes: string[] = [];
    for (let i = 0; i <= perPair.limit; i++) codes.push(await code(await change(ATTACKER, `guess-${i}`)));
    expect(codes).toEqual([...Array<string>(perPair.limit).fill('wrong_password'), 'rate_limited']);
    // One budget per account and address: the password sign-in from there is locked too; the owner's own address is not.
    expect((await signInFrom(server, ATTACKER, owner.email, owner.password)).status).toBe(429);
    expect((await signInFrom(server, OWNER_ADDRESS, owner.email, owner.password)).status).toBe(200);
    expect((await change(OWNER_ADDRESS, owner.password)).status).toBe(204);
  });

  it('caps one address\'s failures across accounts, and never counts successful sign-ins', { timeout: 90_000 }, async () => {
    const server = await startServer({ ...engine, env: { TRUST_PROXY: 'loopback' } });
    const { failuresPerAccountAndAddress: perPair, failuresPerAddress: perAddress } = server.runtime.studioContract.signInLimits;
    const busy = await newOperator(server, 'editor');
    // More successful sign-ins from one address than either limit allows failures: all served.
    for (let i = 0; i < perPair.limit + 2; i++) expect((await signInFrom(server, ATTACKER, busy.email, busy.password)).status).toBe(200);

    // Failures spread over accounts, each below the pair's limit, until the address's cap.
    for (let i = 0; i < perAddress.limit; i++) {
      expect((await signInFrom(server, ATTACKER, `victim${i % 5}@halcyon-studios.example`, 'x')).status).toBe(401);
    }
    const capped = await signInFrom(server, ATTACKER, busy.email, busy.password);
    expect([capped.status, await code(capped)]).toEqual([429, 'rate_limited']);
    expect((await securityEvents(server)).find((e) => e.action === 'sign_in.lockout')?.after).toMatchObject({ limit: 'failures_address', attempts: perAddress.limit });
    // Another address is not affected.
    expect((await signInFrom(server, OWNER_ADDRESS, busy.email, busy.password)).status).toBe(200);
  });
});

describe('sign-in lockout across two instances on PostgreSQL and Redis', () => {
  const skipped = skipReason({ postgres: true, redis: true });
  if (skipped) reportSkipped('Sign-in lockout across instances', skipped);
  it.skipIf(skipped !== undefined)('counts the attacker\'s failures on either instance and serves the owner on both', { timeout: 90_000 }, async () => {
    const redis = createRedisPrefix();
    try {
      const env = { TRUST_PROXY: 'loopback', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redis.prefix };
      const a = await startServer({ engine: 'postgres', env });
      const b = await startServer({ env: { ...env, DATABASE_URL: a.dbPath } });
      const { failuresPerAccountAndAddress: perPair } = a.runtime.studioContract.signInLimits;
      const owner = await newOperator(a, 'owner');
      // Half the failures on each instance: the shared count locks the pair on both.
      for (let i = 0; i < perPair.limit; i++) expect((await signInFrom(i % 2 ? a : b, ATTACKER, owner.email, `guess-${i}`)).status).toBe(401);
      expect((await signInFrom(a, ATTACKER, owner.email, 'one-more')).status).toBe(429);
      expect((await signInFrom(b, ATTACKER, owner.email, owner.password)).status).toBe(429);
      expect((await signInFrom(a, OWNER_ADDRESS, owner.email, owner.password)).status).toBe(200);
      expect((await signInFrom(b, OWNER_ADDRESS, owner.email, owner.password)).status).toBe(200);
      // Both instances write one trail.
      expect((await securityEvents(b)).filter((e) => e.action === 'sign_in.failure')).toHaveLength(perPair.limit);
    } finally {
      await redis.clear();
      await redis.close();
    }
  });
});
