/**
 * The typed methods, one per operation of the contract, grouped as a partner thinks of them.
 * Each returns the response body or throws a PartnerApiError (`.withResponse()` adds the response
 * to the body); lists also come as async iterators.
 */
import type { Client } from 'openapi-fetch';
import type { paths } from './generated/api.js';
import { ChangeFeedReader, type FollowOptions } from './changes.js';
import { apiError } from './errors.js';
import { items, pages, type Page } from './pagination.js';
import { ApiPromise, responseInfo, type WithResponse } from './response.js';
import type { StreamUrlCache } from './stream-cache.js';
import type { TokenManager } from './tokens.js';
import type { CallOptions, Send } from './transport.js';
import type * as T from './types.js';

export interface Context {
  /** openapi-fetch over the authorized, retrying fetch. */
  raw: Client<paths>;
  /** The authorized, retrying fetch. */
  send: Send;
  tokens: TokenManager;
  now: () => number;
  /** Stream URLs kept for most of their lifetime; undefined when turned off. */
  streams: StreamUrlCache | undefined;
}

type Fetch = (request: Request) => Promise<Response>;
type Result = { data?: unknown; error?: unknown; response: Response };
type Data<R extends Result> = NonNullable<R['data']>;

/** Runs one openapi-fetch call through `send` with the call's options: the body and its response, or a PartnerApiError. */
export async function detailed<R extends Result>(send: Send, now: () => number, options: CallOptions, run: (fetch: Fetch) => Promise<R>): Promise<WithResponse<Data<R>>> {
  let sent: Request | undefined;
  const result = await run((request) => send((sent = request), options));
  if (result.response.ok) return { data: result.data as Data<R>, response: responseInfo(result.response) };
  throw apiError(result.response, result.error, sent?.method ?? 'GET', sent?.url ?? '', now());
}

/** The body of one call, with `withResponse()`. */
export function call<R extends Result>(send: Send, now: () => number, options: CallOptions, run: (fetch: Fetch) => Promise<R>): ApiPromise<Data<R>> {
  return new ApiPromise(detailed(send, now, options, run));
}

// The iterators pass the cursor along themselves; a `cursor` in the query resumes from there.
function lister<Q extends { cursor?: string }, Item>(list: (query: Q, options?: CallOptions) => PromiseLike<Page<Item>>) {
  const at = (query: Q, options?: CallOptions) => async (cursor: string | undefined) => list({ ...query, ...(cursor ? { cursor } : {}) }, options);
  return {
    pages: (query: Q, options?: CallOptions) => pages(at(query, options), query.cursor),
    all: (query: Q, options?: CallOptions) => items(at(query, options), query.cursor),
  };
}

