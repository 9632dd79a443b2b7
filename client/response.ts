/**
 * What a successful call says besides its body. `await client.series.get(id)` is the body, as
 * before; `await client.series.get(id).withResponse()` is `{ data, response }`, the response being
 * the request id, status, rate-limit state and headers (the form of OpenAI's and Anthropic's SDKs:
 * one call, nothing to configure, and no field added to the contract's types).
 */
import { parseRateLimit, type RateLimitState } from './rate-limit.js';
import { attemptsOf } from './transport.js';

/** The response a result came with. */
export interface ResponseInfo {
  /** The HTTP status. */
  status: number;
  /** The server's `X-Request-Id`: quote it to the studio. */
  requestId: string | undefined;
  /** The quota left in the operation's rate-limit group (`RateLimit`, `RateLimit-Policy`). */
  rateLimit: RateLimitState | undefined;
  /** Every response header. */
  headers: Headers;
  /** Attempts the call took, retries included. */
  attempts: number;
  /** True when the client answered from its cache (stream URLs) without asking the API. */
  cached: boolean;
}

/** A result with its response. */
export interface WithResponse<T> {
  data: T;
  response: ResponseInfo;
}

/** The ResponseInfo of a response the transport returned. */
export function responseInfo(response: Response): ResponseInfo {
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id') ?? undefined,
    rateLimit: parseRateLimit(response.headers),
    headers: response.headers,
    attempts: attemptsOf.get(response) ?? 1,
    cached: false,
  };
}

/**
 * A promise of a call's body, with `withResponse()` for the body and its response. The call runs
 * once, whichever is awaited.
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #detailed: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(detailed: Promise<WithResponse<T>>) {
    // The base promise is never what a caller sees: then, catch and finally read #detailed.
    super((resolve) => resolve(undefined as T));
    this.#detailed = detailed;
  }

  // Promise methods (then, Promise.all, …) build plain promises, not more of these.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The body and the response it came with: `const { data, response } = await call.withResponse()`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#detailed;
  }

  override then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    this.#data ??= this.#detailed.then((result) => result.data);
    return this.#data.then(onfulfilled, onrejected);
  }

  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}
