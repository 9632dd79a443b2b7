/**
 * The retrying fetch the typed client sends everything through. openapi-fetch middleware cannot
 * re-send a request, so retries live here, in the `fetch` handed to openapi-fetch: every attempt
 * sends a fresh clone of the request under the caller's AbortSignal and a per-attempt timeout,
 * and the pure retryDecision() says whether and when to try again.
 *
 * The signal goes to `fetch(request, { signal })`, never into a Request: Node's fetch loses the
 * signal of a Request rebuilt from a clone after a garbage collection, and a stalled server then
 * holds the call until undici's own 300 s header timeout (test/kit/gc-stall.test.ts).
 */
import type { Slots } from './concurrency.js';
import { notSent, PartnerNetworkError } from './errors.js';
import { parseRateLimit, type RateLimitState } from './rate-limit.js';
import { retryDecision, type RetryConfig } from './retry.js';

/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Aborts the call, waits between retries included; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt timeout for this call, in milliseconds. */
  timeoutMs?: number;
  /** Sent as `X-Request-Id` on every attempt (1 to 128 of `A-Z a-z 0-9 . _ : -`): the server logs the call under it. */
  requestId?: string;
  /** More request headers for this call, e.g. `{ Prefer: 'code=404' }` to pick an error example of the mock. */
  headers?: Record<string, string>;
}

/** What the client is about to send, for logging: headers with the token redacted, never a body. */
export interface RequestEvent {
  /** The attempt, from 1. */
  attempt: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The `X-Request-Id` sent, when the call gave one. */
  requestId?: string;
}

/** A response that arrived (any status), for logging and metrics. */
export interface ResponseEvent {
  attempt: number;
  method: string;
  url: string;
  status: number;
  /** The server's `X-Request-Id`: quote it to the studio. */
  requestId?: string;
  /** The quota left in the operation's rate-limit group, when the response says. */
  rateLimit?: RateLimitState;
  /** From sending to the whole body, in milliseconds (on the `now` clock). */
  durationMs: number;
}

/** Reported before each wait, for logging. */
export interface RetryEvent {
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
  method: string;
  url: string;
  /** Its status, when a response arrived. */
  status?: number;
  /** The failure, when none did. */
  error?: PartnerNetworkError;
}

/** Sends a request with `init.signal`; it must pass the signal on to the real fetch. */
export type FetchLike = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

export interface TransportOptions {
  fetch: FetchLike;
  retry: RetryConfig;
  timeoutMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
  userAgent: string;
  slots?: Slots | undefined;
  onRequest?: ((event: RequestEvent) => void) | undefined;
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** Sends one request, retrying it as the policy says. */
export type Send = (request: Request, call?: CallOptions) => Promise<Response>;

/** How many attempts each response the transport returned took. */
export const attemptsOf = new WeakMap<Response, number>();

class AttemptTimeout extends Error {}

/** Builds the retrying fetch. */
export function createTransport(options: TransportOptions): Send {
  const { now } = options;
  return async function send(original, call = {}) {
    const { signal } = call;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const request = withCallHeaders(original, call, options.userAgent);
    const { method, url } = request;
    const startedAt = now();
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let sentAt = now();
      let response: Response | undefined;
      let failure: PartnerNetworkError | undefined;
      let refused = false;
      // Reported, timed and timed out from when it goes on the wire, after any wait for a slot. A
      // hook that throws fails the call as it is: it is no network error to retry.
      const once = async (): Promise<{ response: Response } | { error: unknown }> => {
        options.onRequest?.({ attempt, method, url, headers: redactedHeaders(request.headers), ...(call.requestId ? { requestId: call.requestId } : {}) });
        sentAt = now();
        try {
          return { response: await attemptOnce(options.fetch, request, signal, timeoutMs) };
        } catch (error) {
          return { error };
        }
      };
      const outcome = await (options.slots ? options.slots(once, signal) : once());
      if ('response' in outcome) response = outcome.response;
      else {
        if (signal?.aborted) throw signal.reason;
        const timedOut = outcome.error instanceof AttemptTimeout;
        refused = !timedOut && notSent(outcome.error);
        failure = new PartnerNetworkError({ method, url, timedOut, attempts: attempt, cause: timedOut ? undefined : outcome.error });
      }
      if (response) options.onResponse?.(responseEvent(response, attempt, method, url, now() - sentAt));
      const decision = retryDecision({
        attempt,
        method,
        now: now(),
        elapsedMs: now() - startedAt,
        config: options.retry,
        random: options.random(),
        ...(response ? { status: response.status, headers: response.headers } : { networkError: true, notSent: refused }),
      });
      if (!decision.retry) {
        if (failure) throw failure;
        attemptsOf.set(response!, attempt);
        return response!;
      }
      options.onRetry?.({ attempt, delayMs: decision.delayMs, method, url, ...(response ? { status: response.status } : {}), ...(failure ? { error: failure } : {}) });
      await options.sleep(decision.delayMs, signal);
    }
  };
}

async function attemptOnce(fetch: FetchLike, request: Request, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', forward, { once: true });
  // A real timer on purpose: it only fires when a server stalls, so tests never wait on it otherwise.
  const timer = Number.isFinite(timeoutMs) && timeoutMs > 0 ? setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs) : undefined;
  try {
    const response = await fetch(request.clone(), { signal: controller.signal });
    // Read the body inside the timeout: a stalled body is a timeout too, and a response that is
    // about to be retried gives its connection back at once.
    const body = await response.arrayBuffer();
    return new Response(body.byteLength > 0 ? body : null, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    throw controller.signal.reason instanceof AttemptTimeout ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

function withCallHeaders(request: Request, call: CallOptions, userAgent: string): Request {
  const headers = new Headers(request.headers);
  headers.set('User-Agent', userAgent);
  // The token is the client's business: a call's headers never replace it.
  for (const [name, value] of Object.entries(call.headers ?? {})) if (name.toLowerCase() !== 'authorization') headers.set(name, value);
  if (call.requestId !== undefined) headers.set('X-Request-Id', call.requestId);
  return new Request(request, { headers });
}

function responseEvent(response: Response, attempt: number, method: string, url: string, durationMs: number): ResponseEvent {
  const requestId = response.headers.get('x-request-id');
  const rateLimit = parseRateLimit(response.headers);
  return { attempt, method, url, status: response.status, durationMs, ...(requestId ? { requestId } : {}), ...(rateLimit ? { rateLimit } : {}) };
}

/** Request headers as a plain object for logs, the credentials in them replaced by `[redacted]`. */
export function redactedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name === 'authorization') out[name] = `${value.split(' ')[0]} [redacted]`;
    else if (name === 'cookie' || name === 'proxy-authorization') out[name] = '[redacted]';
    else out[name] = value;
  });
  return out;
}

/** A sleep on real timers that an AbortSignal cuts short (rejecting with its reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
