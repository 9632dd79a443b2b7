/**
 * Rate-limit counters in Redis (rate-limit-redis over one ioredis connection), so every instance
 * behind a load balancer counts against the same fixed windows: the 11th authenticate of a
 * partner in a minute is refused whichever instances served the first ten.
 *
 * Nothing waits on Redis for long: commands fail at once while the connection is down (no
 * offline queue) and after REDIS_TIMEOUT_MS when Redis hangs; the connection reconnects by
 * itself. Commands that keep failing for REDIS_BREAKER_WINDOW_MS, or a lost connection, open a
 * circuit breaker (server/limits/circuit-breaker.ts) for REDIS_BREAKER_MS: meanwhile no request tries Redis, and a background PING tries it once per
 * period, so a hanging Redis costs one timeout, not one per request. What a limiter does while
 * Redis is down is its failure mode, which the contract states per group (`fail_mode` in
 * `info.x-rate-limit-groups` and `info.x-failed-authentication-limit`; docs/operations.md, "When
 * something fails", says why each is what it is): `closed` refuses with 503 service_unavailable and
 * Retry-After, `open` counts in per-instance windows until Redis is back.
 */
import type { ClientRateLimitInfo, Options, Store as LimitStore } from 'express-rate-limit';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Clock } from '../platform/clock.js';
import type { FailMode } from '../contract/load.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { ApiError } from '../http/errors.js';
import { OutageLog } from '../platform/outage-log.js';
import { ClockedMemoryStore } from './limit-store.js';


export interface RedisLimitsOptions {
  url: string;
  /** Prepended to every key, so several deployments (or tests) can share one Redis. */
  prefix: string;
  /** Bound on connecting and on each command. */
  timeoutMs: number;
  /** How long a failure keeps requests off Redis before the next background probe. */
  breakerMs: number;
  /** How long commands must keep failing before Redis counts as down (the breaker's window). */
  breakerWindowMs: number;
  logger: Logger;
  clock: Clock;
}

/** What the limit stores of one connection share: whether to try Redis, and the outage's counts. */
interface Health {
  breaker: CircuitBreaker;
  outage: OutageLog<'refused' | 'failedOpen'>;
}

/** One Redis connection and a limit store per limiter over it. */
export class RedisLimits {
  readonly client: Redis;
  private readonly health: Health;
  private closing = false;

  constructor(private readonly options: RedisLimitsOptions) {
    this.client = new Redis(options.url, {
      connectTimeout: options.timeoutMs,
      commandTimeout: options.timeoutMs,
      // Fail at once while disconnected instead of queueing requests behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect forever, backing off to one attempt every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      keepAlive: 10_000,
      connectionName: 'partner-catalog',
    });
    const outage = new OutageLog({
      dependency: 'redis',
      logger: options.logger,
      meanwhile: 'Authentication answers 503, Content and Streaming use per-instance limits until it is back',
      counts: ['refused', 'failedOpen'] as const,
    });
    const breaker = new CircuitBreaker({
      dependency: 'redis',
      periodMs: options.breakerMs,
      windowMs: options.breakerWindowMs,
      probe: () => this.client.ping(),
      outage,
      logger: options.logger,
    });
    this.health = { breaker, outage };
    // A new connection answered its ready check: Redis may be back before the period ends.
    this.client.on('ready', () => breaker.probeSoon());
    // Without a listener an error event would be printed, unhandled; the outage log reports it once.
    this.client.on('error', (err) => breaker.trip(err));
    this.client.on('close', () => {
      if (!this.closing) breaker.trip(new Error('connection closed'));
    });
  }

  /**
   * Resolves true once connected, or false after the timeout (start-up goes on either way: the
   * connection keeps trying, and groups fail as they should meanwhile). Called once at start so
   * the first requests do not race the connection.
   */
  async connected(timeoutMs = this.options.timeoutMs * 4): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => {
        this.health.breaker.trip(new Error(`not connected within ${timeoutMs} ms of start`));
        done(false);
      }, timeoutMs);
      this.client.once('ready', onReady);
    });
  }

  /** A fresh limit store for one limiter, failing as its contract policy says. */
  store(prefix: string, mode: FailMode): LimitStore {
    const fallback = mode === 'open' ? new ClockedMemoryStore(this.options.clock, prefix) : undefined;
    return new SharedLimitStore(this.client, this.options.prefix + prefix, mode, fallback, this.health);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.health.breaker.stop();
    this.client.disconnect();
  }
}

/**
 * rate-limit-redis's RedisStore with its failure mode applied. It also loads the store's scripts
 * again when Redis was unreachable at start (RedisStore would otherwise keep the failed load).
 */
class SharedLimitStore implements LimitStore {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly redis: RedisStore;
  private options: Options | undefined;
  private ready: Promise<void> | undefined;

  constructor(
    client: Redis,
    prefix: string,
    readonly mode: FailMode,
    private readonly fallback: ClockedMemoryStore | undefined,
    private readonly health: Health,
  ) {
    this.prefix = prefix;
    this.redis = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.fallback?.init(options);
    // Loads the scripts now if Redis is there; a failure is retried by the first request.
    this.ensureReady().catch(() => {});
  }

  private ensureReady(): Promise<void> {
    if (!this.options) return Promise.reject(new Error('limit store used before init'));
    this.ready ??= this.redis.init(this.options).catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  /** run against Redis unless the breaker is open; the failure mode when it is, or when run fails. */
  private async attempt<T>(run: () => Promise<T>, fallback: (store: ClockedMemoryStore) => Promise<T>): Promise<T> {
    const { breaker, outage } = this.health;
    if (!breaker.isOpen) {
      try {
        await this.ensureReady();
        const result = await run();
        breaker.succeeded();
        return result;
      } catch (err) {
        // This call takes the failure mode; an outage begins only if failures persist (circuit-breaker.ts).
        breaker.fail(err);
      }
    }
    if (this.fallback) {
      outage.count('failedOpen');
      return fallback(this.fallback);
    }
    outage.count('refused');
    throw new ApiError('service_unavailable', 'Rate limiting is temporarily unavailable, so this operation is refused; retry shortly.', {
      headers: { 'Retry-After': String(breaker.retryAfterSeconds) },
    });
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.attempt(() => this.redis.get(key), (f) => f.get(key));
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.attempt(() => this.redis.increment(key), (f) => f.increment(key));
  }

  async decrement(key: string): Promise<void> {
    await this.attempt(() => this.redis.decrement(key), (f) => f.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.attempt(() => this.redis.resetKey(key), (f) => f.resetKey(key));
  }
}
