/**
 * What the client throws. An API answer that is not a success is a PartnerApiError (status,
 * problem document, request id); no answer at all is a PartnerNetworkError. Both extend
 * PartnerClientError, so `catch` can tell "the API said no" from "the API was not reached".
 * A caller's own AbortSignal rejects with the signal's reason, as fetch does.
 */
import type { components } from './generated/api.js';
import { parseRateLimit, type RateLimitState } from './rate-limit.js';
import { parseRetryAfter } from './retry.js';

export type Problem = components['schemas']['Problem'];
export type ProblemCode = Problem['code'];

/** The base of every error the client throws on its own account. */
export class PartnerClientError extends Error {
  override name = 'PartnerClientError';
}

/** The API answered with a 4xx or 5xx status. */
export class PartnerApiError extends PartnerClientError {
  override name = 'PartnerApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The problem document's stable code (branch on this); undefined when the body was not a problem document. */
  readonly code: ProblemCode | undefined;
  /** The RFC 9457 problem document, when the body was one. */
  readonly problem: Problem | undefined;
  /** The request id to quote to the studio: the problem's, else the `X-Request-Id` response header. */
  readonly requestId: string | undefined;
  /** How long the server asked to wait (`Retry-After`), in milliseconds, when it did. */
  readonly retryAfterMs: number | undefined;
  /** The quota left in the operation's rate-limit group, when the response said. */
  readonly rateLimit: RateLimitState | undefined;
  readonly method: string;
  readonly url: string;

  constructor(init: {
    status: number;
    problem: Problem | undefined;
    requestId: string | undefined;
    retryAfterMs?: number | undefined;
    rateLimit?: RateLimitState | undefined;
    method: string;
    url: string;
    statusText?: string;
    /** What a mock found wrong with the request (Prism's `sl-violations`), when it said so. */
    violations?: string[] | undefined;
  }) {
    const what = init.problem ? `${init.problem.code}: ${init.problem.detail}` : init.statusText || 'no problem document';
    const mock = init.violations?.length ? ` [the mock found: ${init.violations.join('; ')}]` : '';
    super(`${init.method} ${new URL(init.url).pathname} failed with ${init.status} (${what})${mock}${init.requestId ? ` [request ${init.requestId}]` : ''}`);
    this.status = init.status;
    this.problem = init.problem;
    this.code = init.problem?.code;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.rateLimit = init.rateLimit;
    this.method = init.method;
    this.url = init.url;
  }
}

/** No usable answer arrived: the connection failed, or the per-request timeout passed. */
export class PartnerNetworkError extends PartnerClientError {
  override name = 'PartnerNetworkError';
  /** True when the per-request timeout passed, false for connection failures. */
  readonly timedOut: boolean;
  /** Attempts made, retries included. */
  readonly attempts: number;
  readonly method: string;
  readonly url: string;

  constructor(init: { method: string; url: string; timedOut: boolean; attempts: number; cause: unknown }) {
    const reason = init.timedOut ? 'timed out' : `could not be sent (${describe(init.cause)})`;
    super(`${init.method} ${init.url} ${reason} after ${init.attempts} attempt${init.attempts === 1 ? '' : 's'}`, { cause: init.cause });
    this.timedOut = init.timedOut;
    this.attempts = init.attempts;
    this.method = init.method;
    this.url = init.url;
  }
}

/** Connection errors that mean the request never left this machine: sending it again cannot do anything twice. */
const NOT_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether a fetch failure happened before anything was sent (the connection was refused). */
export function notSent(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    // Happy eyeballs (localhost as ::1 and 127.0.0.1) reports every address's refusal at once.
    if (e instanceof AggregateError && e.errors.length > 0 && e.errors.every((inner) => notSent(inner))) return true;
  }
  return false;
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND) in its cause.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}

/** Whether a parsed body looks like this API's problem document. */
export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const p = body as Record<string, unknown>;
  return typeof p.status === 'number' && typeof p.code === 'string' && typeof p.title === 'string';
}

/** The typed error for a failed response and the body openapi-fetch parsed from it. */
export function apiError(response: Response, body: unknown, method: string, url: string, now: number): PartnerApiError {
  const problem = isProblem(body) ? body : undefined;
  return new PartnerApiError({
    status: response.status,
    statusText: response.statusText,
    problem,
    requestId: problem?.request_id ?? response.headers.get('x-request-id') ?? undefined,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now),
    rateLimit: parseRateLimit(response.headers),
    method,
    url,
    violations: mockViolations(response.headers.get('sl-violations')),
  });
}

/**
 * The Prism mock answers a request the contract does not allow with the contract's example 400,
 * whatever was wrong; what was actually wrong comes in its `sl-violations` header. The real API
 * never sends that header: its problem document says what was wrong.
 */
function mockViolations(header: string | null): string[] | undefined {
  if (!header) return undefined;
  try {
    const parsed: unknown = JSON.parse(header);
    if (!Array.isArray(parsed)) return undefined;
    const messages = parsed.map((v: { message?: unknown }) => v?.message).filter((m): m is string => typeof m === 'string');
    return messages.length ? messages : undefined;
  } catch {
    return undefined;
  }
}
