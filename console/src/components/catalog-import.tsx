/// <reference types="vite/client" />
/**
 * Importing a catalog file: a template to start from and the format in words, a dry run that
 * shows the difference (previewCatalogImport) confirmed before anything changes, the import's
 * progress, and the history of past imports (listImportJobs), page by page.
 */
import { useState } from 'preact/hooks';
// A file of its own under /assets (not inlined as a data: address), downloaded as it is.
import templateUrl from '../catalog-template.json?url&no-inline';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { usePages } from '../load.js';
import { Confirm } from './confirm.js';
import { JobProgress, usePolledJob } from './job-progress.js';
import { ProblemNotice } from './problem.js';
import { Empty, Loading } from './states.js';

type File = Schemas['CatalogImportRequest'];
const n = (count: number) => count.toLocaleString('en');

export function ImportCatalog({ onDone }: { onDone: () => void }) {
  const [review, setReview] = useState<{ name: string; body: File; diff: Schemas['ImportPreview'] }>();
  const [problem, setProblem] = useState<ApiProblem>();
  const [round, setRound] = useState(0);
  const [job, follow, pollProblem] = usePolledJob((id) => ok(api.GET('/api/studio/catalog/imports/{job_id}', { params: { path: { job_id: id } } })), () => {
    onDone();
    setRound((r) => r + 1);
  });
  async function check(file: globalThis.File) {
    setProblem(undefined);
    follow(undefined);
    try {
      const body = JSON.parse(await file.text()) as File;
      setReview({ name: file.name, body, diff: await ok(api.POST('/api/studio/catalog/import-preview', { body })) });
    } catch (error) {
      setProblem(error instanceof SyntaxError ? { title: 'Not a JSON file', detail: error.message, status: 0 } : problemOf(error));
    }
  }
  async function apply() {
    const chosen = review!;
    setReview(undefined);
    try {
      follow(await ok(api.POST('/api/studio/catalog/imports', { body: chosen.body })));
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const d = review?.diff;
  const changing = d ? d.series_added + d.series_changed : 0;
  return (
    <section class="panel" aria-labelledby="import-title">
      <h2 id="import-title">Import a catalog file</h2>
      <label>
        Catalog file (JSON), checked first: nothing changes until you confirm
        <input type="file" accept="application/json,.json" onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) void check(f); }} />
      </label>
      <p class="small"><a href={templateUrl} download="catalog-template.json">Download a template</a> (one series with two episodes).</p>
      <details>
        <summary>The file's format</summary>
        <ul class="small">
          <li>A JSON object <code>{'{"series": [ … ]}'}</code> with 1 to 10,000 series, each with its <code>seasons</code> and <code>episodes</code>, as in the template; fields as the partner API's Series, Season and Episode.</li>
          <li>Ids are <code>ser_</code> and <code>ep_</code> followed by 10 lowercase letters or digits; each appears once in the file.</li>
          <li>A series in the file replaces the stored one; its episodes missing from the file are removed. Series not in the file are left as they are: an import never removes a series.</li>
          <li>Importing the same file again changes nothing. Every problem is listed with where it is before anything is written.</li>
        </ul>
      </details>
      {review && d ? (
        <Confirm title={`Import ${review.name}?`} confirmLabel={changing ? `Import, changing ${n(changing)} series` : 'Nothing to import'} onConfirm={() => (changing ? void apply() : setReview(undefined))} onCancel={() => setReview(undefined)}>
          <p class="counts">
            Series: <strong>{n(d.series_added)} added</strong>, <strong>{n(d.series_changed)} changed</strong>, {n(d.series_unchanged)} unchanged, none removed. Episodes: {n(d.episodes_added)} added,{' '}
            {n(d.episodes_changed)} changed, {n(d.episodes_removed)} removed.
          </p>
          {d.changes.length ? (
            <table class="diff">
              <caption>{changing > d.changes.length ? `The first ${d.changes.length} of ${n(changing)} series that change` : 'The series that change'}</caption>
              <thead><tr><th scope="col">Series</th><th scope="col">Change</th><th scope="col">Episodes +/~/−</th></tr></thead>
              <tbody>
                {d.changes.map((c) => (
                  <tr key={c.series_id}><td>{c.title} <code class="muted">{c.series_id}</code></td><td>{c.change}</td><td>{c.episodes_added} / {c.episodes_changed} / {c.episodes_removed}</td></tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </Confirm>
      ) : null}
      {job ? <JobProgress job={job} label="Import progress" summary={`${n(job.series_changed)} changed, ${n(job.series_unchanged)} unchanged, ${n(job.episodes_changed)} episodes changed`} /> : null}
      {problem ?? pollProblem ? <ProblemNotice problem={(problem ?? pollProblem)!} /> : null}
      <ImportHistory round={round} />
    </section>
  );
}

/** Past imports, newest first, 20 at a time; read again when an import here ends. */
function ImportHistory({ round }: { round: number }) {
  const jobs = usePages((cursor) => ok(api.GET('/api/studio/catalog/imports', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), [round]);
  return (
    <div class="history">
      <h3>Import history</h3>
      {jobs.items.length === 0 && jobs.loading ? <Loading what="past imports" /> : null}
      {jobs.items.length === 0 && jobs.done && !jobs.problem ? <Empty>No catalog has been imported yet. Start from the template above.</Empty> : null}
      {jobs.items.length > 0 ? (
        <table class="jobs">
          <caption class="muted small">Newest first; times in UTC</caption>
          <thead><tr><th scope="col">Started</th><th scope="col">By</th><th scope="col">Series</th><th scope="col">Changed</th><th scope="col">Episodes changed</th><th scope="col">Outcome</th></tr></thead>
          <tbody>
            {jobs.items.map((j) => (
              <tr key={j.id}>
                <td>{j.created_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, '')}</td>
                <td><code>{j.actor}</code></td>
                <td>{n(j.series_total)}</td>
                <td>{n(j.series_changed)}</td>
                <td>{n(j.episodes_changed)}</td>
                <td class={`status status-${j.state}`}>{j.state}{j.error ? `: ${j.error}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {jobs.problem ? <ProblemNotice problem={jobs.problem} onRetry={jobs.retry} /> : null}
      {jobs.items.length > 0 && !jobs.done ? <button type="button" disabled={jobs.loading} onClick={jobs.more}>Show older imports</button> : null}
    </div>
  );
}
