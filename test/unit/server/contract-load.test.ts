/**
 * The contract's policy, as the server reads it at start (server/contract/load.ts): every `x-`
 * extension is read from the bundled document and checked, so a malformed policy stops the
 * server with a message naming it instead of being enforced wrongly.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/contract/load.js';
import { CONTRACT_BUNDLE } from '../../../server/platform/paths.js';

type Json = Record<string, any>;
const dir = mkdtempSync(join(tmpdir(), 'pcas-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Loads the bundled contract after `change` edited a copy of it. */
function loadChanged(change: (doc: Json) => void) {
  const doc = JSON.parse(readFileSync(CONTRACT_BUNDLE, 'utf8')) as Json;
  change(doc);
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return loadContract(path);
}

describe('loadContract', () => {
  it('reads every policy of the bundled contract', () => {
    const contract = loadContract();
    expect(contract.prefix).toBe('/api/partner');
    expect([...contract.groups.values()].map(({ name, limit, windowMs, failMode }) => [name, limit, windowMs, failMode])).toEqual([
      ['Authentication', 10, 60_000, 'closed'],
      ['TokenVerification', 60, 60_000, 'open'],
      ['Content', 100, 60_000, 'open'],
      ['Streaming', 100, 60_000, 'open'],
    ]);
    expect(contract.failedAuthentication).toEqual({ limit: 20, windowMs: 60_000, failMode: 'open' });
    const byId = new Map(contract.operations.map((op) => [op.operationId, op]));
    expect(byId.get('authenticate')).toMatchObject({ authentication: 'api-key-and-secret', hasRequestBody: true, cacheable: false });
    expect(byId.get('getCatalog')).toMatchObject({ authentication: 'bearer', grant: 'read', cacheable: true, dateTimeQuery: ['updated_since'] });
    expect(byId.get('resolveStream')).toMatchObject({ group: 'Streaming', grant: 'stream', cacheable: false });
    expect(byId.get('getUsage')).toMatchObject({ maxRangeDays: 92 });
  });

  const op = (doc: Json, path: string, method = 'get') => doc.paths[path][method];
  it.each<[string, (doc: Json) => void, RegExp]>([
    ['a group without a fail mode', (doc) => delete doc.info['x-rate-limit-groups'].Content.fail_mode, /rate-limit group Content.*fail_mode/],
    ['a group with an unknown fail mode', (doc) => (doc.info['x-rate-limit-groups'].Streaming.fail_mode = 'sometimes'), /rate-limit group Streaming/],
    ['a group with a fractional window', (doc) => (doc.info['x-rate-limit-groups'].Content.window_seconds = 0.5), /rate-limit group Content/],
    ['a limit of zero', (doc) => (doc.info['x-rate-limit-groups'].Authentication.limit = 0), /rate-limit group Authentication/],
    ['no failed-authentication limit', (doc) => delete doc.info['x-failed-authentication-limit'], /x-failed-authentication-limit/],
    ['an operation in an unknown group', (doc) => (op(doc, '/api/partner/content/catalog')['x-rate-limit-group'] = 'Bulk'), /GET \/api\/partner\/content\/catalog.*x-rate-limit-group/],
    ['an unknown kind of credentials', (doc) => (op(doc, '/api/partner/auth', 'post')['x-authentication'] = 'mtls'), /authenticate.*x-authentication/],
    ['a cache flag that is not a boolean', (doc) => (op(doc, '/api/partner/content/catalog')['x-response-cache'] = 'yes'), /getCatalog x-response-cache/],
    ['a cached operation without a token', (doc) => (op(doc, '/api/partner/content/catalog').security = []), /getCatalog is cached/],
    ['a range of no days', (doc) => (op(doc, '/api/partner/analytics/usage')['x-max-range-days'] = 0), /getUsage x-max-range-days/],
  ])('refuses %s, naming it', (_what, change, message) => {
    expect(() => loadChanged(change)).toThrow(message);
  });
});
