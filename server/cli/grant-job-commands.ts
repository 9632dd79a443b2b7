/**
 * `partner copy-grants`: another partner's grants given to a partner, merged or replacing its own,
 * as the studio's grant job does (server/services/grant-jobs.ts): planned, then applied in paced
 * batches with one audit entry (docs/decisions/0118-bulk-grants-as-jobs.md).
 */
import { loadStudioContract } from '../contract/studio.js';
import { planGrantJob, startGrantJob } from '../services/grant-jobs.js';
import { partnerId } from './args.js';
import { serviceContext, type Command } from './command.js';
import { CliError, EXIT, usageError } from './errors.js';

const copyGrants: Command = {
  words: ['partner', 'copy-grants'],
  usage: '<partner_id> --from <partner_id> [--mode merge|replace] [--dry-run]',
  summary: "give a partner another partner's grants: merge (add theirs, remove none; the default) or replace (exactly theirs)",
  arity: [1, 1],
  options: ['from', 'mode', 'dry-run'],
  async run(ctx, [rawPartner = ''], values) {
    const partner = partnerId(rawPartner);
    if (values.from === undefined) throw usageError('--from <partner_id> names the partner whose grants are copied');
    const source = partnerId(values.from);
    const mode = values.mode ?? 'merge';
    if (mode !== 'merge' && mode !== 'replace') throw usageError(`--mode must be merge or replace, got ${mode}`);
    const request = { copyFrom: source, mode } as const;
    const service = await serviceContext(ctx);
    if (values['dry-run']) {
      const plan = await planGrantJob(service, partner, request);
      const doc = { partner_id: partner, copy_from: source, mode, dry_run: true, series_matching: plan.seriesMatching, series_changing: plan.steps.length, grants_added: plan.grantsAdded, grants_removed: plan.grantsRemoved };
      return ctx.out.result(doc, () => [`copying ${source}'s grants to ${partner} (${mode}, dry run): ${plan.steps.length} of ${plan.seriesMatching} series would change, ${plan.grantsAdded} grants added, ${plan.grantsRemoved} removed`]);
    }
    const contract = loadStudioContract();
    const { done } = await startGrantJob(service, partner, request, undefined, { batchSize: contract.importBatchSeries, pausePercent: contract.importPausePercent });
    const job = await done;
    if (job.state === 'failed') throw new CliError(`copy stopped after ${job.seriesDone}/${job.seriesTotal} series (those are kept): ${job.error}`, EXIT.failed, 'job_failed');
    const doc = { partner_id: partner, copy_from: source, mode, job_id: job.id, series_total: job.seriesTotal, series_changed: job.seriesChanged, series_unchanged: job.seriesUnchanged };
    ctx.out.result(doc, () => [`copied ${source}'s grants to ${partner} (${mode}): ${job.seriesChanged} series changed, ${job.seriesUnchanged} already so`]);
  },
};

/** The bulk grant commands. */
export const grantJobCommands: Command[] = [copyGrants];
