/**
 * The retry policy, as one pure function: given what happened on an attempt, retry or not, and
 * after how long. Everything it depends on (time, randomness, configuration) comes in as input,
 * so test/unit/client/retry.test.ts can pin every case in a table.
 */
import { policyMembers } from './rate-limit.js';

export interface RetryConfig {
  /** Retries after the first attempt; 0 turns retrying off. */
  maxRetries: number;
  /** The backoff ceiling of the first retry; it doubles with every further retry. */
  baseDelayMs: number;
  /** No backoff exceeds this. A server asking for a longer wait is not retried: waiting less would not help. */
  maxDelayMs: number;
  /** Statuses that mean "not processed, try again later". */
  retryStatuses: readonly number[];
  /** Methods that are retried after a network error that may have reached the server (reset, timeout). */
  networkErrorMethods: readonly string[];
  /**
   * An outage (a refused connection, or a 503) is retried past maxRetries until this long after
   * the call's first attempt: an instance restarting or a deploy rolling passes unnoticed.
   */
  outageMs: number;
  /** The most retries of a call while an outage lasts. */
  maxOutageRetries: number;
}

/**
 * The defaults: 3 retries, 500 ms doubling, capped at 60 s (the server's windows last a minute);
 * an outage is ridden through for 10 s, in at most 10 retries.
 */
export const defaultRetryConfig: RetryConfig = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  retryStatuses: Object.freeze([429, 503]),
  networkErrorMethods: Object.freeze(['GET', 'HEAD']),
  outageMs: 10_000,
  maxOutageRetries: 10,
});

export interface RetryInput {
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** Its HTTP status, when a response arrived. */
  status?: number;
  /** True when no response arrived (connection refused or reset, DNS, timeout). */
  networkError?: boolean;
  /** True when the request cannot have reached the server (the connection was refused): safe to send again whatever the method. */
  notSent?: boolean;
  method: string;
  headers?: Headers;
  /** Milliseconds since the epoch, for `Retry-After` given as an HTTP date. */
  now: number;
  /** Milliseconds since the call's first attempt began (0 when not given). */
  elapsedMs?: number;
  config: RetryConfig;
  /** A number in [0, 1), for jitter. */
  random: number;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

const STOP: RetryDecision = { retry: false };

/** Decides whether to retry an attempt and how long to wait first. */
export function retryDecision(input: RetryInput): RetryDecision {
  const { attempt, status, networkError, notSent, method, headers, now, elapsedMs = 0, config, random } = input;
  if (config.maxRetries <= 0) return STOP;
  const outage = (networkError === true && notSent === true) || status === 503;
  const inOutage = outage && attempt <= config.maxOutageRetries && elapsedMs < config.outageMs;
  if (attempt > config.maxRetries && !inOutage) return STOP;
  // Past maxRetries only an outage goes on, and its waits end within outageMs.
  const ceiling = attempt > config.maxRetries ? Math.min(backoffCeiling(attempt, config), config.outageMs - elapsedMs) : backoffCeiling(attempt, config);
  if (networkError) {
    // A request that may have arrived is sent again only if sending it twice does no harm.
    if (!notSent && !config.networkErrorMethods.includes(method.toUpperCase())) return STOP;
    return { retry: true, delayMs: Math.floor(random * ceiling) };
  }
  if (status === undefined || !config.retryStatuses.includes(status)) return STOP;
  // The server knows when it can serve again: never earlier than that; but every waiter it told
  // the same instant is spread out after it, or they would all come back at once.
  const hinted = headers ? serverDelayMs(headers, now) : undefined;
  if (hinted === undefined) return { retry: true, delayMs: Math.floor(random * ceiling) };
  if (hinted > config.maxDelayMs) return STOP;
  return { retry: true, delayMs: hinted + Math.floor(random * hintSpread(attempt, config, hinted)) };
}

/** The backoff ceiling of a retry: baseDelayMs doubled per retry, at most maxDelayMs. */
export function backoffCeiling(attempt: number, config: RetryConfig): number {
  return Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** (attempt - 1));
}

/**
 * How far past a server-given wait a retry may land: the retry's backoff ceiling, or a tenth of
 * the wait when that is longer (many callers wait out a long window together), at most maxDelayMs.
 */
export function hintSpread(attempt: number, config: RetryConfig, hintedMs: number): number {
  return Math.min(config.maxDelayMs, Math.max(backoffCeiling(attempt, config), Math.floor(hintedMs / 10)));
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^(attempt - 1))). */
export function backoff(attempt: number, config: RetryConfig, random: number): number {
  return Math.floor(random * backoffCeiling(attempt, config));
}

/** The wait a response asks for: `Retry-After` first, then the `RateLimit` reset; undefined when neither says. */
export function serverDelayMs(headers: Headers, now: number): number | undefined {
  return parseRetryAfter(headers.get('retry-after'), now) ?? parseRateLimitReset(headers.get('ratelimit'));
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only the HTTP-date shapes; Date.parse alone would accept "1" or "tomorrow" in some engines.
  if (!/^[A-Za-z]{3},? /.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The reset of an exhausted quota in a draft-8 `RateLimit` header (`"100-in-1min"; r=0; t=42`),
 * in milliseconds. With several policies, the longest reset among those with nothing remaining.
 */
export function parseRateLimitReset(value: string | null): number | undefined {
  let longest: number | undefined;
  for (const { params } of policyMembers(value)) {
    const reset = params.get('t');
    if (params.get('r') !== '0' || reset === undefined || !/^\d+$/.test(reset)) continue;
    longest = Math.max(longest ?? 0, Number(reset) * 1000);
  }
  return longest;
}
