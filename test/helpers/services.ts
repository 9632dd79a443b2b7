/**
 * PostgreSQL and Redis for the tests that need them: whether they are reachable (probed once per
 * run by test/services-setup.ts), a fresh PostgreSQL schema per test or suite, and a Redis key
 * prefix per test, each removed afterwards, so tests neither trample each other nor a
 * developer's data.
 *
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and TEST_REDIS_URL (default
 * redis://127.0.0.1:6379) choose the services. Where they are unreachable the suites that need
 * them are skipped, saying why; with CI set, the run fails instead (test/services-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, inject, it } from 'vitest';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Schemas and key prefixes of tests start with these; nothing else is ever dropped or deleted. */
export const SCHEMA_PREFIX = 't_pcas_';
export const REDIS_TEST_PREFIX = 't:pcas:';

export interface ServiceStatus {
  url: string;
  available: boolean;
  /** Why it is unavailable (the error), or '' when available. */
  reason: string;
}

export interface Services {
  postgres: ServiceStatus;
  redis: ServiceStatus;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Reachability of PostgreSQL and Redis, probed once per run. */
    services: Services;
  }
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

function errorText(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: unknown[] };
  const inner = Array.isArray(e.errors) && e.errors.length > 0 ? (e.errors[0] as { code?: string; message?: string }) : undefined;
  return [e.code ?? inner?.code, e.message || inner?.message].filter(Boolean).join(': ') || String(error);
}

/** Tries PostgreSQL with a short timeout. */
export async function probePostgres(url = TEST_DATABASE_URL, timeoutMs = 2_000): Promise<ServiceStatus> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { url: redact(url), available: true, reason: '' };
  } catch (error) {
    return { url: redact(url), available: false, reason: errorText(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Tries Redis with a short timeout. */
export async function probeRedis(url = TEST_REDIS_URL, timeoutMs = 2_000): Promise<ServiceStatus> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: unknown;
  client.on('error', (error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return { url: redact(url), available: true, reason: '' };
  } catch (error) {
    return { url: redact(url), available: false, reason: errorText(cause ?? error) };
  } finally {
    client.disconnect();
  }
}

/** What the run's probe found (test/services-setup.ts). */
export function services(): Services {
  return inject('services');
}

/** Why suites needing these services are skipped, or undefined when they can run. */
export function skipReason(needs: { postgres?: boolean; redis?: boolean }): string | undefined {
  const s = services();
  const missing = [needs.postgres && !s.postgres.available && s.postgres, needs.redis && !s.redis.available && s.redis].filter(
    (x): x is ServiceStatus => Boolean(x),
  );
  if (missing.length === 0) return undefined;
  return missing.map((m) => `${m.url} unreachable (${m.reason})`).join('; ');
}

/**
 * Registers, in the calling test file, a visibly skipped placeholder naming what was skipped and
 * why, and prints the same once per file.
 */
export function reportSkipped(what: string, reason: string): void {
  const text = `${what} skipped: ${reason} (set TEST_DATABASE_URL / TEST_REDIS_URL, or start the services)`;
  console.warn(text);
  // Skipped on purpose, with the reason in its title: PostgreSQL or Redis is unreachable on a
  // developer machine. In CI (CI set) test/services-setup.ts fails the run instead of skipping.
  describe.skip(text, () => {
    it('needs PostgreSQL and/or Redis', () => {});
  });
}

function uniqueName(): string {
  return `${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
}

let admin: pg.Pool | undefined;
function adminPool(): pg.Pool {
  if (!admin) {
    admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2, connectionTimeoutMillis: 5_000 });
    admin.on('error', () => {});
  }
  return admin;
}

/** Closes the connections used to create and drop schemas (for processes that exit on their own). */
export async function endAdminPool(): Promise<void> {
  const pool = admin;
  admin = undefined;
  await pool?.end();
}

/** A database URL whose connections use only `schema` (libpq options search_path). */
export function schemaUrl(schema: string, base = TEST_DATABASE_URL): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export interface TestSchema {
  name: string;
  /** DATABASE_URL for the schema. */
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty schema of its own in the test database. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = SCHEMA_PREFIX + uniqueName();
  await adminPool().query(`create schema ${name}`);
  let dropped = false;
  return {
    name,
    url: schemaUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminPool().query(`drop schema if exists ${name} cascade`);
    },
  };
}

/** Drops test schemas older than maxAgeMs (left by runs that were killed); never other schemas. */
export async function dropStaleSchemas(maxAgeMs = 3_600_000): Promise<number> {
  const { rows } = await adminPool().query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1)', [SCHEMA_PREFIX]);
  let dropped = 0;
  for (const { nspname } of rows) {
    const created = parseInt(nspname.slice(SCHEMA_PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(created) && Date.now() - created > maxAgeMs) {
      await adminPool().query(`drop schema if exists ${nspname} cascade`);
      dropped += 1;
    }
  }
  return dropped;
}

export interface TestRedisPrefix {
  prefix: string;
  /** Deletes every key under the prefix. */
  clear(): Promise<void>;
  /** Moves every window under the prefix ms closer to its end (the Redis side of ManualClock.advance). */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
}

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** A Redis key prefix of its own, with a connection to inspect and clear it. */
export function createRedisPrefix(): TestRedisPrefix {
  const prefix = `${REDIS_TEST_PREFIX}${uniqueName()}:`;
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', () => {});
  return {
    prefix,
    async clear() {
      const keys = await keysUnder(redis, prefix);
      if (keys.length > 0) await redis.del(...keys);
    },
    async elapse(ms) {
      for (const key of await keysUnder(redis, prefix)) {
        const left = await redis.pttl(key);
        if (left <= ms) await redis.del(key);
        else await redis.pexpire(key, left - ms);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
