/** Configuration of several instances: PostgreSQL pool and timeouts, Redis, and redacted URLs. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from '../../server/config.js';
import { runCli } from '../helpers/cli.js';

describe('scale-out configuration', () => {
  it('keeps limits in the process and the PostgreSQL defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.redis).toBeUndefined();
    expect(config.database).toEqual({ poolMax: 10, connectTimeoutMs: 3000, statementTimeoutMs: 5000, cacheMb: 4 });
    expect(config.readinessTimeoutMs).toBe(500);
  });

  it('reads REDIS_URL, REDIS_PREFIX, REDIS_TIMEOUT_MS, REDIS_BREAKER_MS, REDIS_BREAKER_WINDOW_MS, the database pool, timeouts and SQLite cache, and READINESS_TIMEOUT_MS', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://catalog:pw@db:5432/catalog',
      DATABASE_POOL_MAX: '20',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '8000',
      SQLITE_CACHE_MB: '24',
      REDIS_URL: 'rediss://:pw@cache:6380/2',
      REDIS_PREFIX: 'prod-eu:',
      REDIS_TIMEOUT_MS: '250',
      REDIS_BREAKER_MS: '2000',
      REDIS_BREAKER_WINDOW_MS: '0',
      READINESS_TIMEOUT_MS: '800',
    });
    expect(config.database).toEqual({ poolMax: 20, connectTimeoutMs: 1500, statementTimeoutMs: 8000, cacheMb: 24 });
    expect(config.redis).toEqual({ url: 'rediss://:pw@cache:6380/2', prefix: 'prod-eu:', timeoutMs: 250, breakerMs: 2000, breakerWindowMs: 0 });
    expect(config.readinessTimeoutMs).toBe(800);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'pcas:', timeoutMs: 500, breakerMs: 5000, breakerWindowMs: 1000 });
  });

  it.each([
    ['no DATABASE_URL (the SQLite file)', {}, 2],
    ['a SQLite path', { DATABASE_URL: './data/x.db' }, 2],
    ['a postgres:// URL', { DATABASE_URL: 'postgres://u@h/db' }, 3],
    ['a POSTGRESQL:// URL with spaces around it', { DATABASE_URL: '  POSTGRESQL://u@h/db ' }, 3],
    ['SEARCH_WORKERS set, on PostgreSQL', { DATABASE_URL: 'postgres://u@h/db', SEARCH_WORKERS: '1' }, 1],
    ['SEARCH_WORKERS set, on SQLite', { SEARCH_WORKERS: '5' }, 5],
  ])('SEARCH_WORKERS defaults to the engine\'s size: %s', (_, env, workers) => {
    expect(loadConfig(env).search.workers).toBe(workers);
  });

  it('names every malformed variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ REDIS_URL: 'http://cache:6379', REDIS_PREFIX: 'has space', REDIS_TIMEOUT_MS: '10', REDIS_BREAKER_MS: '0', READINESS_TIMEOUT_MS: 'soon', DATABASE_POOL_MAX: '0', DATABASE_STATEMENT_TIMEOUT_MS: 'soon', SQLITE_CACHE_MB: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['REDIS_URL', 'REDIS_PREFIX', 'REDIS_TIMEOUT_MS', 'REDIS_BREAKER_MS', 'READINESS_TIMEOUT_MS', 'DATABASE_POOL_MAX', 'DATABASE_STATEMENT_TIMEOUT_MS', 'SQLITE_CACHE_MB']) expect(problems).toContain(name);
  });

  it('redacts passwords in URLs it prints', () => {
    expect(redactUrl('postgres://catalog:s3cret@db:5432/catalog')).toBe('postgres://catalog:***@db:5432/catalog');
    expect(redactUrl('rediss://:s3cret@cache:6380')).toBe('rediss://:***@cache:6380');
    expect(redactUrl('postgres://catalog@db/catalog')).toBe('postgres://catalog@db/catalog');
    expect(redactUrl('./data/catalog.db')).toBe('./data/catalog.db');
  });

  it('the admin CLI reports an unreachable PostgreSQL plainly, without its password', async () => {
    const result = await runCli(['partner', 'list'], { DATABASE_URL: 'postgres://catalog:s3cret@127.0.0.1:1/catalog' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('postgres://catalog:***@127.0.0.1:1/catalog');
    expect(result.stderr + result.stdout).not.toContain('s3cret');
  });
});
