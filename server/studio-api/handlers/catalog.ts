/** Catalog: series and episodes with each partner's grants; imports as jobs whose progress is polled. */
import { ApiError } from '../../http/errors.js';
import { catalog, grants } from '../../services/index.js';
import type { ImportJob } from '../../store/index.js';
import type { operations } from '../../../generated/studio/api.js';
import { pathParam, query, type OperationHandler } from '../../http/operation-handler.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

/** The most issues a problem document lists (the studio contract's Problem.errors maxItems). */
const MAX_PROBLEM_ISSUES = 100;

/** An import job as the contract's ImportJob. */
export function jobBody(job: ImportJob) {
  return {
    id: job.id,
    state: job.state,
    actor: job.actor,
    series_total: job.seriesTotal,
    series_done: job.seriesDone,
    series_changed: job.seriesChanged,
    series_unchanged: job.seriesUnchanged,
    episodes_changed: job.episodesChanged,
    error: job.error,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}

/** The file's series, validated; a 400 with every problem (up to the contract's maximum) otherwise. */
export async function checkedFile(body: unknown) {
  const checked = await catalog.validateCatalog(body);
  if (!checked.ok) {
    // The contract's Problem holds at most 100 issues: a longer list broke the response.
    const errors = checked.errors.slice(0, MAX_PROBLEM_ISSUES).map((e) => ({ location: 'body' as const, pointer: e.pointer.slice(0, 512), message: e.message.slice(0, 500) }));
    const count = checked.errors.length > errors.length ? `at least ${checked.errors.length} problems (the first ${errors.length} listed)` : `${errors.length} problem(s)`;
    throw new ApiError('validation_failed', `The catalog file has ${count}; nothing was imported.`, { errors });
  }
  return checked;
}

export function catalogHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const { store, clock } = deps;
  return {
    async listStudioSeries(req, res) {
      const q = query<NonNullable<operations['listStudioSeries']['parameters']['query']>>(req);
      if (q.grant !== undefined && q.partner_id === undefined) {
        throw new ApiError('validation_failed', 'The grant filter needs partner_id.', { errors: [{ location: 'query', pointer: '/grant', message: 'needs partner_id' }] });
      }
      if (q.partner_id !== undefined && !(await store.getPartner(q.partner_id))) throw new ApiError('not_found', `No partner ${q.partner_id}.`);
      const page = await store.listStudioSeries({ ...pageOf(req), title: q.q, genre: q.genre, partnerId: q.partner_id, grant: q.grant });
      res.json({
        items: page.items.map((s) => ({
          id: s.id,
          title: s.title,
          status: s.status,
          season_count: s.seasonCount,
          episode_count: s.episodeCount,
          genres: s.genres,
          ...(s.grants ? { grants: s.grants } : {}),
          updated_at: s.updatedAt,
        })),
        next_cursor: page.nextCursor,
      });
    },
    async listSeriesGrants(req, res) {
      const seriesId = pathParam(req, 'series_id');
      const page = await grants.listSeriesGrants(deps, seriesId, pageOf(req));
      const title = (await store.namesOf({ series: [seriesId] })).series.get(seriesId) ?? seriesId;
      res.json({
        series_title: title,
        items: page.items.map((g) => ({ partner_id: g.partnerId, partner_name: g.partnerName, grants: g.grants, updated_at: g.updatedAt })),
        next_cursor: page.nextCursor,
      });
    },
    async listStudioEpisodes(req, res) {
      const seriesId = pathParam(req, 'series_id');
      if (!(await store.seriesExists(seriesId))) throw new ApiError('not_found', `No series ${seriesId}.`);
      const page = await store.listEpisodes({ seriesId, ...pageOf(req) });
      res.json({
        items: page.items.map((e) => ({ id: e.id, season_number: e.season_number, episode_number: e.episode_number, title: e.title, duration_seconds: e.duration_seconds })),
        next_cursor: page.nextCursor,
      });
    },
    async importCatalog(req, res) {
      const checked = await checkedFile(req.body);
      const started = await catalog.startCatalogImport(serviceContext(req, deps), checked.series, {
        batchSize: deps.contract.importBatchSeries,
        pausePercent: deps.contract.importPausePercent,
        clock: () => new Date(clock.now()).toISOString(),
      });
      res.status(202).json(jobBody(started.job));
    },
    async getImportJob(req, res) {
      res.json(jobBody(await catalog.getImportJob(deps, pathParam(req, 'job_id'))));
    },
  };
}
