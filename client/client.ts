/**
 * createPartnerClient: openapi-fetch with the generated types, over a fetch that adds the token
 * and retries. Time, randomness and sleeping are options so tests (and simulations) never wait.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';
import { defaultRetryConfig, type RetryConfig } from './retry.js';
import { call, resources } from './resources.js';
import { authorized, TokenManager } from './tokens.js';
import { createTransport, sleep as realSleep, type RetryEvent } from './transport.js';

/** The key and secret the studio gave you. */
export interface PartnerCredentials {
  /** The API key (`pk_…`). */
  apiKey: string;
  /** The API secret (`sk_…`). Keep it server-side. */
  apiSecret: string;
}

export interface PartnerClientOptions extends PartnerCredentials {
  /** The API's origin, e.g. `https://partners.halcyon-studios.example` or the mock's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Overrides of the retry policy; see defaultRetryConfig. */
  retry?: Partial<RetryConfig>;
  /** How long one attempt may take, response body included, in milliseconds (default 30 s; Infinity for none). */
  timeoutMs?: number;
  /** Renew the token when fewer than this many milliseconds remain (default 5 minutes). */
  renewBeforeMs?: number;
  /** Called before each wait between attempts, e.g. to log rate limiting. */
  onRetry?: (event: RetryEvent) => void;
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Waits between attempts (default: real timers); must reject with `signal.reason` when it aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds since the epoch (default: Date.now). */
  now?: () => number;
  /** Randomness in [0, 1) for jitter (default: Math.random). */
  random?: () => number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RENEW_BEFORE_MS = 5 * 60_000;

/** A client for the Partner Catalog API that manages its token and retries on its own. */
export function createPartnerClient(options: PartnerClientOptions) {
  const { baseUrl } = checked(options);
  let credentials = checkedCredentials(options, 'createPartnerClient');
  const now = options.now ?? Date.now;
  const retry: RetryConfig = { ...defaultRetryConfig, ...options.retry };
  const send = createTransport({
    // Looked up per request, so code that replaces globalThis.fetch later (tests, proxies) still applies.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    retry,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sleep: options.sleep ?? realSleep,
    now,
    random: options.random ?? Math.random,
    onRetry: options.onRetry,
  });

  const anonymous = createClient<paths>({ baseUrl, fetch: (request) => send(request) });
  const tokens = new TokenManager({
    now,
    renewBeforeMs: options.renewBeforeMs ?? DEFAULT_RENEW_BEFORE_MS,
    authenticate: () => {
      const { apiKey, apiSecret } = credentials;
      return call(send, now, {}, (fetch) => anonymous.POST('/api/partner/auth', { body: { api_key: apiKey, api_secret: apiSecret }, fetch }));
    },
  });
  const authedSend = authorized(send, tokens);
  const raw = createClient<paths>({ baseUrl, fetch: (request) => authedSend(request) });

  return {
    ...resources({ raw, send: authedSend, tokens, now }),
    /**
     * The underlying openapi-fetch client, for anything the methods above do not cover: typed by
     * the contract, with the token and retries handled, answering `{ data, error, response }`
     * instead of throwing on API errors.
     */
    raw,
    /** The retry policy in effect. */
    retryConfig: Object.freeze({ ...retry }),
    /**
     * Replaces the API key and secret, e.g. after the studio regenerated your secret. Once the API
     * refuses the credentials (authenticate answers 401), every call fails at once with that same
     * PartnerApiError, without asking the API again, until this is called; the next call then
     * authenticates with the new credentials.
     */
    setCredentials(next: PartnerCredentials): void {
      credentials = checkedCredentials(next, 'setCredentials');
      tokens.reset();
    },
  };
}

/** What createPartnerClient returns. */
export type PartnerClient = ReturnType<typeof createPartnerClient>;

// A missing environment variable is the most common first-hour mistake: say so before any request.
function checked(options: PartnerClientOptions): { baseUrl: string } {
  const problems = credentialProblems(options);
  if (typeof options.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl) || !URL.canParse(options.baseUrl)) {
    problems.unshift(`baseUrl must be an absolute http(s) URL (got ${JSON.stringify(options.baseUrl)})`);
  }
  if (problems.length) throw new TypeError(`createPartnerClient: ${problems.join('; ')}`);
  return { baseUrl: options.baseUrl.replace(/\/+$/, '') };
}

function checkedCredentials(given: PartnerCredentials, caller: string): PartnerCredentials {
  const problems = credentialProblems(given);
  if (problems.length) throw new TypeError(`${caller}: ${problems.join('; ')}`);
  return { apiKey: given.apiKey, apiSecret: given.apiSecret };
}

function credentialProblems(given: Partial<PartnerCredentials> | undefined): string[] {
  const problems: string[] = [];
  if (typeof given?.apiKey !== 'string' || given.apiKey === '') problems.push('apiKey is required (pk_…)');
  if (typeof given?.apiSecret !== 'string' || given.apiSecret === '') problems.push('apiSecret is required (sk_…)');
  return problems;
}
