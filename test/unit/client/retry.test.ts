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
  ['503 with Retry-After: never earlier, jittered over the backoff range', { status: 503, headers: h({ 'retry-after': '5' }) }, wait(5000 + 250)],
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
  // Server hints take precedence over backoff: never earlier than asked, then full jitter over the
  // retry's backoff ceiling or a tenth of the wait, whichever is longer (random 0.5: half of it)
  ['Retry-After in seconds: a tenth of 42 s beats the 500 ms ceiling', { status: 429, headers: h({ 'retry-after': '42' }) }, wait(42_000 + 2100)],
  ['a server-given wait with jitter 0 is exactly the wait, never earlier', { status: 429, random: 0, headers: h({ 'retry-after': '42' }) }, wait(42_000)],
  ['a server-given wait with jitter just under 1 stays under wait + spread', { status: 429, random: 0.9999, headers: h({ 'retry-after': '42' }) }, wait(42_000 + 4199)],
  ['a short server-given wait spreads over the backoff ceiling of the retry', { status: 429, attempt: 3, headers: h({ 'retry-after': '1' }) }, wait(1000 + 1000)],
  ['Retry-After 0 spreads over the backoff ceiling', { status: 429, headers: h({ 'retry-after': '0' }) }, wait(250)],
  ['Retry-After as an HTTP date', { status: 429, headers: h({ 'retry-after': 'Sun, 22 Nov 2026 09:30:07 GMT' }) }, wait(7000 + 350)],
  ['Retry-After as a date in the past is a wait of 0', { status: 429, headers: h({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }) }, wait(250)],
  ['Retry-After beats RateLimit', { status: 429, headers: h({ 'retry-after': '3', ratelimit: '"100-in-1min"; r=0; t=42' }) }, wait(3000 + 250)],
  ['RateLimit reset when there is no Retry-After', { status: 429, headers: h({ ratelimit: '"100-in-1min"; r=0; t=42' }) }, wait(42_000 + 2100)],
  ['RateLimit without spaces', { status: 429, headers: h({ ratelimit: '"100-in-1min";r=0;t=17' }) }, wait(17_000 + 850)],
  ['RateLimit with quota left says nothing: backoff', { status: 429, headers: h({ ratelimit: '"100-in-1min"; r=3; t=42' }) }, wait(250)],
  ['several RateLimit policies: the longest exhausted one', { status: 429, headers: h({ ratelimit: '"burst"; r=0; t=2, "100-in-1min"; r=0; t=40, "day"; r=9; t=900' }) }, wait(40_000 + 2000)],
  ['garbage Retry-After falls back to RateLimit', { status: 429, headers: h({ 'retry-after': 'soon', ratelimit: '"100-in-1min"; r=0; t=9' }) }, wait(9000 + 450)],
  ['garbage hints fall back to backoff', { status: 429, headers: h({ 'retry-after': '-1', ratelimit: 'nonsense' }) }, wait(250)],
  ['a hint longer than maxDelayMs: give up rather than retry early', { status: 429, headers: h({ 'retry-after': '61' }) }, stop],
  ['a hint exactly at maxDelayMs is honoured, its spread too', { status: 429, headers: h({ 'retry-after': '60' }) }, wait(60_000 + 3000)],
  ['hints do not extend the number of retries', { status: 429, attempt: 4, headers: h({ 'retry-after': '1' }) }, stop],
  // Network errors
  ['network error on GET: backoff', { networkError: true }, wait(250)],
  ['network error on GET, lower-case method', { networkError: true, method: 'get' }, wait(250)],
  ['network error on HEAD', { networkError: true, method: 'HEAD' }, wait(250)],
  ['network error on POST: not retried, it may have arrived', { networkError: true, method: 'POST' }, stop],
  ['refused connection on POST: retried, nothing was sent', { networkError: true, notSent: true, method: 'POST' }, wait(250)],
  ['refused connection on any method', { networkError: true, notSent: true, method: 'DELETE', attempt: 2 }, wait(500)],
  ['network error after the last retry', { networkError: true, attempt: 4 }, stop],
  // Outages (a refused connection, a 503) go on past maxRetries until outageMs after the first attempt
  ['refused after the last retry, within the outage: retried, the wait ends within outageMs', { networkError: true, notSent: true, attempt: 4, elapsedMs: 1800 }, wait(2000)],
  ['refused late in the outage: the wait is cut to what is left of it', { networkError: true, notSent: true, attempt: 6, elapsedMs: 9000, random: 0.9999 }, wait(999)],
  ['refused once outageMs has passed: give up', { networkError: true, notSent: true, attempt: 4, elapsedMs: 10_000 }, stop],
  ['refused past maxOutageRetries: give up', { networkError: true, notSent: true, attempt: 11, elapsedMs: 10 }, stop],
  ['503 without a hint after the last retry, within the outage', { status: 503, attempt: 5, elapsedMs: 4000 }, wait(3000)],
  ['503 with a hint after the last retry, within the outage', { status: 503, attempt: 4, elapsedMs: 4000, headers: h({ 'retry-after': '1' }) }, wait(1000 + 2000)],
  ['a reset GET after the last retry is no outage: give up', { networkError: true, attempt: 4, elapsedMs: 10 }, stop],
  ['429 after the last retry is no outage: give up', { status: 429, attempt: 4, elapsedMs: 10 }, stop],
  ['the first retries of an outage count as usual', { networkError: true, notSent: true, attempt: 2, elapsedMs: 60_000 }, wait(500)],
  // Configuration
  ['maxRetries 0 turns retrying off', { status: 429, config: { ...defaults, maxRetries: 0 } }, stop],
  ['maxRetries 0 turns the outage retries off too', { networkError: true, notSent: true, config: { ...defaults, maxRetries: 0 } }, stop],
  ['outageMs 0 leaves an outage to maxRetries', { networkError: true, notSent: true, attempt: 4, config: { ...defaults, outageMs: 0 } }, stop],
  ['another base delay', { status: 429, attempt: 2, config: { ...defaults, baseDelayMs: 100 } }, wait(100)],
  ['a lower cap also bounds hints', { status: 429, headers: h({ 'retry-after': '5' }), config: { ...defaults, maxDelayMs: 4000 } }, stop],
  ['a lower cap bounds the spread of a hint', { status: 429, random: 0.9999, headers: h({ 'retry-after': '59' }), config: { ...defaults, maxDelayMs: 59_000, baseDelayMs: 100_000 } }, wait(59_000 + 58_994)],
  ['extra retry statuses', { status: 502, config: { ...defaults, retryStatuses: [429, 502, 503] } }, wait(250)],
  ['network errors on POST when configured', { networkError: true, method: 'POST', config: { ...defaults, networkErrorMethods: ['GET', 'POST'] } }, wait(250)],
];

