/**
 * Wires the running service from its configuration: store, keys, token service, stream signer,
 * usage recorder and the app. server/main.ts and the tests both start servers through this, so
 * tests exercise the real wiring.
 */
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { AppDeps } from './partner-api/app.js';
import { loadContract, type Contract, type FailMode } from './contract/load.js';
import { createApp } from './partner-api/app.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './config.js';
import { devCursorKeys, devJwtKeys, devStreamKeys } from './auth/dev-keys.js';
import type { ParserRefusal } from './http/parser-refusals.js';
import { RedisLimits } from './limits/redis-limits.js';
import { createMetrics, type Metrics } from './platform/metrics.js';
import { redactQuerySecrets } from './platform/logger.js';
import { OutageLog } from './platform/outage-log.js';
import { warmUp, type WarmUpResult } from './platform/warm-up.js';
import { seedIfEmpty, type SeedResult } from './demo/seed.js';
import { openSearchBackend } from './search/backends.js';
import { SearchExecutor, type SearchBackend } from './search/executor.js';
import { openStore, StoreUnavailableError, type Store } from './store/index.js';
import { createStreamSigner, type StreamSigner } from './streaming/signer.js';
import { UsageRecorder } from './usage/recorder.js';
import { changeFeed } from './services/index.js';
import { StoreReadiness } from './http/readiness.js';
import { UsageSpool } from './usage/spool.js';
import { createStudioApp } from './studio-api/app.js';
import { loadStudioContract, type StudioContract } from './contract/studio.js';
import { WebhookDeliverer } from './webhooks/deliverer.js';
import { webhookMetrics } from './webhooks/metrics.js';

export interface Runtime {
  app: Express;
  /** The studio API's app, for its own listener (server/studio-api/app.ts). */
  studioApp: Express;
  studioContract: StudioContract;
  /** The partner contract the app enforces (server/contract/load.ts). */
  contract: Contract;
  store: Store;
  /** Runs searches within the search capacity (server/search/). */
  search: SearchExecutor;
  tokens: TokenService;
  streams: StreamSigner;
  recorder: UsageRecorder;
  metrics: Metrics;
  seed: SeedResult;
  /** Counts and logs a request Node's HTTP parser refused (pass it to createAppServer as onRefusal). */
  onParserRefusal(refusal: ParserRefusal): void;
  /** Marks the instance as draining: /readyz answers 503 from now on. */
  drain(): void;
  /** Warms search workers, prepared statements and hot pages within WARMUP_TIMEOUT_MS; /readyz answers 503 until it ends. */
  warmUp(): Promise<WarmUpResult>;
  /** Flushes usage (spooling what the store does not take within SHUTDOWN_STORE_TIMEOUT_MS) and closes the store, within that bound. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger: Logger;
  clock?: Clock;
  /**
   * Overrides for tests: a shared limit store, the store, what wraps the search backend (fault
   * injection), a gate every search waits at while gate[0] is 0 (an injected slow search), and
   * the studio contract (e.g. with lowered limits).
   */
  overrides?: Partial<Pick<AppDeps, 'createLimitStore'>> & { store?: Store; wrapSearch?: (backend: SearchBackend) => SearchBackend; searchGate?: Int32Array; studioContract?: StudioContract };
}