/** The client's methods over a context. */
export function resources(ctx: Context) {
  const { raw } = ctx;
  const run = <R extends Result>(options: CallOptions = {}, fn: (fetch: Fetch) => Promise<R>) => call(ctx.send, ctx.now, options, fn);

  const listEntitlements = (query: T.EntitlementsQuery = {}, options?: CallOptions) =>
    run(options, (fetch) => raw.GET('/api/partner/content/entitlements', { params: { query }, fetch }));
  const listCatalog = (query: T.CatalogQuery = {}, options?: CallOptions) =>
    run(options, (fetch) => raw.GET('/api/partner/content/catalog', { params: { query }, fetch }));
  const listChanges = (query: T.ChangesQuery = {}, options?: CallOptions) =>
    run(options, (fetch) => raw.GET('/api/partner/content/changes', { params: { query }, fetch }));
  const search = (query: T.SearchQuery, options?: CallOptions) => run(options, (fetch) => raw.GET('/api/partner/content/search', { params: { query }, fetch }));
  const listEpisodes = (seriesId: string, query: T.EpisodesQuery = {}, options?: CallOptions) =>
    run(options, (fetch) => raw.GET('/api/partner/content/series/{series_id}/episodes', { params: { path: { series_id: seriesId }, query }, fetch }));
  const usage = (query: T.UsageQuery, options?: CallOptions) => run(options, (fetch) => raw.GET('/api/partner/analytics/usage', { params: { query }, fetch }));

  const entitlements = lister(listEntitlements);
  const catalog = lister(listCatalog);
  const searches = lister(search);
  const usages = lister(usage);
  const deliveries = (query: T.WebhookDeliveriesQuery = {}, options?: CallOptions) =>
    run(options, (fetch) => raw.GET('/api/partner/webhooks/deliveries', { params: { query }, fetch }));
  const deliveryPages = lister(deliveries);

  return {
    auth: {
      /** The current access token, authenticating or renewing it when needed. */
      token: (options?: CallOptions): Promise<T.AccessToken> => ctx.tokens.get(options?.signal),
      /** Asks the API whether the current token is valid (counts against the TokenVerification limit, never the Authentication one). */
      verify: (options?: CallOptions) => run(options, (fetch) => raw.GET('/api/partner/auth/verify', { fetch })),
    },
    entitlements: {
      /** One page of your grants, per series. */
      list: listEntitlements,
      /** Every entitlement, page after page. */
      all: (query: T.EntitlementsQuery = {}, options?: CallOptions) => entitlements.all(query, options),
      pages: (query: T.EntitlementsQuery = {}, options?: CallOptions) => entitlements.pages(query, options),
    },
    catalog: {
      /** One page of the catalog series you may read. */
      list: listCatalog,
      /** Every catalog series matching the filters, page after page. */
      all: (query: T.CatalogQuery = {}, options?: CallOptions) => catalog.all(query, options),
      pages: (query: T.CatalogQuery = {}, options?: CallOptions) => catalog.pages(query, options),
    },
    changes: {
      /** One page of your change feed after `cursor` (absent: from now), oldest first. */
      list: listChanges,
      /** Your events after `cursor`, oldest first, until caught up; `.cursor` (and `onCursor`) say where to resume. */
      all: (follow: FollowOptions = {}, options?: CallOptions) => new ChangeFeedReader((query) => listChanges(query, options), follow),
    },
    search: {
      /** One page of search hits, best first. */
      list: search,
      /** Every hit for the query, best first, page after page. */
      all: (query: T.SearchQuery, options?: CallOptions) => searches.all(query, options),
      pages: (query: T.SearchQuery, options?: CallOptions) => searches.pages(query, options),
    },
    series: {
      /** A series with its seasons. */
      get: (seriesId: string, options?: CallOptions) =>
        run(options, (fetch) => raw.GET('/api/partner/content/series/{series_id}', { params: { path: { series_id: seriesId } }, fetch })),
    },
    episodes: {
      /** One page of a series' episodes, in season and episode order. */
      list: listEpisodes,
      /** Every episode of a series (or of one `season`), page after page. */
      all: (seriesId: string, query: T.EpisodesQuery = {}, options?: CallOptions) =>
        lister((q: T.EpisodesQuery, o?: CallOptions) => listEpisodes(seriesId, q, o)).all(query, options),
      pages: (seriesId: string, query: T.EpisodesQuery = {}, options?: CallOptions) =>
        lister((q: T.EpisodesQuery, o?: CallOptions) => listEpisodes(seriesId, q, o)).pages(query, options),
      /** One episode. */
      get: (episodeId: string, options?: CallOptions) =>
        run(options, (fetch) => raw.GET('/api/partner/content/episodes/{episode_id}', { params: { path: { episode_id: episodeId } }, fetch })),
    },
    streams: {
      /**
       * A signed, expiring manifest URL for an episode (`hls` unless `format` says otherwise). One
       * URL serves every viewer until its `expires_at`: the client hands out the same one while
       * less than `streamUrlReuse` (0.8) of its lifetime has passed.
       */
      resolve: (episodeId: string, query: T.StreamQuery = {}, options: CallOptions = {}): ApiPromise<T.StreamLocation> => {
        const resolve = (opts: CallOptions) =>
          detailed(ctx.send, ctx.now, opts, (fetch) => raw.GET('/api/partner/streaming/episodes/{episode_id}', { params: { path: { episode_id: episodeId }, query }, fetch }));
        // A call with headers of its own asks for something particular (a mock's example): never cached.
        if (!ctx.streams || options.headers) return new ApiPromise(resolve(options));
        const { signal, ...shared } = options;
        return new ApiPromise(ctx.streams.get(`${episodeId}\n${query.format ?? ''}`, signal, (own) => resolve({ ...shared, signal: own })));
      },
    },
    usage: {
      /** One page of your usage report for a range of UTC days. */
      get: usage,
      /** Every row of the usage report, page after page. */
      all: (query: T.UsageQuery, options?: CallOptions) => usages.all(query, options),
    },
    webhooks: {
      /** One page of your webhook delivery log, newest event first. */
      deliveries,
      /** Every delivery of the log, page after page. */
      allDeliveries: (query: T.WebhookDeliveriesQuery = {}, options?: CallOptions) => deliveryPages.all(query, options),
    },
  };
}
