/**
 * Several instances, as deployed behind a load balancer: three real `npm start` servers
 * processes on their own ports, started at once on one fresh PostgreSQL schema (so they also
 * migrate and seed concurrently) and one Redis key prefix, with shared signing keys; partners
 * made with the real admin CLI on the same DATABASE_URL. Proves that the Authentication limit is
 * global, that regenerating a secret revokes the old secret and tokens on every instance at the
 * next request, and that usage counted by every instance adds up exactly.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../../server/store/index.js';
import type { Child } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { startEntry } from '../helpers/entry.js';
import { newJwtKey } from '../helpers/server.js';
import {
  createRedisPrefix,
  createTestSchema,
  reportSkipped,
  skipReason,
  TEST_REDIS_URL,
  type TestRedisPrefix,
  type TestSchema,
} from '../helpers/services.js';

const SERIES = 'ser_7hx2k9qmbd';
const INSTANCES = 3;

const skipped = skipReason({ postgres: true, redis: true });
if (skipped) reportSkipped('Multi-instance tests (PostgreSQL and Redis)', skipped);

interface Partner {
  partner_id: string;
  api_key: string;
  api_secret: string;
}

describe.skipIf(skipped)(`${INSTANCES} instances sharing one PostgreSQL and one Redis`, () => {
  let schema: TestSchema;
  let redis: TestRedisPrefix;
  const children: Child[] = [];
  const bases: string[] = [];

  const admin = async <T>(...args: string[]): Promise<T> => {
    const result = await runCli([...args, '--json'], { DATABASE_URL: schema.url });
    if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };

  const newPartner = async (name: string): Promise<Partner> => {
    const partner = await admin<Partner>('partner', 'create', '--name', name);
    await admin('partner', 'grant', partner.partner_id, SERIES, 'read,stream');
    return partner;
  };

  const authenticate = (base: string, apiKey: string, apiSecret: string) =>
    fetch(`${base}/api/partner/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: apiKey, api_secret: apiSecret }),
    });

  const tokenFrom = async (base: string, partner: Partner): Promise<string> => {
    const res = await authenticate(base, partner.api_key, partner.api_secret);
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };

  beforeAll(async () => {
    schema = await createTestSchema();
    redis = createRedisPrefix();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      JWT_SIGNING_KEYS: JSON.stringify([await newJwtKey('multi-1')]),
      STREAM_SIGNING_KEYS: `multi-1=${randomBytes(32).toString('base64url')}`,
      CURSOR_SIGNING_KEYS: `multi-1=${randomBytes(32).toString('base64url')}`,
    };
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startEntry(env)));
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value.child);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    for (const s of started) if (s.status === 'fulfilled') bases.push(s.value.base);
    expect(new Set(bases).size).toBe(INSTANCES);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await redis?.clear();
    await redis?.close();
    await schema?.drop();
  });

  it('migrated and seeded the shared schema once, though all started at the same instant', async () => {
    const { series } = await admin<{ series: unknown[] }>('series', 'list');
    expect(series).toHaveLength(36);
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
      expect(rows.map((r) => r.name)).toEqual(await migrationNames('postgres'));
    } finally {
      await client.end();
    }
    for (const base of bases) expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('refuses the 11th authenticate of a partner in a minute, whichever instances served the first ten', async () => {
    const partner = await newPartner('Global limit');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await authenticate(bases[i % INSTANCES]!, partner.api_key, partner.api_secret)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    for (const base of bases) {
      const res = await authenticate(base, partner.api_key, partner.api_secret);
      expect(res.status).toBe(429);
      expect(res.headers.get('ratelimit')).toMatch(/r=0/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('revokes the old secret and every earlier token on every instance at the next request after regenerate-secret', async () => {
    const partner = await newPartner('Revocation');
    const tokens = [await tokenFrom(bases[0]!, partner), await tokenFrom(bases[1]!, partner)];
    for (const base of bases) {
      for (const token of tokens) {
        expect((await fetch(`${base}/api/partner/content/catalog`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      }
    }

    const rotated = await admin<Partner>('partner', 'regenerate-secret', partner.partner_id);

    for (const base of bases) {
      for (const token of tokens) {
        const res = await fetch(`${base}/api/partner/content/catalog`, { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe('token_revoked');
      }
      expect((await authenticate(base, partner.api_key, partner.api_secret)).status).toBe(401);
    }
    const fresh = await tokenFrom(bases[2]!, { ...partner, api_secret: rotated.api_secret });
    for (const base of bases) {
      expect((await fetch(`${base}/api/partner/auth/verify`, { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(200);
    }
  });

  it('adds up usage counted by every instance exactly, and shares the Content window too', async () => {
    const partner = await newPartner('Usage');
    const token = await tokenFrom(bases[0]!, partner);
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const N = 60;
    const statuses = await Promise.all(
      Array.from({ length: N }, (_, i) => fetch(`${bases[i % INSTANCES]}/api/partner/content/series/${SERIES}`, auth).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(N).fill(200));

    // Each instance flushes its counts every second: poll, bounded, until all of them arrived.
    // getUsage is a Content call itself, so the polls are counted below.
    const day = new Date().toISOString().slice(0, 10);
    let polls = 0;
    let rows: Record<string, number> = {};
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const res = await fetch(`${bases[polls % INSTANCES]}/api/partner/analytics/usage?from=${day}&to=${day}&group_by=operation`, auth);
      expect(res.status).toBe(200);
      polls += 1;
      const body = (await res.json()) as { items: Array<{ key: string; requests: number }> };
      rows = Object.fromEntries(body.items.map((r) => [r.key, r.requests]));
      if ((rows.getSeries ?? 0) >= N) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows.getSeries).toBe(N);
    expect(rows.authenticate).toBe(1);

    // The Content limit (100 per minute) is global: spread over the instances, exactly 100
    // calls in all pass, whatever instance each went to.
    let passed = N + polls;
    let refused = 0;
    for (let i = 0; i < 100 && refused === 0; i++) {
      const status = (await fetch(`${bases[i % INSTANCES]}/api/partner/content/entitlements`, auth)).status;
      if (status === 200) passed += 1;
      else if (status === 429) refused += 1;
      else throw new Error(`unexpected status ${status}`);
    }
    expect({ passed, refused }).toEqual({ passed: 100, refused: 1 });
  });
});
