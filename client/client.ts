/**
 * createPartnerClient: openapi-fetch with the generated types, over a fetch that adds the token
 * and retries. Time, randomness and sleeping are options so tests (and simulations) never wait.
 */
import createClient from 'openapi-fetch';
import { concurrencyLimit } from './concurrency.js';
import type { paths } from './generated/api.js';
import { defaultRetryConfig, type RetryConfig } from './retry.js';
import { rawClient } from './raw.js';
import { call, resources } from './resources.js';
import { StreamUrlCache } from './stream-cache.js';
import { memoryTokenStore, storeKey, type TokenStore } from './token-store.js';
import { authorized, TokenManager } from './tokens.js';
import { createTransport, sleep as realSleep, type FetchLike, type RequestEvent, type ResponseEvent, type RetryEvent } from './transport.js';
import { userAgent } from './user-agent.js';

/** The key and secret the studio gave you. */
export interface PartnerCredentials {
  /** The API key (`pk_…`). */
  apiKey: string;
  /** The API secret (`sk_…`). Keep it server-side. */
  apiSecret: string;
}

export interface PartnerClientOptions extends PartnerCredentials {
  /** The API's origin: `https://partners.halcyon-studios.example`, the sandbox's, or a mock's such as `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Your application's name and version, added to `User-Agent` (e.g. `acme-player/2.3`), so the studio can tell your traffic apart. */
  appName?: string;
  /** Overrides of the retry policy; see defaultRetryConfig. */
  retry?: Partial<RetryConfig>;
  /** How long one attempt may take, response body included, in milliseconds (default 30 s; Infinity for none). */
  timeoutMs?: number;
  /** At most this many requests of this client on the wire at once; the others wait their turn (default: no limit). */
  maxConcurrency?: number;
  /** Renew the token when fewer than this many milliseconds remain (default 5 minutes). */
  renewBeforeMs?: number;
  /** Where the token is kept: share one store between clients (or, through Redis or a file, processes) to share one token (default: this client's memory). */
  tokenStore?: TokenStore;
  /** After a `partner_disabled` answer, calls fail at once with it for this long, then authenticate again (default 60 s; 0 asks every time). */
  disabledRetryMs?: number;
  /** The share of a stream URL's lifetime for which `streams.resolve` hands out the same URL again (default 0.8; `false` asks the API every time). */
  streamUrlReuse?: number | false;
  /** Called before each attempt is sent, with its headers (the token redacted). */
  onRequest?: (event: RequestEvent) => void;
  /** Called for each response that arrives, whatever its status: request id, rate-limit state, duration. */
  onResponse?: (event: ResponseEvent) => void;
  /** Called before each wait between attempts, e.g. to log rate limiting. */
  onRetry?: (event: RetryEvent) => void;
  /** Called when the token store fails; the client then authenticates on its own (default: ignored). */
  onTokenStoreError?: (error: unknown) => void;
  /** The fetch to send requests with (default: the global fetch); it must pass `init.signal` on. */
  fetch?: FetchLike;
  /** Waits between attempts (default: real timers); must reject with `signal.reason` when it aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds since the epoch (default: Date.now). */
  now?: () => number;
  /** Randomness in [0, 1) for jitter (default: Math.random). */
  random?: () => number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RENEW_BEFORE_MS = 5 * 60_000;
const DEFAULT_DISABLED_RETRY_MS = 60_000;
const DEFAULT_STREAM_URL_REUSE = 0.8;

/** A client for the Partner Catalog API that manages its token and retries on its own. */
export function createPartnerClient(options: PartnerClientOptions) {
  const { baseUrl, agent, streamUrlReuse } = checked(options);
  let credentials = checkedCredentials(options, 'createPartnerClient');
  const now = options.now ?? Date.now;
  const retry: RetryConfig = { ...defaultRetryConfig, ...options.retry };
  const send = createTransport({
    // Looked up per request, so code that replaces globalThis.fetch later (tests, proxies) still applies.
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    retry,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sleep: options.sleep ?? realSleep,
    now,
    random: options.random ?? Math.random,
    userAgent: agent,
    slots: options.maxConcurrency === undefined ? undefined : concurrencyLimit(options.maxConcurrency),
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    onRetry: options.onRetry,
  });

  const anonymous = createClient<paths>({ baseUrl, fetch: (request) => send(request) });
  const tokens = new TokenManager({
    now,
    renewBeforeMs: options.renewBeforeMs ?? DEFAULT_RENEW_BEFORE_MS,
    store: options.tokenStore ?? memoryTokenStore({ now }),
    key: () => storeKey(baseUrl, credentials.apiKey, credentials.apiSecret),
    disabledRetryMs: options.disabledRetryMs ?? DEFAULT_DISABLED_RETRY_MS,
    onStoreError: options.onTokenStoreError ?? (() => {}),
    authenticate: () => {
      const { apiKey, apiSecret } = credentials;
      return call(send, now, {}, (fetch) => anonymous.POST('/api/partner/auth', { body: { api_key: apiKey, api_secret: apiSecret }, fetch }));
    },
  });
  const authedSend = authorized(send, tokens);
  const raw = rawClient(baseUrl, authedSend);
  const streams = streamUrlReuse ? new StreamUrlCache(now, streamUrlReuse) : undefined;

  return {
    ...resources({ raw, send: authedSend, tokens, now, streams }),
    /**
     * The underlying openapi-fetch client, for anything the methods above do not cover: typed by
     * the contract, with the token and retries handled, answering `{ data, error, response }`
     * instead of throwing on API errors.
     */
    raw,
    /** The retry policy in effect. */
    retryConfig: Object.freeze({ ...retry }),
    /** The `User-Agent` the client sends. */
    userAgent: agent,
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
function checked(options: PartnerClientOptions): { baseUrl: string; agent: string; streamUrlReuse: number | false } {
  const problems = credentialProblems(options);
  if (typeof options.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl) || !URL.canParse(options.baseUrl)) {
    problems.unshift(`baseUrl must be an absolute http(s) URL (got ${JSON.stringify(options.baseUrl)})`);
  }
  const { maxConcurrency, streamUrlReuse = DEFAULT_STREAM_URL_REUSE, appName } = options;
  if (maxConcurrency !== undefined && !(Number.isInteger(maxConcurrency) && maxConcurrency >= 1)) problems.push(`maxConcurrency must be a whole number from 1 (got ${maxConcurrency})`);
  if (streamUrlReuse !== false && !(streamUrlReuse >= 0 && streamUrlReuse <= 1)) problems.push(`streamUrlReuse must be from 0 to 1, or false (got ${streamUrlReuse})`);
  const agent = userAgent(appName);
  if (agent === undefined) problems.push(`appName must be a product token such as acme-player/2.3 (got ${JSON.stringify(appName)})`);
  if (problems.length) throw new TypeError(`createPartnerClient: ${problems.join('; ')}`);
  return { baseUrl: options.baseUrl.replace(/\/+$/, ''), agent: agent!, streamUrlReuse: streamUrlReuse || false };
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
