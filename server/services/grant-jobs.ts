/**
 * Bulk grant changes as jobs (docs/decisions/0118-bulk-grants-as-jobs.md), shared by the studio
 * API and the admin CLI: grants added and removed on every series a filter matches, or copied
 * from another partner (merged, or replacing the partner's own). The series and what changes on
 * each are planned when the job starts (the same plan a preview answers); the changes are then
 * applied as single-grant additions and removals (so an operator's changes made meanwhile
 * compose) in paced batches, one transaction each, with the job's progress after every batch and
 * ONE audit entry, with the counts, when the job ends.
 */
import { createHash, randomBytes } from 'node:crypto';
import { STUDIO_SERIES_MAX_PAGE, type Grant, type GrantReads, type ImportJob, type ImportJobs, type PartnerReads, type StudioQueries, type StudioSeriesQuery, type Transactions } from '../store/index.js';
import { record, type AuditFields } from './audit.js';
import { actorKey, type ServiceContext } from './context.js';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.js';
import { orderGrants } from './grants.js';
import { IDEMPOTENCY_KEY_HOURS } from './partners.js';
import { pacedBatches, type Pacing } from './paced-batches.js';

export type GrantJobRequest =
  | { match: Pick<StudioSeriesQuery, 'title' | 'genre' | 'grant'>; add: Grant[]; remove: Grant[] }
  | { copyFrom: string; mode: 'merge' | 'replace' };

/** One series' change: grants to add and to remove. */
interface Step {
  seriesId: string;
  add: Grant[];
  remove: Grant[];
}

export interface GrantPlan {
  /** Series gone through: matching the filter, or holding a grant of the source (and, replacing, of the partner). */
  seriesMatching: number;
  /** The series whose grants change, each with its change. */
  steps: Step[];
  grantsAdded: number;
  grantsRemoved: number;
}

type PlanContext = Pick<ServiceContext<PartnerReads & GrantReads & StudioQueries>, 'store'>;
type JobContext = ServiceContext<PartnerReads & GrantReads & StudioQueries & ImportJobs & Transactions>;

const minus = (a: readonly Grant[], b: readonly Grant[]) => a.filter((g) => !b.includes(g));

