/** Bulk grant jobs (by filter, copied from another partner) with their previews; catalog import previews and history. */
import type { Request } from 'express';
import { catalog, grantJobs } from '../../services/index.js';
import type { GrantJobRequest } from '../../services/grant-jobs.js';
import type { ImportJob } from '../../store/index.js';
import type { components } from '../../../generated/studio/api.js';
import { pathParam, type OperationHandler } from '../../http/operation-handler.js';
import { checkedFile, jobBody } from './catalog.js';
import { pageOf, serviceContext, type StudioHandlerDeps } from './handler-deps.js';

/** The contract's GrantJobRequest as the service takes it. */
function grantRequest(req: Request): GrantJobRequest {
  const body = req.body as components['schemas']['GrantJobRequest'];
  if ('copy_from' in body) return { copyFrom: body.copy_from, mode: body.mode };
  return { match: { title: body.match.q, genre: body.match.genre, grant: body.match.grant }, add: body.add, remove: body.remove };
}

function grantJobBody(job: ImportJob) {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    partner_id: job.partnerId,
    actor: job.actor,
    series_total: job.seriesTotal,
    series_done: job.seriesDone,
    series_changed: job.seriesChanged,
    series_unchanged: job.seriesUnchanged,
    error: job.error,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}

/** The most series a preview lists (the contract's ImportPreview.changes maxItems). */
const PREVIEW_SERIES = 100;

export function jobHandlers(deps: StudioHandlerDeps): Record<string, OperationHandler> {
  const { clock, contract } = deps;
  return {
    async previewGrantJob(req, res) {
      const plan = await grantJobs.planGrantJob(deps, pathParam(req, 'partner_id'), grantRequest(req));
      res.json({ series_matching: plan.seriesMatching, series_changing: plan.steps.length, grants_added: plan.grantsAdded, grants_removed: plan.grantsRemoved });
    },
    async startGrantJob(req, res) {
      const started = await grantJobs.startGrantJob(serviceContext(req, deps), pathParam(req, 'partner_id'), grantRequest(req), req.get('Idempotency-Key'), {
        batchSize: contract.importBatchSeries,
        pausePercent: contract.importPausePercent,
        clock: () => new Date(clock.now()).toISOString(),
      });
      if (started.replayed) res.setHeader('Idempotent-Replayed', 'true').status(200).json(grantJobBody(started.job));
      else res.status(202).json(grantJobBody(started.job));
    },
    async getGrantJob(req, res) {
      res.json(grantJobBody(await grantJobs.getGrantJob(deps, pathParam(req, 'job_id'))));
    },
    async previewCatalogImport(req, res) {
      const checked = await checkedFile(req.body);
      const diff = await catalog.previewCatalogImport(deps, checked.series);
      res.json({
        series_added: diff.seriesAdded,
        series_changed: diff.seriesChanged,
        series_unchanged: diff.seriesUnchanged,
        episodes_added: diff.episodesAdded,
        episodes_changed: diff.episodesChanged,
        episodes_removed: diff.episodesRemoved,
        changes: diff.series.slice(0, PREVIEW_SERIES).map((d) => ({
          series_id: d.seriesId, title: d.title, change: d.change, episodes_added: d.episodesAdded, episodes_changed: d.episodesChanged, episodes_removed: d.episodesRemoved,
        })),
      });
    },
    async listImportJobs(req, res) {
      const page = await catalog.listImportJobs(deps, pageOf(req));
      res.json({ items: page.items.map(jobBody), next_cursor: page.nextCursor });
    },
  };
}
