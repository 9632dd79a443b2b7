/**
 * The one way tests start the real server: the production wiring (server/runtime.ts) on a fresh
 * SQLite file, listening on 127.0.0.1 port 0, with an injected clock, captured logs, a store that
 * can be told to fail, and every (operationId, status) it answers recorded for the contract
 * coverage check (test/contract-coverage.ts). Servers are closed after each test.
 *
 * `engine: 'postgres'` runs it on a fresh PostgreSQL schema instead, and `limits: 'redis'` counts
 * rate limits in Redis under a fresh key prefix (test/helpers/services.ts); both are removed on
 * close. serverEngines() lists the combinations a suite runs on with describe.each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import createClient from 'openapi-fetch';
import { afterEach } from 'vitest';
import type { paths } from '../../generated/api.js';
import { createAppServer } from '../../server/http/app-server.js';
import { ManualClock } from '../../server/platform/clock.js';
import { loadConfig } from '../../server/config.js';
import type { StudioContract } from '../../server/contract/studio.js';
import { createLogger } from '../../server/platform/logger.js';
import { createPartner } from '../../server/services/partner-credentials.js';
import { createRuntime, type Runtime } from '../../server/runtime.js';
import { openStore, type Grant, type ImportSeries, type Store } from '../../server/store/index.js';
import { operationOf, recordCoverage } from './coverage.js';
import { withFaults, type Fault } from './faults.js';
import { createRedisPrefix, createTestSchema, reportSkipped, skipReason, TEST_REDIS_URL, type TestRedisPrefix, type TestSchema } from './services.js';

export type { Fault } from './faults.js';
export { importGate, searchGate } from './faults.js';

export interface TestPartner {
  id: string;
  apiKey: string;
  apiSecret: string;
}

export interface TestServer {
  url: string;
  /** The server's DATABASE_URL (a SQLite file, or a PostgreSQL URL), for running the admin CLI against it. */
  dbPath: string;
  clock: ManualClock;
  /** Moves the clock, and on Redis the rate-limit windows, ms forward. */
  advance(ms: number): Promise<void>;
  runtime: Runtime;
  /** The Node HTTP server in front of the app (server/http/app-server.ts). */
  http: Server;
  /** The studio API's listener (server/studio-api/app.ts), on a port of its own. */
  studioUrl: string;
  /** The store without fault injection, for arranging data. */
  store: Store;
  /** The private JWKs the server signs and verifies with (first signs). */
  jwtKeys: JWK[];
  /** Everything logged so far, one JSON line each. */
  logs(): string;
  /** Makes every store call fail (`error`: an unexpected failure, `unavailable`: engine down) until reset. */
  setFault(fault: Fault): void;
  client: ReturnType<typeof createClient<paths>>;
  /** Creates a partner with the given grants per series id. */
  partner(grants?: Record<string, Grant[]>, name?: string): Promise<TestPartner>;
  /** Authenticates a partner over HTTP and returns its access token. */
  token(partner: TestPartner): Promise<string>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** Where the store lives: a temporary SQLite file (default) or a fresh PostgreSQL schema. */
  engine?: 'sqlite' | 'postgres';
  /** Where rate limits count: in the process (default) or in Redis under a fresh key prefix. */
  limits?: 'memory' | 'redis';
}

export interface StartOptions extends EngineOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
  jwtKeys?: JWK[];
  /** Every search waits before it runs while gate[0] is 0 (an injected slow search; see searchGate()). */
  searchGate?: Int32Array;
  /** Every import batch waits, blocking its thread, while gate[0] is 0 (an injected slow batch). */
  importGate?: Int32Array;
  /** The studio contract to serve instead of the bundled one (e.g. with lowered limits). */
  studioContract?: StudioContract;
}

/**
 * The engine combinations for describe.each over server suites: SQLite with in-process limits,
 * and PostgreSQL with Redis limits where both are reachable (otherwise a skipped placeholder
 * says why).
 */
export function serverEngines(): Array<[name: string, engine: EngineOptions]> {
  const engines: Array<[string, EngineOptions]> = [['sqlite, memory limits', {}]];
  const skipped = skipReason({ postgres: true, redis: true });
  if (skipped) reportSkipped('Server suites on PostgreSQL and Redis', skipped);
  else engines.push(['postgres, redis limits', { engine: 'postgres', limits: 'redis' }]);
  return engines;
}

/** A fresh private ES256 JWK with the given kid. */
export async function newJwtKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
}

const open = new Set<TestServer>();
afterEach(async () => {
  // Newest first, one at a time: a server started on another's database (DATABASE_URL of the
  // first) must have stopped writing before the first drops that schema, or PostgreSQL may
  // answer the drop with a deadlock.
  for (const server of [...open].reverse()) await server.close();
});

