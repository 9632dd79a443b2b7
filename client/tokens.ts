/**
 * Token management: one access token, fetched on first use, shared by every call (and by every
 * client sharing the token store), renewed before it expires, and replaced once when the API
 * answers 401. Credentials the API refused stay refused until the caller gives new ones; a
 * disabled partner's are tried again after a while. Partners never write this themselves.
 */
import { PartnerApiError } from './errors.js';
import type { components } from './generated/api.js';
import { decodeEntry, encodeEntry, type StoredRefusal, type TokenStore } from './token-store.js';
import type { CallOptions, Send } from './transport.js';

export type AccessToken = components['schemas']['AccessToken'];

export interface TokenManagerOptions {
  /** Exchanges the key and secret for a token; throws a PartnerApiError when the API refuses. */
  authenticate: () => Promise<AccessToken>;
  now: () => number;
  /** Renew when fewer than this many milliseconds remain. */
  renewBeforeMs: number;
  store: TokenStore;
  /** The store key of the current credentials. */
  key: () => Promise<string>;
  /** How long a `partner_disabled` answer stands before authenticate is asked again. */
  disabledRetryMs: number;
  /** A store that failed: the client goes on without it (authenticating itself) and reports here. */
  onStoreError: (error: unknown) => void;
}

interface Held {
  token: AccessToken;
  /** When to stop using it, on the client's clock. */
  expiresAt: number;
}

/** Wrong credentials stay wrong: a day is only so that stores do not keep them forever. */
const REFUSED_FOR_MS = 24 * 60 * 60_000;

// Clients of one process sharing a store share an authenticate under way too.
const underWay = new WeakMap<TokenStore, Map<string, Promise<Held>>>();

/** Holds the current token and makes sure concurrent callers share one authenticate. */
export class TokenManager {
  private held: Held | undefined;
  private pending: Promise<Held> | undefined;
  /** The refusal of the current credentials, thrown again (the same error) until it lapses or they change. */
  private refused: { error: PartnerApiError; until: number } | undefined;
  /** Bumped by reset(), so work begun with the old credentials cannot store its outcome. */
  private generation = 0;
  /** False after reset(): the caller asked to try these credentials again, whatever the store remembers. */
  private trustStoredRefusal = true;

  constructor(private readonly options: TokenManagerOptions) {}

  /** A token with more than `renewBeforeMs` left, authenticating (once for all callers) when needed. */
  async get(signal?: AbortSignal): Promise<AccessToken> {
    const now = this.options.now();
    // Asking again with a secret the API refused cannot succeed, and after a secret regeneration
    // every call would spend the partner's Authentication budget until 429s stalled them all.
    if (this.refused && now < this.refused.until) throw this.refused.error;
    this.refused = undefined;
    const { held } = this;
    if (held && now < held.expiresAt - this.options.renewBeforeMs) return held.token;
    // Not tied to one caller's signal: the other callers waiting on it must not be aborted with it.
    this.pending ??= this.acquire();
    return (await abortable(this.pending, signal)).token;
  }

  /** Forgets the token, the refusal and any authenticate under way: new credentials take over. */
  reset(): void {
    this.generation++;
    this.held = undefined;
    this.pending = undefined;
    this.refused = undefined;
    this.trustStoredRefusal = false;
  }

  /** Forgets `accessToken` if it is still the current one (a 401 proved it dead), here and in the store. */
  async invalidate(accessToken: string): Promise<void> {
    if (this.held?.token.access_token === accessToken) this.held = undefined;
    const key = await this.options.key();
    const stored = decodeEntry(await this.fromStore(() => this.options.store.get(key)));
    if (stored && 'token' in stored && stored.token.access_token === accessToken) await this.fromStore(() => this.options.store.delete(key));
  }

  private async acquire(): Promise<Held> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    const trustRefusal = this.trustStoredRefusal;
    this.trustStoredRefusal = true;
    try {
      const key = await this.options.key();
      let shared = underWay.get(this.options.store);
      if (!shared) underWay.set(this.options.store, (shared = new Map()));
      let job = shared.get(key);
      if (!job) {
        const started = this.readOrAuthenticate(key, trustRefusal);
        shared.set(key, (job = started));
        void started.catch(() => {}).finally(() => shared.get(key) === started && shared.delete(key));
      }
      const held = await job;
      if (current()) this.held = held;
      return held;
    } catch (error) {
      if (current() && error instanceof PartnerApiError) {
        const until = this.refusalUntil(error);
        if (until !== undefined) this.refused = { error, until };
      }
      throw error;
    } finally {
      if (current()) this.pending = undefined;
    }
  }

  private async readOrAuthenticate(key: string, trustRefusal: boolean): Promise<Held> {
    const { store, now, renewBeforeMs } = this.options;
    const stored = decodeEntry(await this.fromStore(() => store.get(key)));
    if (stored && 'token' in stored && now() < stored.expiresAt - renewBeforeMs) return stored;
    if (stored && 'refusal' in stored && trustRefusal && now() < stored.refusal.until) throw refusalError(stored.refusal);
    const receivedAt = now();
    let token: AccessToken;
    try {
      token = await this.options.authenticate();
    } catch (error) {
      const until = error instanceof PartnerApiError ? this.refusalUntil(error) : undefined;
      if (error instanceof PartnerApiError && until !== undefined) {
        const refusal: StoredRefusal = { status: error.status, problem: error.problem, requestId: error.requestId, method: error.method, url: error.url, until };
        await this.fromStore(() => store.set(key, encodeEntry({ refusal }), until - now()));
      }
      throw error;
    }
    // expires_at is on the server's clock; receipt time + expires_in is on ours. The earlier of the
    // two keeps a client whose clock runs behind the server's from using a token past its end. A
    // fresh token that already looks due means our clock runs far ahead: then only ours is usable,
    // or every call would authenticate again.
    const byServer = Date.parse(token.expires_at);
    const byUs = receivedAt + token.expires_in * 1000;
    const plausible = byServer - receivedAt > renewBeforeMs;
    const held = { token, expiresAt: plausible ? Math.min(byServer, byUs) : byUs };
    await this.fromStore(() => store.set(key, encodeEntry(held), held.expiresAt - now()));
    return held;
  }

  /** Until when a refusal of authenticate stands: a 401 for good, a disabled partner for a while; others not at all. */
  private refusalUntil(error: PartnerApiError): number | undefined {
    if (error.status === 401) return this.options.now() + REFUSED_FOR_MS;
    if (error.code === 'partner_disabled' && this.options.disabledRetryMs > 0) return this.options.now() + this.options.disabledRetryMs;
    return undefined;
  }

  private async fromStore<T>(operation: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await operation();
    } catch (error) {
      this.options.onStoreError(error);
      return undefined;
    }
  }
}

function refusalError(refusal: StoredRefusal): PartnerApiError {
  const problem = refusal.problem as PartnerApiError['problem'];
  return new PartnerApiError({ status: refusal.status, problem, requestId: refusal.requestId, method: refusal.method, url: refusal.url });
}

/** Wraps a Send so every request carries the current token, re-authenticating once on a 401. */
export function authorized(send: Send, tokens: TokenManager): Send {
  return async (request, call: CallOptions = {}) => {
    const first = await tokens.get(call.signal);
    const response = await send(withBearer(request.clone(), first.access_token), call);
    if (response.status !== 401) return response;
    // The token was revoked or expired early (secret regenerated, server clock ahead): one fresh
    // token and one repeat. A second 401, or a refused authenticate, goes to the caller: no loop.
    await tokens.invalidate(first.access_token);
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
