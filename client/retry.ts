/**
 * The retry policy, as one pure function: given what happened on an attempt, retry or not, and
 * after how long. Everything it depends on (time, randomness, configuration) comes in as input,
 * so test/unit/client/retry.test.ts can pin every case in a table.
 */

export interface RetryConfig {
  /** Retries after the first attempt; 0 turns retrying off. */
  maxRetries: number;
  /** The backoff ceiling of the first retry; it doubles with every further retry. */
  baseDelayMs: number;
  /** No wait exceeds this. A server asking for longer is not retried: waiting less would not help. */
  maxDelayMs: number;
  /** Statuses that mean "not processed, try again later". */
  retryStatuses: readonly number[];
  /** Methods that are retried after a network error (the request may have reached the server). */
  networkErrorMethods: readonly string[];
}

/** The defaults: 3 retries, 500 ms doubling, capped at 60 s (the server's windows last a minute). */
export const defaultRetryConfig: RetryConfig = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  retryStatuses: Object.freeze([429, 503]),
  networkErrorMethods: Object.freeze(['GET', 'HEAD']),
});

export interface RetryInput {
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** Its HTTP status, when a response arrived. */
  status?: number;
  /** True when no response arrived (connection refused or reset, DNS, timeout). */
  networkError?: boolean;
  method: string;
  headers?: Headers;
  /** Milliseconds since the epoch, for `Retry-After` given as an HTTP date. */
  now: number;
  config: RetryConfig;
  /** A number in [0, 1), for jitter. */
  random: number;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Decides whether to retry an attempt and how long to wait first. */
export function retryDecision(input: RetryInput): RetryDecision {
  const { attempt, status, networkError, method, headers, now, config, random } = input;
  if (attempt > config.maxRetries) return { retry: false };
  if (networkError) {
    if (!config.networkErrorMethods.includes(method.toUpperCase())) return { retry: false };
    return { retry: true, delayMs: backoff(attempt, config, random) };
  }
  if (status === undefined || !config.retryStatuses.includes(status)) return { retry: false };
  // The server knows when its window reopens; guessing earlier only spends another request.
  const hinted = headers ? serverDelayMs(headers, now) : undefined;
  if (hinted !== undefined) return hinted <= config.maxDelayMs ? { retry: true, delayMs: hinted } : { retry: false };
  return { retry: true, delayMs: backoff(attempt, config, random) };
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base * 2^(attempt - 1))). */
export function backoff(attempt: number, config: RetryConfig, random: number): number {
  const ceiling = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random * ceiling);
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
  if (value === null) return undefined;
  let longest: number | undefined;
  // Each list member: a quoted policy name, then `; key=value` parameters.
  for (const member of value.matchAll(/"[^"]*"((?:\s*;\s*[A-Za-z][\w-]*=[^;,]*)*)/g)) {
    const params = new Map<string, string>();
    for (const p of (member[1] ?? '').matchAll(/;\s*([A-Za-z][\w-]*)=([^;,]*)/g)) params.set(p[1]!, p[2]!.trim());
    const remaining = params.get('r');
    const reset = params.get('t');
    if (remaining !== '0' || reset === undefined || !/^\d+$/.test(reset)) continue;
    longest = Math.max(longest ?? 0, Number(reset) * 1000);
  }
  return longest;
}
