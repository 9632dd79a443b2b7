/**
 * Bulk grant changes as server jobs (startGrantJob): grant or revoke on every series the
 * matrix's filters match, or copy another partner's grants (merge or replace). Each is previewed
 * first (previewGrantJob) and confirmed in a dialog that states the counts, sent once with an
 * Idempotency-Key, and followed until it ends.
 */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { useLoad, useSettled } from '../load.js';
import { Confirm } from './confirm.js';
import { JobProgress, usePolledJob } from './job-progress.js';
import { ProblemNotice } from './problem.js';

type Match = Schemas['SeriesMatch'];
type Request = Schemas['GrantJobRequest'];
type Grant = Schemas['Grant'];

/** What each choice of the action picker adds and removes. */
const ACTIONS: Record<string, { label: string; add: Grant[]; remove: Grant[] }> = {
  'add-read': { label: 'Grant read', add: ['read'], remove: [] },
  'add-stream': { label: 'Grant stream', add: ['stream'], remove: [] },
  'add-both': { label: 'Grant read and stream', add: ['read', 'stream'], remove: [] },
  'remove-stream': { label: 'Revoke stream', add: [], remove: ['stream'] },
  'remove-both': { label: 'Revoke read and stream', add: [], remove: ['read', 'stream'] },
};

const n = (count: number) => count.toLocaleString('en');

/** The filters in words, as the dialog states them. */
function describeMatch(m: Match): string {
  const parts = [m.q ? `title containing “${m.q}”` : '', m.genre ? `genre ${m.genre.replace(/_/g, ' ')}` : '', m.grant ? `grant filter “${m.grant}”` : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no filter (every series)';
}

export function GrantJobs({ partnerId, match, onDone }: { partnerId: string; match: Match; onDone: () => void }) {
  const [action, setAction] = useState('add-read');
  const [search, setSearch] = useState('');
  const [source, setSource] = useState('');
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [review, setReview] = useState<{ request: Request; title: string; what: string; preview: Schemas['GrantJobPreview']; key: string }>();
  const [problem, setProblem] = useState<ApiProblem>();
  const path = { params: { path: { partner_id: partnerId } } };
  const [job, follow, pollProblem] = usePolledJob((id) => ok(api.GET('/api/studio/grant-jobs/{job_id}', { params: { path: { job_id: id } } })), onDone);
  const q = useSettled(search.trim(), 250);
  const [partners] = useLoad(() => ok(api.GET('/api/studio/partners', { params: { query: { limit: 20, ...(q ? { q } : {}) } } })), [q], { keep: true });
  const others = partners.state === 'ok' ? partners.data.items.filter((p) => p.id !== partnerId) : [];

  async function preview(request: Request, title: string, what: string) {
    setProblem(undefined);
    try {
      // A fresh key per reviewed change: the confirmation sent twice (a double click, a retry) starts one job.
      setReview({ request, title, what, preview: await ok(api.POST('/api/studio/partners/{partner_id}/grant-jobs/preview', { ...path, body: request })), key: crypto.randomUUID() });
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function start() {
    const chosen = review!;
    setReview(undefined);
    try {
      follow(await ok(api.POST('/api/studio/partners/{partner_id}/grant-jobs', { params: { path: { partner_id: partnerId }, header: { 'Idempotency-Key': chosen.key } }, body: chosen.request })));
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const chosenAction = ACTIONS[action]!;
  const sourceName = others.find((p) => p.id === source)?.name ?? source;
  return (
    <div class="panel grant-jobs">
      <form class="inline" aria-label="Change grants on every matching series" onSubmit={(e) => {
        e.preventDefault();
        void preview({ match, add: chosenAction.add, remove: chosenAction.remove }, `${chosenAction.label} on every matching series?`, `${chosenAction.label} on every series matching ${describeMatch(match)}.`);
      }}>
        <label>
          On every series matching the filters
          <select value={action} onChange={(e) => setAction(e.currentTarget.value)}>
            {Object.entries(ACTIONS).map(([value, a]) => <option key={value} value={value}>{a.label}</option>)}
          </select>
        </label>
        <button type="submit">Review change…</button>
      </form>
      <form class="inline" aria-label="Copy grants from another partner" onSubmit={(e) => {
        e.preventDefault();
        if (!source) return;
        const how = mode === 'merge' ? 'Its grants are added to this partner’s; none of this partner’s grants is removed.' : 'This partner’s grants become exactly theirs: grants they do not hold are removed.';
        void preview({ copy_from: source, mode }, `Copy grants from ${sourceName}?`, `${mode === 'merge' ? 'Merge' : 'Replace'}: ${how}`);
      }}>
        <label>
          Find a partner <input type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} placeholder="Name or id" />
        </label>
        {/* Labels apart from their selects, so each select's name is the label alone (not its options' text too). */}
        <span>
          <label for="copy-from">Copy grants from</label>{' '}
          <select id="copy-from" required value={source} onChange={(e) => setSource(e.currentTarget.value)}>
            <option value="">Choose a partner</option>
            {others.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.id})</option>)}
          </select>
        </span>
        <span>
          <label for="copy-mode">How</label>{' '}
          <select id="copy-mode" value={mode} onChange={(e) => setMode(e.currentTarget.value as 'merge' | 'replace')}>
            <option value="merge">Merge (add theirs, keep ours)</option>
            <option value="replace">Replace (make ours exactly theirs)</option>
          </select>
        </span>
        <button type="submit" disabled={!source}>Review copy…</button>
      </form>
      {review ? (
        <Confirm
          title={review.title}
          confirmLabel={review.preview.series_changing ? `Apply to ${n(review.preview.series_changing)} series` : 'Nothing to change'}
          onConfirm={() => (review.preview.series_changing ? void start() : setReview(undefined))}
          onCancel={() => setReview(undefined)}
        >
          <p>{review.what}</p>
          <p class="counts">
            {n(review.preview.series_matching)} series considered; <strong>{n(review.preview.series_changing)} change</strong>: {n(review.preview.grants_added)} grants added,{' '}
            {n(review.preview.grants_removed)} removed. It runs on the server in batches; you can leave this page.
          </p>
        </Confirm>
      ) : null}
      {job ? (
        <JobProgress job={job} label="Grant change progress" summary={`${n(job.series_changed)} changed, ${n(job.series_unchanged)} already as asked`} />
      ) : null}
      {problem ?? pollProblem ? <ProblemNotice problem={(problem ?? pollProblem)!} /> : null}
    </div>
  );
}
