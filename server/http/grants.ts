/**
 * Grant enforcement, in one place, from the contract's `x-required-grant`. For an operation
 * about one series (a `series_id` or `episode_id` path parameter) it answers 404 when the
 * resource does not exist and 403 when it exists but the partner lacks the grant. List and
 * search operations are not refused: the store filters them to readable series.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors.js';
import type { Store } from '../store/types.js';

function pathParams(req: Request): Record<string, string> {
  return ((req as { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams ?? {}) as Record<string, string>;
}

/** Middleware factory: enforces the operation's required grant on the series the request is about. */
export function requireGrant(options: { store: Store }) {
  const { store } = options;
  if (!store) throw new Error('requireGrant: store is required');
  return async function requireGrantMiddleware(req: Request, res: Response, next: NextFunction): Promise<void> {
    const grant = req.operation?.grant;
    const params = pathParams(req);
    let seriesId = params.series_id;
    if (!grant || !req.partner) return next();
    if (params.episode_id) {
      const episode = await store.getEpisode(params.episode_id);
      if (!episode) throw new ApiError('not_found', `No episode with id ${params.episode_id}.`);
      res.locals.episode = episode;
      seriesId = episode.series_id;
    } else if (seriesId && !(await store.seriesExists(seriesId))) {
      throw new ApiError('not_found', `No series with id ${seriesId}.`);
    }
    if (!seriesId) return next();
    const grants = await store.getGrants(req.partner.id, seriesId);
    if (!grants.includes(grant)) {
      throw new ApiError('forbidden', `Your partner account has no ${grant} grant on series ${seriesId}.`);
    }
    req.seriesGrants = { seriesId, grants };
    next();
  };
}
