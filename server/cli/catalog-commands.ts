/** `catalog import <file.json>`: validate a whole catalog file, then upsert it in batches as an import job (server/services). */
import { readFile } from 'node:fs/promises';
import type { ImportSeries } from '../store/index.js';
import { loadStudioContract } from '../contract/studio.js';
import { intOption } from './args.js';
import { previewCatalogImport, startCatalogImport, validateCatalog } from '../services/catalog-import.js';
import { serviceContext, type Command, type CommandContext } from './command.js';
import { CliError, EXIT, notFound, usageError } from './errors.js';

// Series per transaction and the pause after each, the studio contract's x-catalog-import, so the
// CLI and the studio API import alike. Beside a running SQLite instance each transaction holds the
// write lock that the instance's own writes (usage every second, grants) wait for: 100 series bound
// that wait to a fraction of what 500 held it, at about the same throughput
// (docs/decisions/0039-catalog-imports-off-the-event-loop.md, docs/performance.md#import-thread),
// and the pause gives partners' reads the store between batches (docs/decisions/0107-imports-yield-to-partners.md).
const importPolicy = () => {
  const contract = loadStudioContract();
  return { batchSize: contract.importBatchSeries, pausePercent: contract.importPausePercent };
};

/** Reads and parses the file; a missing file is not found (exit 1), unparseable JSON is bad input (exit 2). */
async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(`file ${path} not found`);
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`, EXIT.failed, 'unreadable_file');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw usageError(`${path} is not valid JSON: ${(err as Error).message}`);
  }
}

/** The file's series, or a usage error listing every problem with its JSON pointer. */
async function validate(path: string, data: unknown): Promise<ImportSeries[]> {
  const result = await validateCatalog(data);
  if (result.ok) return result.series;
  throw usageError(`${path} failed validation with ${result.errors.length} error(s); nothing was imported`, {
    details: { errors: result.errors },
    lines: result.errors.map((e) => `  ${e.pointer === '' ? '(document)' : e.pointer}: ${e.message}`),
  });
}

/** Runs the import as a job (server/services/catalog-import.ts), printing progress when there is more than one batch. */
async function importBatches(ctx: CommandContext, series: ImportSeries[], batchSize: number, pausePercent: number) {
  const showProgress = series.length > batchSize;
  const { done } = await startCatalogImport(await serviceContext(ctx), series, {
    batchSize,
    pausePercent,
    onProgress: (job) => showProgress && ctx.out.progress(`imported ${job.seriesDone}/${job.seriesTotal} series`),
  });
  const job = await done;
  if (job.state === 'failed') {
    // Earlier batches are committed; importing is idempotent, so re-running the same file finishes the job.
    const message = `import stopped after ${job.seriesDone}/${series.length} series (those are kept; re-run the same file to finish): ${job.error}`;
    throw new CliError(message, EXIT.failed, 'import_failed', { details: { imported: job.seriesDone, total: series.length } });
  }
  return { series_changed: job.seriesChanged, series_unchanged: job.seriesUnchanged, episodes_changed: job.episodesChanged };
}

const importCommand: Command = {
  words: ['catalog', 'import'],
  usage: '<file.json> [--batch-size <n>] [--dry-run]',
  summary: 'validate a catalog file, then add or update its series and episodes (idempotent); --dry-run: only say what would change',
  arity: [1, 1],
  options: ['batch-size', 'dry-run'],
  async run(ctx, [path = ''], values) {
    const policy = importPolicy();
    const batchSize = intOption('batch-size', values['batch-size'], policy.batchSize, 1, 10_000);
    // The whole file is validated before the first batch, so a bad file writes nothing at all.
    const series = await validate(path, await readJson(path));
    if (values['dry-run']) return dryRun(ctx, path, series);
    const totals = await importBatches(ctx, series, batchSize, policy.pausePercent);
    const doc = { file: path, series_total: series.length, ...totals };
    ctx.out.result(doc, () => [
      `imported ${path}: ${series.length} series`,
      `  series changed:    ${totals.series_changed}`,
      `  series unchanged:  ${totals.series_unchanged}`,
      `  episodes changed:  ${totals.episodes_changed}`,
    ]);
  },
};

/** What importing the file would change now, by the import's own planning, writing nothing (docs/decisions/0119-import-preview-template-and-history.md). */
async function dryRun(ctx: CommandContext, path: string, series: ImportSeries[]): Promise<void> {
  const diff = await previewCatalogImport(await serviceContext(ctx), series);
  const doc = {
    file: path, dry_run: true, series_total: series.length, series_added: diff.seriesAdded, series_changed: diff.seriesChanged, series_unchanged: diff.seriesUnchanged,
    episodes_added: diff.episodesAdded, episodes_changed: diff.episodesChanged, episodes_removed: diff.episodesRemoved,
  };
  ctx.out.result(doc, () => [
    `${path} would change (dry run, nothing written): ${series.length} series`,
    `  series added:      ${diff.seriesAdded}`,
    `  series changed:    ${diff.seriesChanged}`,
    `  series unchanged:  ${diff.seriesUnchanged}`,
    `  episodes added:    ${diff.episodesAdded}, changed: ${diff.episodesChanged}, removed: ${diff.episodesRemoved}`,
    ...diff.series.slice(0, 20).map((d) => `  ${d.change} ${d.seriesId} ${d.title}`),
  ]);
}

/** The catalog commands. */
export const catalogCommands: Command[] = [importCommand];
