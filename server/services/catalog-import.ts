/**
 * Catalog imports, shared by the admin CLI and the studio API: validate a whole file first (a
 * report of every problem, nothing written), then upsert it in batches as a job whose progress
 * is stored after every batch, so any instance can answer a poll. Batches commit one by one
 * (one transaction per batch: a huge file must not hold the write lock for minutes); importing
 * is idempotent, so re-running a file after a failure finishes the job. The job's audit entry is
 * written when it ends, with its counts.
 */
import { randomBytes } from 'node:crypto';
import type { ImportValidation } from '../catalog/import-schema.js';
import { BULK_IMPORT_ROWS, type CatalogWrites, type ImportDiff, type ImportJob, type ImportJobs, type ImportPreviews, type ImportSeries, type Page, type PageRequest, type Transactions } from '../store/index.js';
import { record } from './audit.js';
import { actorKey, type ServiceContext } from './context.js';
import { NotFoundError } from './errors.js';
import { pacedBatches, type Pacing } from './paced-batches.js';

export type { ImportValidation } from '../catalog/import-schema.js';

/** What an import needs of the store: its batches written, its job kept, its audit entry recorded. */
type ImportContext = ServiceContext<CatalogWrites & ImportJobs & Transactions>;

export interface ImportOptions extends Pacing {
  /** Told after every committed batch (the CLI prints it). */
  onProgress?: (job: ImportJob) => void;
  /** The instant of each progress write; defaults to ctx.now (inject the caller's clock for real time). */
  clock?: () => string;
}

export interface StartedImport {
  /** The job as first stored: state running, nothing done yet. */
  job: ImportJob;
  /** Resolves with the final job (succeeded, or failed with its error); never rejects. */
  done: Promise<ImportJob>;
}

/** Checks an import document against the contract's schemas and the cross-field rules; every problem with its JSON pointer. */
export async function validateCatalog(data: unknown): Promise<ImportValidation> {
  // Loaded on first use: only imports need the import schema (and its compile cost).
  const { validateImportFile } = await import('../catalog/import-schema.js');
  return validateImportFile(data);
}

/** Upserts the batches, storing the job's progress after each; the final job, failed with its reason on error. */
async function run(ctx: ImportContext, job: ImportJob, series: ImportSeries[], options: ImportOptions): Promise<ImportJob> {
  const now = options.clock ?? (() => ctx.now);
  let current = job;
  // Rows changed since the store last tidied itself (it does after any one batch of BULK_IMPORT_ROWS or more).
  let untidied = 0;
  try {
    await pacedBatches(series, 0, options, async (batch, doneAfter) => {
      const result = await ctx.store.importCatalog(batch, now());
      const changed = result.seriesChanged + result.episodesChanged;
      untidied = changed >= BULK_IMPORT_ROWS ? 0 : untidied + changed;
      current = {
        ...current,
        seriesDone: doneAfter,
        seriesChanged: current.seriesChanged + result.seriesChanged,
        seriesUnchanged: current.seriesUnchanged + result.seriesUnchanged,
        episodesChanged: current.episodesChanged + result.episodesChanged,
        updatedAt: now(),
      };
      if (current.seriesDone < series.length) await ctx.store.updateImportJob(current);
      options.onProgress?.(current);
    });
    // Many small batches are a bulk import too: tidy once, at the end, before the job says it is done.
    if (untidied >= BULK_IMPORT_ROWS) {
      await ctx.store.afterBulkImport({ seriesChanged: current.seriesChanged, seriesUnchanged: current.seriesUnchanged, episodesChanged: current.episodesChanged });
    }
    current = { ...current, state: 'succeeded', updatedAt: now() };
  } catch (err) {
    current = { ...current, state: 'failed', error: (err as Error).message || 'The import failed.', updatedAt: now() };
  }
  await finish(ctx, current);
  return current;
}

/** Stores the final state and its audit entry together; a store that fails now leaves the job running (its batches are kept). */
async function finish(ctx: ImportContext, job: ImportJob): Promise<void> {
  try {
    await ctx.store.transact(async (tx) => {
      await record(tx, ctx.actor, job.updatedAt, {
        action: 'catalog.import',
        targetKind: 'import',
        targetId: job.id,
        before: null,
        after: { state: job.state, series_total: job.seriesTotal, series_done: job.seriesDone, series_changed: job.seriesChanged, series_unchanged: job.seriesUnchanged, episodes_changed: job.episodesChanged },
      });
    });
    await ctx.store.updateImportJob(job);
  } catch {
    // The caller still gets the job's outcome from `done`; the stored job says running until re-run.
  }
}

/** Starts importing validated series as a job; returns at once with the job and a promise of its end. */
export async function startCatalogImport(ctx: ImportContext, series: ImportSeries[], options: ImportOptions): Promise<StartedImport> {
  const job: ImportJob = {
    id: `imp_${randomBytes(8).toString('hex')}`,
    kind: 'catalog.import',
    state: 'running',
    partnerId: null,
    actor: actorKey(ctx.actor),
    seriesTotal: series.length,
    seriesDone: 0,
    seriesChanged: 0,
    seriesUnchanged: 0,
    episodesChanged: 0,
    error: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await ctx.store.createImportJob(job);
  return { job, done: run(ctx, job, series, options) };
}

/** The job's current state, from any instance; NotFoundError when unknown. */
export async function getImportJob(ctx: Pick<ServiceContext<ImportJobs>, 'store'>, id: string): Promise<ImportJob> {
  const job = await ctx.store.getImportJob(id);
  if (!job || job.kind !== 'catalog.import') throw new NotFoundError('import job', [id]);
  return job;
}

/** One page of past imports, newest first. */
export async function listImportJobs(ctx: Pick<ServiceContext<ImportJobs>, 'store'>, page: PageRequest): Promise<Page<ImportJob>> {
  return ctx.store.listImportJobs({ ...page, kind: 'catalog.import' });
}

/** What importing the validated series would change now, by the code the import runs, writing nothing. */
export async function previewCatalogImport(ctx: Pick<ServiceContext<ImportPreviews>, 'store'>, series: ImportSeries[]): Promise<ImportDiff> {
  return ctx.store.previewImport(series);
}
