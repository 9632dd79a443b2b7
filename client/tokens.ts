/**
 * Token management: one access token, fetched on first use, shared by every call, renewed before
 * it expires, and replaced once when the API answers 401. Credentials the API refused stay refused
 * until the caller gives new ones. Partners never write this themselves.
 */
import { PartnerApiError } from './errors.js';
import type { components } from './generated/api.js';
import type { CallOptions, Send } from './transport.js';

export type AccessToken = components['schemas']['AccessToken'];

export interface TokenManagerOptions {
  /** Exchanges the key and secret for a token; throws a PartnerApiError when the API refuses. */
  authenticate: () => Promise<AccessToken>;
  now: () => number;
  /** Renew when fewer than this many milliseconds remain. */
  renewBeforeMs: number;
}

interface Held {
  token: AccessToken;
  /** When to stop using it, on the client's clock. */
  expiresAt: number;
}

/** Holds the current token and makes sure concurrent callers share one authenticate. */
export class TokenManager {
  private held: Held | undefined;
  private pending: Promise<Held> | undefined;
  /** The 401 authenticate answered with the current credentials; thrown again until they change. */
  private refused: PartnerApiError | undefined;
  /** Bumped by reset(), so an authenticate begun with the old credentials cannot store its outcome. */
  private generation = 0;

  constructor(private readonly options: TokenManagerOptions) {}

  /** A token with more than `renewBeforeMs` left, authenticating (once for all callers) when needed. */
  async get(signal?: AbortSignal): Promise<AccessToken> {
    // Asking again with a secret the API refused cannot succeed, and after a secret regeneration
    // every call would spend the partner's Authentication budget until 429s stalled them all.
    if (this.refused) throw this.refused;
    const { held } = this;
    if (held && this.options.now() < held.expiresAt - this.options.renewBeforeMs) return held.token;
    // Not tied to one caller's signal: the other callers waiting on it must not be aborted with it.
    this.pending ??= this.fetchToken();
    return (await abortable(this.pending, signal)).token;
  }

  /** Forgets the token, the refusal and any authenticate under way: new credentials take over. */
  reset(): void {
    this.generation++;
    this.held = undefined;
    this.pending = undefined;
    this.refused = undefined;
  }

  /** Forgets `accessToken` if it is still the current one (a 401 proved it dead). */
  invalidate(accessToken: string): void {
    if (this.held?.token.access_token === accessToken) this.held = undefined;
  }

  private async fetchToken(): Promise<Held> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    const receivedAt = this.options.now();
    let token: AccessToken;
    try {
      token = await this.options.authenticate();
    } catch (error) {
      if (current()) {
        this.pending = undefined;
        if (error instanceof PartnerApiError && error.status === 401) this.refused = error;
      }
      throw error;
    }
    if (current()) this.pending = undefined;
    // expires_at is on the server's clock; receipt time + expires_in is on ours. The earlier of the
    // two keeps a client whose clock runs behind the server's from using a token past its end. A
    // fresh token that already looks due means our clock runs far ahead: then only ours is usable,
    // or every call would authenticate again.
    const byServer = Date.parse(token.expires_at);
    const byUs = receivedAt + token.expires_in * 1000;
    const plausible = byServer - receivedAt > this.options.renewBeforeMs;
    const held = { token, expiresAt: plausible ? Math.min(byServer, byUs) : byUs };
    if (current()) this.held = held;
    return held;
  }
}

/** Wraps a Send so every request carries the current token, re-authenticating once on a 401. */
export function authorized(send: Send, tokens: TokenManager): Send {
  return async (request, call: CallOptions = {}) => {
    const first = await tokens.get(call.signal);
    const response = await send(withBearer(request.clone(), first.access_token), call);
    if (response.status !== 401) return response;
    // The token was revoked or expired early (secret regenerated, server clock ahead): one fresh
    // token and one repeat. A second 401, or a refused authenticate, goes to the caller: no loop.
    tokens.invalidate(first.access_token);
    const second = await tokens.get(call.signal);
    return send(withBearer(request, second.access_token), call);
  };
}

function withBearer(request: Request, accessToken: string): Request {
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${accessToken}`);
  return new Request(request, { headers });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
