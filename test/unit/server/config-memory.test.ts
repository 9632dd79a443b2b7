/**
 * The memory defaults that differ by engine (docs/operations.md): a SQLite instance carries two
 * search workers' isolates, so its response cache is half of PostgreSQL's within the same 300 MB
 * (docs/performance.md#soak); an operator's RESPONSE_CACHE_MB wins on either.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';

describe('memory defaults by engine', () => {
  it.each([
    ['SQLite', {}, 8, 2],
    ['SQLite file', { DATABASE_URL: './data/other.db' }, 8, 2],
    ['PostgreSQL', { DATABASE_URL: 'postgres://db.internal/catalog' }, 16, 3],
    ['SQLite, set', { RESPONSE_CACHE_MB: '32' }, 32, 2],
    ['PostgreSQL, off', { DATABASE_URL: 'postgres://db.internal/catalog', RESPONSE_CACHE_MB: '0' }, 0, 3],
  ])('%s: its response cache and search workers', (_name, env: NodeJS.ProcessEnv, cacheMb, workers) => {
    const config = loadConfig(env);
    expect(config.responseCacheMb).toBe(cacheMb);
    expect(config.search.workers).toBe(workers);
  });
});
