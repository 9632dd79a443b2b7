/**
 * Grant enforcement, in one place, from the contract's `x-required-grant`. For an operation
 * about one series (a `series_id` or `episode_id` path parameter) it answers 404 when the
 * resource does not exist and 403 when it exists but the partner lacks the grant. List and
 * search operations are not refused: the store filters them to readable series.
 *
 * What the check read (the episode, or whether the series exists, and the partner's grants on
 * it) changes only with a catalog import or a grant change, which rewrite the store's content
 * version in the same transaction. So it is remembered per partner and resource while the
 * version bearer authentication read for the request is unchanged, as the response cache does for whole
 * pages: resolveStream, which is never cached as a page (its URL is signed per request), then
 * reads nothing from the store beyond the partner's state.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../http/errors.js';
import type { CatalogReads, EpisodeDoc, Grant, GrantReads } from '../store/index.js';
import { VersionedCache } from './versioned-cache.js';

/** Freezes a value and everything in it: a remembered episode is shared by the requests that find it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** What a grant check found: the resource (or that it does not exist) and the partner's grants on its series. */
type Found = { missing: 'episode' | 'series' } | { episode?: EpisodeDoc; seriesId: string; grants: Grant[] };

export interface RequireGrantOptions {
  store: CatalogReads & GrantReads;
  /** Grant checks remembered for the current content version (least recently used go first); 0: none. */
  memoEntries?: number;
}

/** Middleware factory: enforces the operation's required grant on the series the request is about. */
export function requireGrant(options: RequireGrantOptions) {
  const { store, memoEntries = 0 } = options;
  if (!store) throw new Error('requireGrant: store is required');
  if (!Number.isInteger(memoEntries) || memoEntries < 0) throw new Error('requireGrant: memoEntries must be a non-negative integer');
  const memo = memoEntries > 0 ? new VersionedCache<Found>({ max: memoEntries }) : undefined;

  async function look(partnerId: string, params: Readonly<Record<string, string>>): Promise<Found> {
    let episode: EpisodeDoc | undefined;
    let seriesId = params.series_id;
    if (params.episode_id) {
      episode = await store.getEpisode(params.episode_id);
      if (!episode) return { missing: 'episode' };
      seriesId = episode.series_id;
    } else if (!(await store.seriesExists(seriesId!))) {
      return { missing: 'series' };
    }
    return { episode, seriesId: seriesId!, grants: await store.getGrants(partnerId, seriesId!) };
  }

  return async function requireGrantMiddleware(req: Request, _res: Response, next: NextFunction): Promise<void> {
    const grant = req.operation?.grant;
    const params = req.pathParams ?? {};
    if (!grant || !req.partner || (!params.episode_id && !params.series_id)) return next();
    // The version bearer authentication read with the partner's state, before any of this request's data.
    const version = req.contentVersion;
    const key = `${req.partner.id} ${params.episode_id ?? ''} ${params.series_id ?? ''}`;
    let found = memo && version !== undefined ? memo.get(version, key) : undefined;
    if (!found) {
      found = await look(req.partner.id, params);
      if (memo && version !== undefined) memo.set(version, key, deepFreeze(found));
    }
    if ('missing' in found) {
      throw new ApiError('not_found', found.missing === 'episode' ? `No episode with id ${params.episode_id}.` : `No series with id ${params.series_id}.`);
    }
    if (found.episode) req.episode = found.episode;
    if (!found.grants.includes(grant)) {
      throw new ApiError('forbidden', `Your partner account has no ${grant} grant on series ${found.seriesId}.`);
    }
    req.seriesGrants = { seriesId: found.seriesId, grants: found.grants };
    next();
  };
}