/** Every grant the partner holds, by series. */
async function allGrants(ctx: PlanContext, partnerId: string): Promise<Map<string, Grant[]>> {
  const held = new Map<string, Grant[]>();
  let cursor: string | undefined;
  do {
    const page = await ctx.store.listEntitlements(partnerId, { limit: 100, cursor });
    for (const e of page.items) held.set(e.seriesId, e.grants);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return held;
}

/** The series and their changes the request makes for the partner now; NotFoundError for an unknown partner, InvalidInputError for a request that changes nothing by construction. */
export async function planGrantJob(ctx: PlanContext, partnerId: string, request: GrantJobRequest): Promise<GrantPlan> {
  if (!(await ctx.store.getPartner(partnerId))) throw new NotFoundError('partner', [partnerId]);
  const steps: Step[] = [];
  let seriesMatching = 0;
  const consider = (seriesId: string, current: Grant[], next: Grant[]) => {
    seriesMatching += 1;
    const step = { seriesId, add: minus(next, current), remove: minus(current, next) };
    if (step.add.length + step.remove.length > 0) steps.push(step);
  };
  if ('match' in request) {
    if (request.add.length + request.remove.length === 0) throw new InvalidInputError('name a grant to add or to remove', 'add');
    if (request.add.some((g) => request.remove.includes(g))) throw new InvalidInputError('a grant cannot be both added and removed', 'add');
    let cursor: string | undefined;
    do {
      const page = await ctx.store.listStudioSeries({ ...request.match, partnerId, limit: STUDIO_SERIES_MAX_PAGE, cursor });
      for (const s of page.items) {
        const current = s.grants ?? [];
        consider(s.id, current, orderGrants(minus([...current, ...request.add], request.remove)));
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  } else {
    if (request.copyFrom === partnerId) throw new InvalidInputError('a partner cannot copy its own grants', 'copy_from');
    if (!(await ctx.store.getPartner(request.copyFrom))) throw new NotFoundError('partner', [request.copyFrom]);
    const source = await allGrants(ctx, request.copyFrom);
    const own = await allGrants(ctx, partnerId);
    const ids = request.mode === 'merge' ? [...source.keys()] : [...new Set([...source.keys(), ...own.keys()])].sort();
    for (const id of ids) {
      const current = own.get(id) ?? [];
      const theirs = source.get(id) ?? [];
      consider(id, current, request.mode === 'merge' ? orderGrants([...current, ...theirs]) : theirs);
    }
  }
  const grantsAdded = steps.reduce((n, s) => n + s.add.length, 0);
  const grantsRemoved = steps.reduce((n, s) => n + s.remove.length, 0);
  return { seriesMatching, steps, grantsAdded, grantsRemoved };
}

/** What the job records of its request in its audit entry. */
function describe(request: GrantJobRequest): AuditFields {
  return 'match' in request
    ? { match: { ...(request.match.title ? { q: request.match.title } : {}), ...(request.match.genre ? { genre: request.match.genre } : {}), ...(request.match.grant ? { grant: request.match.grant } : {}) }, add: request.add, remove: request.remove }
    : { copy_from: request.copyFrom, mode: request.mode };
}

/** Applies the steps in paced batches, one transaction each; then the final state and ONE audit entry. */
async function run(ctx: JobContext, job: ImportJob, request: GrantJobRequest, plan: GrantPlan, pacing: Pacing, clock: () => string): Promise<ImportJob> {
  let current = job;
  try {
    await pacedBatches(plan.steps, 0, pacing, async (batch, doneAfter) => {
      const at = clock();
      const changed = await ctx.store.transact(async (tx) => {
        let n = 0;
        for (const step of batch) {
          const before = await tx.getGrants(job.partnerId!, step.seriesId);
          const after = orderGrants(minus([...before, ...step.add], step.remove));
          if (after.join() === before.join()) continue;
          await tx.setGrants(job.partnerId!, step.seriesId, after, at);
          n += 1;
        }
        return n;
      });
      current = { ...current, seriesDone: doneAfter, seriesChanged: current.seriesChanged + changed, seriesUnchanged: current.seriesUnchanged + batch.length - changed, updatedAt: at };
      if (doneAfter < plan.steps.length) await ctx.store.updateImportJob(current);
    });
    current = { ...current, state: 'succeeded', updatedAt: clock() };
  } catch (err) {
    current = { ...current, state: 'failed', error: (err as Error).message || 'The job failed.', updatedAt: clock() };
  }
  try {
    await ctx.store.transact(async (tx) => {
      const after: AuditFields = { job_id: current.id, state: current.state, ...describe(request), series_matching: plan.seriesMatching, series_total: current.seriesTotal, series_changed: current.seriesChanged, series_unchanged: current.seriesUnchanged };
      await record(tx, ctx.actor, current.updatedAt, { action: current.kind, targetKind: 'partner', targetId: current.partnerId!, partnerId: current.partnerId!, before: null, after });
    });
    await ctx.store.updateImportJob(current);
  } catch {
    // The stored job says running; the grants changed so far stay (each batch committed).
  }
  return current;
}

export interface StartedGrantJob {
  job: ImportJob;
  /** True when an earlier request with the Idempotency-Key started it. */
  replayed: boolean;
  /** Resolves with the final job (never rejects); the replayed job's is not awaited. */
  done: Promise<ImportJob>;
}

/**
 * Plans the request and starts applying it as a job, once per Idempotency-Key (per actor, for
 * IDEMPOTENCY_KEY_HOURS): the same key again answers the job it started; with another request
 * or partner, ConflictError.
 */
export async function startGrantJob(ctx: JobContext, partnerId: string, request: GrantJobRequest, key: string | undefined, options: Pacing & { clock?: () => string }): Promise<StartedGrantJob> {
  const scope = `startGrantJob:${actorKey(ctx.actor)}`;
  const fingerprint = createHash('sha256').update(JSON.stringify([partnerId, describe(request)])).digest('base64url');
  const notBefore = new Date(Date.parse(ctx.now) - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString();
  const replay = async (): Promise<StartedGrantJob | undefined> => {
    if (key === undefined) return undefined;
    const seen = await ctx.store.transact((tx) => tx.findIdempotencyKey(scope, key, notBefore));
    if (!seen) return undefined;
    if (seen.fingerprint !== fingerprint) throw new ConflictError('This Idempotency-Key was used for another change; use a new key for a new change.');
    const job = await ctx.store.getImportJob(seen.resultId);
    if (!job) throw new ConflictError('A request with this Idempotency-Key is still being answered; try again.');
    return { job, replayed: true, done: Promise.resolve(job) };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const plan = await planGrantJob(ctx, partnerId, request);
  const id = `job_${randomBytes(8).toString('hex')}`;
  if (key !== undefined && !(await ctx.store.transact((tx) => tx.saveIdempotencyKey({ scope, key, fingerprint, resultId: id, createdAt: ctx.now }, notBefore)))) {
    const raced = await replay();
    if (raced) return raced;
    throw new ConflictError('A request with this Idempotency-Key is still being answered; try again.');
  }
  const job: ImportJob = {
    id, kind: 'match' in request ? 'grants.match' : 'grants.copy', state: 'running', partnerId, actor: actorKey(ctx.actor), seriesTotal: plan.steps.length,
    seriesDone: 0, seriesChanged: 0, seriesUnchanged: 0, episodesChanged: 0, error: null, createdAt: ctx.now, updatedAt: ctx.now,
  };
  await ctx.store.createImportJob(job);
  return { job, replayed: false, done: run(ctx, job, request, plan, options, options.clock ?? (() => ctx.now)) };
}

/** A grant job's current state, from any instance; NotFoundError when unknown. */
export async function getGrantJob(ctx: Pick<ServiceContext<ImportJobs>, 'store'>, id: string): Promise<ImportJob> {
  const job = await ctx.store.getImportJob(id);
  if (!job || job.kind === 'catalog.import') throw new NotFoundError('grant job', [id]);
  return job;
}