/** Opens the store, seeds it when empty, and builds the app. */
export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const { logger } = options;
  const store =
    options.overrides?.store ??
    // An idle connection that broke is replaced on demand; if the database is really gone, the
    // next operation fails and the outage log below reports it once.
    (await openStore(config.databaseUrl, { ...config.database, importThread: true, writeConnection: true, onPoolError: (err) => logger.debug({ cause: err.message }, 'database connection lost; it will be replaced') }));
  const storeOutage = new OutageLog({
    dependency: store.engine,
    logger,
    meanwhile: 'partner requests and /readyz answer 503, usage counts wait in memory until it is back',
    counts: ['refused'] as const,
  });
  // /readyz answers from this state, never waiting on the store (server/http/readiness.ts).
  const readiness = new StoreReadiness({ store, timeoutMs: config.readinessTimeoutMs });
  store.watchAvailability({
    unavailable: (err) => {
      storeOutage.down(err);
      readiness.unavailable();
    },
    available: () => {
      storeOutage.up();
      readiness.available();
    },
  });
  readiness.start();
  const seed = await seedIfEmpty(store, { production: config.production, now: new Date(clock.now()).toISOString() });
  const cursorKeys = config.cursorKeys ?? (await devCursorKeys(store));
  store.useCursorKeys(cursorKeys);
  const tokens = await createTokenService({
    keys: config.jwtKeys ?? (await devJwtKeys(store)),
    issuer: config.jwtIssuer,
    audience: config.jwtAudience,
    clock,
  });
  const streams = createStreamSigner({
    baseUrl: config.streamBaseUrl,
    keys: config.streamKeys ?? (await devStreamKeys(store)),
    ttlSeconds: config.streamTtlSeconds,
    clock,
  });
  // Counts an earlier instance spooled as it stopped, written before this one counts its own.
  const spool = new UsageSpool({ dir: config.usageSpoolDir, logger });
  await spool.replay(store, new Date(clock.now()).toISOString());
  const recorder = new UsageRecorder({ store, clock, logger });
  recorder.start();
  // Old events deleted, due secret expiries written, once a minute by every instance (services/change-feed.ts).
  const feedSweep = changeFeed.startChangeFeedSweep({ store, clock, retentionDays: config.changeFeedRetentionDays, logger });
  const metrics = createMetrics();
  metrics.watchUsageBuffer(() => recorder.depth());
  let draining = false;
  let warming = true;
  // With REDIS_URL every limiter counts in Redis, shared by all instances (server/limits/redis-limits.ts).
  const redisLimits = config.redis && !options.overrides?.createLimitStore ? new RedisLimits({ ...config.redis, logger, clock }) : undefined;
  const createLimitStore = options.overrides?.createLimitStore ?? (redisLimits && ((prefix: string, failMode: FailMode) => redisLimits.store(prefix, failMode)));
  // Not connected in time: the limit store starts as down (logged once) and serves with its
  // failure modes until Redis is back.
  if (redisLimits) await redisLimits.connected();
  const contract = loadContract();
  const backend = await openSearchBackend({
    databaseUrl: config.databaseUrl,
    database: config.database,
    store,
    cursorKeys,
    workers: config.search.workers,
    ...(options.overrides?.searchGate ? { gate: options.overrides.searchGate } : {}),
  });
  const search = new SearchExecutor({
    backend: options.overrides?.wrapSearch?.(backend) ?? backend,
    // The benchmark's one partner stands for a fleet: its rate-limit multiplier raises the per-partner share too.
    capacity: { ...contract.search, perPartner: contract.search.perPartner * config.rateLimitMultiplier },
    workers: config.search.workers,
    queueLength: config.search.queueLength,
  });
  const app = createApp({
    contract,
    store,
    search,
    tokens,
    streams,
    clock,
    logger,
    recorder,
    changeFeedRetentionDays: config.changeFeedRetentionDays,
    trustProxy: config.trustProxy,
    limitMultiplier: config.rateLimitMultiplier,
    responseCacheBytes: config.responseCacheMb * 1024 * 1024,
    isDraining: () => draining,
    isWarming: () => warming,
    readiness,
    onStoreUnavailable: () => storeOutage.count('refused'),
    metrics,
    ...(createLimitStore ? { createLimitStore } : {}),
  });
  const studioContract = options.overrides?.studioContract ?? loadStudioContract();
  const studioApp = createStudioApp({
    contract: studioContract,
    store,
    clock,
    logger,
    trustProxy: config.trustProxy,
    origins: config.studioOrigins,
    allowedHosts: config.studioAllowedHosts,
    oidc: config.oidc,
    requireMfaForOwners: config.requireMfaForOwners,
    webhookPolicy: config.webhooks,
    onStoreUnavailable: () => storeOutage.count('refused'),
    metrics,
    ...(createLimitStore ? { createLimitStore } : {}),
  });
  // Webhook deliveries, in the background of every instance (server/webhooks/deliverer.ts).
  const deliverer = config.webhooks.deliver ? new WebhookDeliverer({ store, config: config.webhooks, clock, logger, metrics: webhookMetrics(metrics.registry) }) : undefined;
  deliverer?.start();
  return {
    app,
    studioApp,
    studioContract,
    contract,
    store,
    search,
    tokens,
    streams,
    recorder,
    metrics,
    seed,
    onParserRefusal({ status, code, method, path }) {
      metrics.requests.inc({ operation: 'none', status: String(status) });
      logger.info({ req: { method, url: path === undefined ? undefined : redactQuerySecrets(path.slice(0, 256)) }, res: { statusCode: status }, code }, 'request refused by the HTTP parser');
    },
    drain: () => {
      draining = true;
    },
    async warmUp() {
      // As a partner with no grants: the statements, indexes and threads its reads use, no rows of anyone's.
      const partnerId = 'ptn_warmup';
      const answered = (p: Promise<unknown>) => p.catch((err: unknown) => (err instanceof StoreUnavailableError ? Promise.reject(err) : undefined));
      const steps = {
        // One search per slot at once, so every worker thread starts now (they start with their first task).
        searchWorkers: () => Promise.all(Array.from({ length: config.search.workers }, () => backend.search({ partnerId, q: 'warm', limit: 10 }))),
        partnerState: () => answered(store.readPartnerState(partnerId)),
        catalogPages: () => Promise.all((['title', 'updated_at'] as const).map((sort) => store.listCatalog({ partnerId, sort, limit: 100 }))),
      };
      try {
        return await warmUp({ steps, timeoutMs: config.warmUpTimeoutMs, logger });
      } finally {
        warming = false;
      }
    },
    async close() {
      readiness.stop();
      feedSweep.stop();
      await deliverer?.stop();
      // Bounded whatever the store does: usage not written in time is spooled, and a store that
      // does not close in time is left to the process's exit.
      const started = performance.now();
      await recorder.stop({ timeoutMs: config.shutdownStoreTimeoutMs, spool });
      await redisLimits?.close();
      const rest = Math.max(0, config.shutdownStoreTimeoutMs - (performance.now() - started));
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        Promise.all([search.close(), store.close()]).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), rest))),
      ]);
      clearTimeout(timer);
      if (!closed) logger.warn({ timeoutMs: config.shutdownStoreTimeoutMs }, 'the store did not close within SHUTDOWN_STORE_TIMEOUT_MS; exiting without waiting for it');
    },
  };
}
