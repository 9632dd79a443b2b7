/**
 * The store's doors for jobs (kept apart so interfaces.ts stays under 250 lines; it re-exports
 * them and Store extends them): jobs kept so any instance can answer a poll, the import history,
 * and an import's difference computed without writing.
 */
import type { ImportSeries, Page, PageRequest } from './records.js';
import type { ImportDiff, ImportJob, JobKind } from './studio-records.js';

/** Catalog import and bulk grant jobs: services/catalog-import.ts, services/grant-jobs.ts and the studio's catalog handler. */
export interface ImportJobs {
  createImportJob(job: ImportJob): Promise<void>;
  updateImportJob(job: ImportJob): Promise<void>;
  getImportJob(id: string): Promise<ImportJob | undefined>;
  /** Jobs of one kind, newest first. */
  listImportJobs(query: PageRequest & { kind: JobKind }): Promise<Page<ImportJob>>;
}

/** An import's difference before it runs: services/catalog-import.ts. */
export interface ImportPreviews {
  /** What importCatalog would change for these series now, by the code it runs, writing nothing. */
  previewImport(series: ImportSeries[]): Promise<ImportDiff>;
}