/** Starts a real server; it is closed automatically after the current test. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-server-'));
  const clock = options.clock ?? new ManualClock(Date.now());
  const jwtKeys = options.jwtKeys ?? [await newJwtKey('test-1')];
  const schema: TestSchema | undefined = options.engine === 'postgres' ? await createTestSchema() : undefined;
  const redis: TestRedisPrefix | undefined = options.limits === 'redis' ? createRedisPrefix() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: schema ? schema.url : join(dir, 'catalog.db'),
    JWT_SIGNING_KEYS: JSON.stringify(jwtKeys),
    LOG_LEVEL: 'debug',
    // Never the repository's ./data: a spool left there would be replayed into a developer's database.
    USAGE_SPOOL_DIR: dir,
    // No warm-up unless a test asks for one: it would start search threads for every test server.
    WARMUP_TIMEOUT_MS: '0',
    // No webhook delivery loop unless a test asks for one: it would query the store every second.
    WEBHOOK_DELIVERY: '0',
    ...(redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redis.prefix } : {}),
    ...options.env,
  });
  let logText = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      logText += String(chunk);
      done();
    },
  });
  let fault: Fault;
  // As the server's runtime opens its store: imports on a thread, writes on a connection, of their own.
  const store = await openStore(config.databaseUrl, { ...config.database, importThread: options.importGate ? { gate: options.importGate } : true, writeConnection: true });
  const runtime = await createRuntime(config, {
    logger: createLogger('debug', sink),
    clock,
    overrides: {
      store: withFaults(store, () => fault),
      wrapSearch: (backend) => withFaults(backend, () => fault),
      ...(options.searchGate ? { searchGate: options.searchGate } : {}),
      ...(options.studioContract ? { studioContract: options.studioContract } : {}),
    },
  });
  // As server/main.ts serves it; coverage is noted before the app sees the request.
  const http = createAppServer(runtime.app, {
    onRefusal(refusal) {
      runtime.onParserRefusal(refusal);
      recordCoverage(operationOf(refusal.method, refusal.path), refusal.status);
    },
  });
  http.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
    res.once('finish', () => recordCoverage((req as { operation?: { operationId: string } }).operation?.operationId, res.statusCode)),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  await runtime.warmUp();
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const studioHttp = createAppServer(runtime.studioApp, {
    onRefusal: (refusal) => recordCoverage(operationOf(refusal.method, refusal.path, 'studio'), refusal.status),
  });
  studioHttp.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
    res.once('finish', () => recordCoverage((req as { operation?: { operationId: string } }).operation?.operationId, res.statusCode)),
  );
  await new Promise<void>((resolve) => studioHttp.listen(0, '127.0.0.1', resolve));
  const studioUrl = `http://127.0.0.1:${(studioHttp.address() as AddressInfo).port}`;
  let closed = false;
  const server: TestServer = {
    url,
    dbPath: config.databaseUrl,
    clock,
    async advance(ms) {
      clock.advance(ms);
      await redis?.elapse(ms);
    },
    runtime,
    http,
    studioUrl,
    store,
    jwtKeys,
    logs: () => logText,
    setFault: (f) => void (fault = f),
    client: createClient<paths>({ baseUrl: url }),
    async partner(grants = {}, name = 'Test Partner') {
      const now = new Date(clock.now()).toISOString();
      const created = await createPartner(store, name, now);
      for (const [seriesId, g] of Object.entries(grants)) await store.setGrants(created.partner.id, seriesId, g, now);
      return { id: created.partner.id, apiKey: created.partner.apiKey, apiSecret: created.apiSecret };
    },
    async token(partner) {
      const { data, response } = await server.client.POST('/api/partner/auth', {
        body: { api_key: partner.apiKey, api_secret: partner.apiSecret },
      });
      if (!data) throw new Error(`authenticate failed with ${response.status}`);
      return data.access_token;
    },
    async close() {
      if (closed) return;
      closed = true;
      open.delete(server);
      http.closeAllConnections();
      studioHttp.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), new Promise<void>((resolve) => studioHttp.close(() => resolve()))]);
      fault = undefined;
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
      await schema?.drop();
      await redis?.clear();
      await redis?.close();
    },
  };
  open.add(server);
  return server;
}

/** Headers carrying a bearer token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The series in catalog-import form, read back through the API. */
export async function importForm(server: TestServer, token: string, seriesId: string): Promise<ImportSeries> {
  const get = async (path: string) => (await (await fetch(`${server.url}/api/partner/content/${path}`, { headers: bearer(token) })).json()) as Record<string, any>;
  const { grants: _g, created_at: _c, updated_at: _u, episode_count: _e, season_count: _s, ...series } = await get(`series/${seriesId}`);
  const episodes = (await get(`series/${seriesId}/episodes?limit=100`)).items as Array<Record<string, unknown>>;
  return {
    ...(series as ImportSeries),
    seasons: (series.seasons as Array<Record<string, unknown>>).map(({ episode_count: _n, ...season }) => season) as ImportSeries['seasons'],
    episodes: episodes.map(({ grants: _eg, series_id: _si, created_at: _ec, updated_at: _eu, ...e }) => e) as ImportSeries['episodes'],
  };
}
