/**
 * Per-operator rate limits of the studio API (`x-rate-limit-groups`, `x-rate-limit-group`): past
 * its group's limit an operator gets 429 `rate_limited` with Retry-After and the RateLimit
 * headers, other operators and other groups are unaffected, and the window's end lets the
 * operator through again. Limits are lowered through an injected contract, so no test sends
 * hundreds of requests.
 */
import { describe, expect, it } from 'vitest';
import { loadStudioContract, type StudioContract } from '../../server/contract/studio.js';
import { serverEngines, startServer } from '../helpers/server.js';
import { operatorSession, studio } from '../helpers/studio.js';

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

/** The bundled contract with every operator group limited to `limit` (sign-in limits raised, so tests sign in freely). */
function lowered(limit: number): StudioContract {
  const contract = loadStudioContract();
  const groups = new Map([...contract.groups].map(([name, group]) => [name, { ...group, limit }]));
  const generous = { limit: 10_000, windowMs: 60_000, failMode: 'open' as const };
  return { ...contract, groups, signInLimits: { perAddress: generous, failuresPerAccountAndAddress: generous, failuresPerAddress: generous } };
}

/** A path of the operation with each path parameter filled (the limit counts before anything is validated). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

describe.each(serverEngines())('studio per-operator rate limits (%s)', (_name, engine) => {
  it('refuses an operator past its group limit with 429 and the RateLimit headers, spares other operators and groups, and lets it through after the window', async () => {
    const contract = lowered(2);
    const server = await startServer({ ...engine, studioContract: contract });
    const reads = contract.groups.get('Reads')!;
    const [busy, other] = [await operatorSession(server, 'owner'), await operatorSession(server, 'owner')];

    for (let i = 0; i < 2; i++) {
      const ok = await studio(server, busy, 'GET', '/api/studio/partners');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toMatch(/^"[^"]+"; ?q=2; ?w=60/);
      expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`r=${1 - i}`));
    }
    const limited = await studio(server, busy, 'GET', '/api/studio/partners');
    expect([limited.status, await code(limited)]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/r=0/);
    expect(limited.headers.get('ratelimit-policy')).toMatch(/q=2/);
    // The session check has a group of its own: the console still loads while its reads are used up.
    expect((await studio(server, busy, 'GET', '/api/studio/session')).status).toBe(200);

    expect((await studio(server, other, 'GET', '/api/studio/partners')).status).toBe(200);
    expect((await studio(server, busy, 'POST', '/api/studio/partners', { name: 'Still Allowed' })).status).toBe(201);

    await server.advance(reads.windowMs);
    expect((await studio(server, busy, 'GET', '/api/studio/partners')).status).toBe(200);
  });

});

describe('studio per-operator rate limits', () => {
  // Every limited operation of the contract, so each documented (operation, 429) pair is produced.
  const limitedOperations = loadStudioContract().operations.filter((op) => op.group !== '');
  it.each(limitedOperations.map((op) => [op.operationId, op.group, op] as const))('limits %s by its group (%s)', async (_id, _group, op) => {
    const server = await startServer({ studioContract: lowered(1) });
    const operator = await operatorSession(server, 'owner');
    const body = op.hasRequestBody ? {} : undefined;
    // The first request lacks the CSRF token, so a change is refused (403) yet counted, and signing out signs no one out.
    await studio(server, operator, op.method, concrete(op.path), body, { headers: { 'X-CSRF-Token': undefined } });
    const res = await studio(server, operator, op.method, concrete(op.path), body);
    expect([res.status, await code(res)]).toEqual([429, 'rate_limited']);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it.each([
    ['GET', '/api/studio/session'],
    ['DELETE', '/api/studio/session'],
    ['GET', '/api/studio/session/oidc'],
  ])('refuses %s %s with an unknown query parameter (400)', async (method, path) => {
    const server = await startServer();
    const operator = await operatorSession(server, 'viewer');
    const res = await studio(server, operator, method, `${path}?unexpected=1`);
    expect([res.status, await code(res)]).toEqual([400, 'validation_failed']);
  });
});
