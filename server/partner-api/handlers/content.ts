/** Content operations: entitlements, catalog, search, series, episodes. Grants are enforced by middleware. */
import type { components, operations } from '../../../generated/api.js';
import { ApiError } from '../../http/errors.js';
import { changeFeed } from '../../services/index.js';
import { defaulted, pathParam, query, type OperationHandler } from '../../http/operation-handler.js';
import { type HandlerDeps, partnerId } from './handler-deps.js';

type Q<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type Episode = components['schemas']['Episode'];

/** Handlers of the Content group (catalog side). */
export function contentHandlers({ store, search, clock, changeFeedRetentionDays }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async listEntitlements(req, res) {
      const q = query<Q<'listEntitlements'>>(req);
      const page = await store.listEntitlements(partnerId(req), { limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      res.json({
        items: page.items.map((e) => ({ series_id: e.seriesId, series_title: e.seriesTitle, grants: e.grants, updated_at: e.updatedAt })),
        next_cursor: page.nextCursor,
      });
    },

    async getCatalog(req, res) {
      const q = query<Q<'getCatalog'>>(req);
      // Read before the page: a change committed between the two is then in the feed after it (perhaps also in the page).
      const changesCursor = await store.changesCursor(partnerId(req), new Date(clock.now()).toISOString());
      const page = await store.listCatalog({
        partnerId: partnerId(req),
        genre: q.genre,
        // Normalized to a UTC instant by validation (http/query-values.ts); the store compares UTC strings.
        updatedSince: q.updated_since,
        sort: defaulted(q.sort, 'sort'),
        limit: defaulted(q.limit, 'limit'),
        cursor: q.cursor,
      });
      res.json({ items: page.items, next_cursor: page.nextCursor, changes_cursor: changesCursor });
    },

    async listChanges(req, res) {
      const q = query<Q<'listChanges'>>(req);
      const now = clock.now();
      const page = await store.listChanges({
        partnerId: partnerId(req),
        cursor: q.cursor,
        limit: defaulted(q.limit, 'limit'),
        now: new Date(now).toISOString(),
        retainedSince: changeFeed.retainedSince(now, changeFeedRetentionDays),
      });
      res.json({ events: page.events, next_cursor: page.nextCursor });
    },

    async searchCatalog(req, res) {
      const q = query<Q<'searchCatalog'>>(req);
      const page = await search.search({ partnerId: partnerId(req), q: q.q, type: q.type, limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      res.json({ items: page.items, next_cursor: page.nextCursor });
    },

    async getSeries(req, res) {
      const series = await store.getSeries(pathParam(req, 'series_id'));
      // requireGrant has established that it exists and is readable; a concurrent delete is a 404.
      if (!series) throw new ApiError('not_found', `No series with id ${pathParam(req, 'series_id')}.`);
      res.json({ ...series, grants: req.seriesGrants!.grants });
    },

    async listEpisodes(req, res) {
      const q = query<Q<'listEpisodes'>>(req);
      const page = await store.listEpisodes({ seriesId: pathParam(req, 'series_id'), season: q.season, limit: defaulted(q.limit, 'limit'), cursor: q.cursor });
      const grants = req.seriesGrants!.grants;
      res.json({ items: page.items.map((e): Episode => ({ ...e, grants })), next_cursor: page.nextCursor });
    },

    async getEpisode(req, res) {
      // requireGrant read it, and established that it exists and is readable.
      res.json({ ...req.episode!, grants: req.seriesGrants!.grants });
    },
  };
}
