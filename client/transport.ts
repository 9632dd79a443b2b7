/**
 * The retrying fetch the typed client sends everything through. openapi-fetch middleware cannot
 * re-send a request, so retries live here, in the `fetch` handed to openapi-fetch: every attempt
 * sends a fresh clone of the request, under the caller's AbortSignal and a per-attempt timeout,
 * and the pure retryDecision() says whether and when to try again.
 */
import { PartnerNetworkError } from './errors.js';
import { retryDecision, type RetryConfig } from './retry.js';

/** Per-call options every client method accepts. */
export interface CallOptions {
  /** Aborts the call, waits between retries included; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt timeout for this call, in milliseconds. */
  timeoutMs?: number;
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

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  retry: RetryConfig;
  timeoutMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** Sends one request, retrying it as the policy says. */
export type Send = (request: Request, call?: CallOptions) => Promise<Response>;

class AttemptTimeout extends Error {}

/** Builds the retrying fetch. */
export function createTransport(options: TransportOptions): Send {
  return async function send(request, call = {}) {
    const signal = call.signal ? AbortSignal.any([call.signal, request.signal]) : request.signal;
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      let response: Response | undefined;
      let failure: PartnerNetworkError | undefined;
      try {
        response = await attemptOnce(options.fetch, request, signal, timeoutMs);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const timedOut = error instanceof AttemptTimeout;
        failure = new PartnerNetworkError({ method: request.method, url: request.url, timedOut, attempts: attempt, cause: timedOut ? undefined : error });
      }
      const decision = retryDecision({
        attempt,
        method: request.method,
        now: options.now(),
        config: options.retry,
        random: options.random(),
        ...(response ? { status: response.status, headers: response.headers } : { networkError: true }),
      });
      if (!decision.retry) {
        if (failure) throw failure;
        return response!;
      }
      options.onRetry?.({
        attempt,
        delayMs: decision.delayMs,
        method: request.method,
        url: request.url,
        ...(response ? { status: response.status } : {}),
        ...(failure ? { error: failure } : {}),
      });
      await options.sleep(decision.delayMs, signal);
    }
  };
}

async function attemptOnce(fetch: TransportOptions['fetch'], request: Request, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forward, { once: true });
  // A real timer on purpose: it only fires when a server stalls, so tests never wait on it otherwise.
  const timer = Number.isFinite(timeoutMs) && timeoutMs > 0 ? setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs) : undefined;
  try {
    const response = await fetch(new Request(request.clone(), { signal: controller.signal }));
    // Read the body inside the timeout: a stalled body is a timeout too, and a response that is
    // about to be retried gives its connection back at once.
    const body = await response.arrayBuffer();
    return new Response(body.byteLength > 0 ? body : null, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    throw controller.signal.reason instanceof AttemptTimeout ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  }
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
