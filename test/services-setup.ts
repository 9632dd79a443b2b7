/**
 * Vitest global setup: probes PostgreSQL and Redis once per run and provides the result
 * (test/helpers/services.ts). Unreachable services skip the suites that need them, saying why;
 * with CI set (`.ci/run`), they fail the run instead, since CI must run those suites.
 */
import type { TestProject } from 'vitest/node';
import { dropStaleSchemas, endAdminPool, probePostgres, probeRedis } from './helpers/services.js';

export async function setup(project: TestProject): Promise<void> {
  const [postgres, redis] = await Promise.all([probePostgres(), probeRedis()]);
  const down = [postgres.available ? undefined : `PostgreSQL at ${postgres.url}: ${postgres.reason}`, redis.available ? undefined : `Redis at ${redis.url}: ${redis.reason}`].filter(Boolean);
  if (down.length > 0) {
    const message = `unreachable: ${down.join('; ')}`;
    if (process.env.CI) throw new Error(`CI must run the PostgreSQL and Redis suites, but ${message}`);
    console.warn(`\n[services] ${message}. Suites that need them are skipped (set TEST_DATABASE_URL / TEST_REDIS_URL).\n`);
  }
  if (postgres.available) {
    await dropStaleSchemas();
    await endAdminPool();
  }
  project.provide('services', { postgres, redis });
}
