/**
 * A measure that reaches into a library: server/http/validator.ts memoizes the path-to-regexp
 * compilation express-openapi-validator does for every request (docs/performance.md). It only
 * works while the validator calls `pathToRegexp` of the path-to-regexp module it resolves, at call
 * time. If an upgrade changes that, these tests fail loudly instead of the memo silently doing
 * nothing (or breaking route lookup).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { contractValidator } from '../../server/http/validator.js';
import { bearer, startServer } from '../helpers/server.js';

const validatorMain = createRequire(import.meta.url).resolve('express-openapi-validator');
const fromValidator = createRequire(validatorMain);
type Compile = ((path: string, options?: Record<string, unknown>) => unknown) & { memoized?: true };
const pathToRegexpModule = () => fromValidator('path-to-regexp') as { pathToRegexp: Compile };

describe('the validator route memo', () => {
  it('patches the path-to-regexp the validator resolves, and compiles each route once', () => {
    contractValidator(loadContract());
    const { pathToRegexp } = pathToRegexpModule();
    expect(pathToRegexp.memoized).toBe(true);
    const route = '/api/partner/content/series/:series_id';
    expect(pathToRegexp(route, { sensitive: false, strict: false })).toBe(pathToRegexp(route, { sensitive: false, strict: false }));
  });

  it('is on the path of route lookup: the validator calls pathToRegexp through the module object at call time', () => {
    // `(0, path_to_regexp_1.pathToRegexp)(...)`: read from the module on every call, so replacing the export takes effect.
    const metadata = readFileSync(join(validatorMain, '..', 'middlewares', 'openapi.metadata.js'), 'utf8');
    expect(metadata).toMatch(/\(0, path_to_regexp_\d+\.pathToRegexp\)\(/);
  });

  it('still finds every route, with path parameters, through the memo', async () => {
    const server = await startServer();
    const token = await server.token(await server.partner({ ser_7hx2k9qmbd: ['read'] }));
    for (const path of ['/api/partner/content/series/ser_7hx2k9qmbd', '/api/partner/content/series/ser_7hx2k9qmbd/episodes', '/api/partner/content/catalog']) {
      expect((await fetch(server.url + path, { headers: bearer(token) })).status, path).toBe(200);
    }
    // A path parameter the contract's pattern refuses is still refused by the validator.
    expect((await fetch(`${server.url}/api/partner/content/series/SER_BAD`, { headers: bearer(token) })).status).toBe(400);
  });
});