describe('retryDecision (the retry policy, one pure function)', () => {
  it.each(table)('%s', (_name, input, expected) => {
    expect(retryDecision({ attempt: 1, method: 'GET', now: NOW, config: defaults, random: 0.5, ...input })).toEqual(expected);
  });

  it('has the documented defaults', () => {
    expect(defaults).toEqual({ maxRetries: 3, baseDelayMs: 500, maxDelayMs: 60_000, retryStatuses: [429, 503], networkErrorMethods: ['GET', 'HEAD'], outageMs: 10_000, maxOutageRetries: 10 });
    expect(Object.isFrozen(defaults)).toBe(true);
  });

  it('spreads waits over the whole jitter range (full jitter, not equal jitter)', () => {
    const waits = [0, 0.25, 0.5, 0.75, 0.999].map((random) => retryDecision({ attempt: 2, status: 429, method: 'GET', now: NOW, config: defaults, random }));
    expect(waits).toEqual([wait(0), wait(250), wait(500), wait(750), wait(999)]);
  });
});

describe('a herd told the same wait (50 callers, one Retry-After)', () => {
  const randoms = Array.from({ length: 50 }, (_, i) => i / 50);
  const waits = (retryAfter: string) =>
    randoms.map((random) => retryDecision({ attempt: 1, status: 429, method: 'GET', now: NOW, config: defaults, random, headers: h({ 'retry-after': retryAfter }) }));

  it.each(['0', '1', '42', '60'])('Retry-After %s: nobody comes back earlier than asked, and they come back spread out', (retryAfter) => {
    const delays = waits(retryAfter).map((d) => (d.retry ? d.delayMs : NaN));
    const asked = Number(retryAfter) * 1000;
    expect(Math.min(...delays)).toBe(asked);
    // Spread over the first retry's backoff ceiling (500 ms) or a tenth of the wait, whichever is longer.
    const spread = Math.max(500, asked / 10);
    expect(Math.max(...delays) - asked).toBe(Math.floor((49 / 50) * spread));
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
