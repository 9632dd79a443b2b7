import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { bearer, startServer, type TestServer } from '../helpers/server.js';

// One valid request per bearer operation, about series the test partner holds read and stream on.
const REQUESTS: Record<string, string> = {
  verifyToken: '/api/partner/auth/verify',
  listEntitlements: '/api/partner/content/entitlements',
  getCatalog: '/api/partner/content/catalog',
  listChanges: '/api/partner/content/changes',
  searchCatalog: '/api/partner/content/search?q=light',
  getSeries: '/api/partner/content/series/ser_7hx2k9qmbd',
  listEpisodes: '/api/partner/content/series/ser_7hx2k9qmbd/episodes',
  getEpisode: '/api/partner/content/episodes/ep_4mq8z2xkwt',
  resolveStream: '/api/partner/streaming/episodes/ep_4mq8z2xkwt',
  getUsage: '/api/partner/analytics/usage?from=2026-11-01&to=2026-11-22',
  listWebhookDeliveries: '/api/partner/webhooks/deliveries',
};
const contract = loadContract();
const bearerOps = contract.operations.filter((op) => op.authentication === 'bearer');

async function withToken(server: TestServer): Promise<string> {
  return server.token(await server.partner({ ser_7hx2k9qmbd: ['read', 'stream'] }));
}

async function status(server: TestServer, path: string, token?: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(server.url + path, token ? { headers: bearer(token) } : {});
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}

describe('every bearer operation', () => {
  it('has a request in this table', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(bearerOps.map((op) => op.operationId).sort());
  });

  it.each(bearerOps.map((op) => [op.operationId]))('%s: 200 with a token, 401 without, 400 for an unknown query parameter', async (operationId) => {
    const server = await startServer();
    const token = await withToken(server);
    const path = REQUESTS[operationId]!;
    expect(await status(server, path, token)).toMatchObject({ status: 200 });
    expect(await status(server, path)).toEqual({ status: 401, code: 'unauthorized' });
    const unknown = path + (path.includes('?') ? '&' : '?') + 'utm_source=newsletter';
    expect(await status(server, unknown, token)).toEqual({ status: 400, code: 'validation_failed' });
  });

  // Groups with bearer operations (Authentication has only authenticate: test/server/auth-abuse.test.ts).
  const bearerGroups = [...contract.groups.values()].filter((g) => bearerOps.some((op) => op.group === g.name));
  it.each(bearerGroups.map((g) => [g.name, g.limit]))('%s: past %i requests a minute, every operation of the group answers 429', async (group) => {
    const server = await startServer();
    const token = await withToken(server);
    const ops = bearerOps.filter((op) => op.group === group);
    const limit = contract.groups.get(group as string)!.limit;
    for (let i = 0; i < limit; i++) expect((await status(server, REQUESTS[ops[0]!.operationId]!, token)).status).toBe(200);
    for (const op of ops) expect({ op: op.operationId, ...(await status(server, REQUESTS[op.operationId]!, token)) }).toEqual({ op: op.operationId, status: 429, code: 'rate_limited' });
  });
});
