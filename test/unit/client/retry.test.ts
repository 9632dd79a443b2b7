import { describe, expect, it } from 'vitest';
import {
  defaultRetryConfig as defaults,
  parseRateLimitReset,
  parseRetryAfter,
  retryDecision,
  type RetryDecision,
  type RetryInput,
} from '../../../client/index.js';

const NOW = Date.parse('2026-11-22T09:30:00Z');
const h = (headers: Record<string, string>) => new Headers(headers);
const wait = (delayMs: number): RetryDecision => ({ retry: true, delayMs });
const stop: RetryDecision = { retry: false };

// Each row: what happened on an attempt, and what the policy must answer. random is 0.5 unless
// a row says otherwise, so a backoff row reads as half its ceiling.
const table: Array<[string, Partial<RetryInput>, RetryDecision]> = [
  // Statuses
  ['429 without hints: half of 500 ms on the first retry', { status: 429 }, wait(250)],
  ['429 on the second retry: the ceiling doubles', { status: 429, attempt: 2 }, wait(500)],
  ['429 on the third retry', { status: 429, attempt: 3 }, wait(1000)],
  ['429 after the last retry: give up', { status: 429, attempt: 4 }, stop],
  ['503 is retried like 429', { status: 503 }, wait(250)],
  ['503 with Retry-After honours it', { status: 503, headers: h({ 'retry-after': '5' }) }, wait(5000)],
  ['200 is never retried', { status: 200 }, stop],
  ['400 is not retried', { status: 400 }, stop],
  ['401 is not retried here (the token layer re-authenticates once)', { status: 401 }, stop],
  ['404 is not retried', { status: 404 }, stop],
  ['451 is not retried: the window will not open by retrying', { status: 451 }, stop],
  ['500 is not retried: it may have done something', { status: 500 }, stop],
  ['502 is not retried by default', { status: 502 }, stop],
  ['429 on a POST is retried: nothing was processed', { status: 429, method: 'POST' }, wait(250)],
  // Full jitter
  ['jitter 0 waits nothing', { status: 429, random: 0 }, wait(0)],
  ['jitter just under 1 waits just under the ceiling', { status: 429, random: 0.9999, attempt: 3 }, wait(1999)],
  ['the ceiling is capped at maxDelayMs', { status: 429, attempt: 12, random: 0.9999, config: { ...defaults, maxRetries: 20 } }, wait(59_994)],
  // Server hints take precedence over backoff
  ['Retry-After in seconds', { status: 429, headers: h({ 'retry-after': '42' }) }, wait(42_000)],
  ['Retry-After 0 retries at once', { status: 429, headers: h({ 'retry-after': '0' }) }, wait(0)],
  ['Retry-After as an HTTP date', { status: 429, headers: h({ 'retry-after': 'Sun, 22 Nov 2026 09:30:07 GMT' }) }, wait(7000)],
  ['Retry-After as a date in the past retries at once', { status: 429, headers: h({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }) }, wait(0)],
  ['Retry-After beats RateLimit', { status: 429, headers: h({ 'retry-after': '3', ratelimit: '"100-in-1min"; r=0; t=42' }) }, wait(3000)],
  ['RateLimit reset when there is no Retry-After', { status: 429, headers: h({ ratelimit: '"100-in-1min"; r=0; t=42' }) }, wait(42_000)],
  ['RateLimit without spaces', { status: 429, headers: h({ ratelimit: '"100-in-1min";r=0;t=17' }) }, wait(17_000)],
  ['RateLimit with quota left says nothing: backoff', { status: 429, headers: h({ ratelimit: '"100-in-1min"; r=3; t=42' }) }, wait(250)],
  ['several RateLimit policies: the longest exhausted one', { status: 429, headers: h({ ratelimit: '"burst"; r=0; t=2, "100-in-1min"; r=0; t=40, "day"; r=9; t=900' }) }, wait(40_000)],
  ['garbage Retry-After falls back to RateLimit', { status: 429, headers: h({ 'retry-after': 'soon', ratelimit: '"100-in-1min"; r=0; t=9' }) }, wait(9000)],
  ['garbage hints fall back to backoff', { status: 429, headers: h({ 'retry-after': '-1', ratelimit: 'nonsense' }) }, wait(250)],
  ['a hint longer than maxDelayMs: give up rather than retry early', { status: 429, headers: h({ 'retry-after': '61' }) }, stop],
  ['a hint exactly at maxDelayMs is honoured', { status: 429, headers: h({ 'retry-after': '60' }) }, wait(60_000)],
  ['hints do not extend the number of retries', { status: 429, attempt: 4, headers: h({ 'retry-after': '1' }) }, stop],
  // Network errors
  ['network error on GET: backoff', { networkError: true }, wait(250)],
  ['network error on GET, lower-case method', { networkError: true, method: 'get' }, wait(250)],
  ['network error on HEAD', { networkError: true, method: 'HEAD' }, wait(250)],
  ['network error on POST: not retried, it may have arrived', { networkError: true, method: 'POST' }, stop],
  ['network error after the last retry', { networkError: true, attempt: 4 }, stop],
  // Configuration
  ['maxRetries 0 turns retrying off', { status: 429, config: { ...defaults, maxRetries: 0 } }, stop],
  ['another base delay', { status: 429, attempt: 2, config: { ...defaults, baseDelayMs: 100 } }, wait(100)],
  ['a lower cap also bounds hints', { status: 429, headers: h({ 'retry-after': '5' }), config: { ...defaults, maxDelayMs: 4000 } }, stop],
  ['extra retry statuses', { status: 502, config: { ...defaults, retryStatuses: [429, 502, 503] } }, wait(250)],
  ['network errors on POST when configured', { networkError: true, method: 'POST', config: { ...defaults, networkErrorMethods: ['GET', 'POST'] } }, wait(250)],
];

describe('retryDecision (the retry policy, one pure function)', () => {
  it.each(table)('%s', (_name, input, expected) => {
    expect(retryDecision({ attempt: 1, method: 'GET', now: NOW, config: defaults, random: 0.5, ...input })).toEqual(expected);
  });

  it('has the documented defaults', () => {
    expect(defaults).toEqual({ maxRetries: 3, baseDelayMs: 500, maxDelayMs: 60_000, retryStatuses: [429, 503], networkErrorMethods: ['GET', 'HEAD'] });
    expect(Object.isFrozen(defaults)).toBe(true);
  });

  it('spreads waits over the whole jitter range (full jitter, not equal jitter)', () => {
    const waits = [0, 0.25, 0.5, 0.75, 0.999].map((random) => retryDecision({ attempt: 2, status: 429, method: 'GET', now: NOW, config: defaults, random }));
    expect(waits).toEqual([wait(0), wait(250), wait(500), wait(750), wait(999)]);
  });
});

describe('header parsing', () => {
  it.each([
    ['120', 120_000],
    [' 7 ', 7000],
    ['Sun, 22 Nov 2026 09:31:00 GMT', 60_000],
    ['1.5', undefined],
    ['', undefined],
    ['tomorrow', undefined],
  ])('Retry-After %j is %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    ['"10-in-1min"; r=0; t=60', 60_000],
    ['"10-in-1min"; r=1; t=60', undefined],
    ['"10-in-1min"; r=0', undefined],
    ['r=0; t=5', undefined],
    ['"a,b"; r=0; t=5', 5000],
  ])('RateLimit %j resets in %j ms', (value, expected) => {
    expect(parseRateLimitReset(value)).toBe(expected);
  });

  it('treats missing headers as no hint', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRateLimitReset(null)).toBeUndefined();
  });
});
