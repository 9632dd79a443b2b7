/**
 * A partner's grants as a matrix over the catalog's series: one row per series by title (pages
 * loaded as one scrolls, rendered only where visible), filtered by title, genre and grant on the
 * server (listStudioSeries with partner_id), read and stream as toggles, and a selection of many
 * rows granted or revoked in one action (sent 100 series per request, the contract's maximum).
 * Changes go as single grants added or removed (changePartnerGrants), one request after another.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { contractEnum } from '../contract.js';
import { usePages, useSettled } from '../load.js';
import { useCan } from '../session.js';
import { ProblemNotice } from './problem.js';
import { PagedRows } from './paged-rows.js';
import { GrantJobs } from './grant-jobs.js';

type Grant = Schemas['Grant'];
type Genre = NonNullable<Schemas['StudioSeries']['genres']>[number];
type GrantFilter = Schemas['StudioSeriesGrantFilter'];
type Delta = Schemas['GrantDelta'];
const BATCH = 100;
// The contract's largest page of series: 100,000 series in 100 reads, well within the operator's Reads limit.
const PAGE = 1000;

function applyDelta(grants: Grant[], d: Delta): Grant[] {
  const next = new Set([...grants, ...(d.add ?? [])]);
  for (const g of d.remove ?? []) next.delete(g);
  return (['read', 'stream'] as const).filter((g) => next.has(g));
}

export function GrantMatrix({ partnerId }: { partnerId: string }) {
  const canEdit = useCan('editor');
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState<Genre | ''>('');
  const [grant, setGrant] = useState<GrantFilter | ''>('');
  const [genres, setGenres] = useState<string[]>([]);
  const [selected, setSelected] = useState(new Set<string>());
  // Grants changed here since the rows were loaded, by series id.
  const [changed, setChanged] = useState(new Map<string, Grant[]>());
  const [problem, setProblem] = useState<ApiProblem>();
  const q = useSettled(title.trim(), 250);
  useEffect(() => void contractEnum('Genre').then(setGenres), []);
  const series = usePages(
    (cursor) =>
      ok(api.GET('/api/studio/catalog/series', {
        params: { query: { partner_id: partnerId, limit: PAGE, ...(q ? { q } : {}), ...(genre ? { genre } : {}), ...(grant ? { grant } : {}), ...(cursor ? { cursor } : {}) } },
      })),
    [partnerId, q, genre, grant],
  );
  const grantsOf = (s: Schemas['StudioSeries']) => changed.get(s.id) ?? s.grants ?? [];

  // Each click is an intention (add or remove one grant), sent in order, one request at a time:
  // a second click on a row never replaces the first one's grant, however slow the answers.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(new Map<string, number>());
  const confirmed = useRef(new Map<string, Grant[]>());
  // Requests sent or waiting their turn: a click shows at once, and this says when the server holds it.
  const [saving, setSaving] = useState(0);
  const [saved, setSaved] = useState(false);
  function send(deltas: Delta[]) {
    setProblem(undefined);
    setChanged((old) => new Map([...old, ...deltas.map((d) => [d.series_id, applyDelta(old.get(d.series_id) ?? byId.get(d.series_id)?.grants ?? [], d)] as const)]));
    for (const d of deltas) pending.current.set(d.series_id, (pending.current.get(d.series_id) ?? 0) + 1);
    const run = async () => {
      for (let i = 0; i < deltas.length; i += BATCH) {
        const batch = deltas.slice(i, i + BATCH);
        try {
          const done = await ok(api.PATCH('/api/studio/partners/{partner_id}/grants', { params: { path: { partner_id: partnerId } }, body: { items: batch } }));
          settle(batch, done.items);
        } catch (error) {
          setProblem(problemOf(error));
          settle(batch, []);
        }
      }
    };
    setSaving((n) => n + 1);
    const next = queue.current.then(run).finally(() => {
      setSaving((n) => n - 1);
      setSaved(true);
    });
    queue.current = next;
    return next;
  }
  // What the server holds once a series has no change left in flight (a refused change shows what it last answered).
  function settle(batch: Delta[], answers: { series_id: string; grants: Grant[] }[]) {
    for (const a of answers) confirmed.current.set(a.series_id, a.grants);
    const idle: string[] = [];
    for (const d of batch) {
      const left = (pending.current.get(d.series_id) ?? 1) - 1;
      if (left > 0) pending.current.set(d.series_id, left);
      else {
        pending.current.delete(d.series_id);
        idle.push(d.series_id);
      }
    }
    setChanged((old) => {
      const next = new Map(old);
      for (const id of idle) {
        if (confirmed.current.has(id)) next.set(id, confirmed.current.get(id)!);
        else next.delete(id);
      }
      return next;
    });
  }
  const byId = new Map(series.items.map((s) => [s.id, s]));
  // A bulk job changed grants on the server: read the rows again, forgetting what clicks here last confirmed.
  const afterJob = () => {
    confirmed.current.clear();
    setChanged(new Map());
    series.reload();
  };
  const toggle = (s: Schemas['StudioSeries'], g: Grant) => void send([grantsOf(s).includes(g) ? { series_id: s.id, remove: [g] } : { series_id: s.id, add: [g] }]);
  const bulk = (g: Grant | 'none') => {
    const deltas: Delta[] = [...selected].map((id) => (g === 'none' ? { series_id: id, remove: ['read', 'stream'] } : { series_id: id, add: [g] }));
    setSelected(new Set());
    void send(deltas);
  };
  const pick = (id: string, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div class="matrix">
      <div class="filters" role="search" aria-label="Filter series">
        <label>
          Title
          <input type="search" value={title} onInput={(e) => setTitle(e.currentTarget.value)} placeholder="Part of a title" />
        </label>
        <label>
          Genre
          <select aria-label="Genre" value={genre} onChange={(e) => setGenre(e.currentTarget.value as Genre | '')}>
            <option value="">Any genre</option>
            {genres.map((g) => <option key={g} value={g}>{g.replace(/_/g, ' ')}</option>)}
          </select>
        </label>
        <label>
          Grant
          <select aria-label="Grant" value={grant} onChange={(e) => setGrant(e.currentTarget.value as GrantFilter | '')}>
            <option value="">All series</option>
            <option value="any">With a grant</option>
            <option value="read">With read</option>
            <option value="stream">With stream</option>
            <option value="none">Without a grant</option>
          </select>
        </label>
        {canEdit ? (
          <span class="bulk" aria-live="polite">
            {selected.size} selected
            <button type="button" disabled={!selected.size} onClick={() => bulk('read')}>Grant read</button>
            <button type="button" disabled={!selected.size} onClick={() => bulk('stream')}>Grant stream</button>
            <button type="button" disabled={!selected.size} onClick={() => bulk('none')}>Revoke all</button>
          </span>
        ) : null}
      </div>
      {canEdit ? <GrantJobs partnerId={partnerId} match={{ ...(q ? { q } : {}), ...(genre ? { genre } : {}), ...(grant ? { grant } : {}) }} onDone={afterJob} /> : null}
      <p class="muted small saving" role="status">{saving ? 'Saving…' : saved && !problem ? 'All changes saved.' : ''}</p>
      {problem ? <ProblemNotice problem={problem} /> : null}
      <PagedRows
          pages={series}
          what="series"
          empty="No series match these filters."
          label="Grants by series"
          rowHeight={36}
          height={480}
          header={
            <div role="row" class="cols grant-cols">
              <span role="columnheader">{canEdit ? 'Select' : ''}</span>
              <span role="columnheader">Series</span>
              <span role="columnheader">Read</span>
              <span role="columnheader">Stream</span>
            </div>
          }
          row={(i) => {
            const s = series.items[i]!;
            const grants = grantsOf(s);
            return (
              <div class="cols grant-cols">
                <span role="cell">
                  {canEdit ? <input type="checkbox" aria-label={`Select ${s.title} (${s.id})`} checked={selected.has(s.id)} onChange={(e) => pick(s.id, e.currentTarget.checked)} /> : null}
                </span>
                <span role="cell">{s.title} <code class="muted">{s.id}</code></span>
                {(['read', 'stream'] as const).map((g) => (
                  <span role="cell" key={g}>
                    <input type="checkbox" aria-label={`${g} on ${s.title} (${s.id})`} checked={grants.includes(g)} disabled={!canEdit} onChange={() => toggle(s, g)} />
                  </span>
                ))}
              </div>
            );
          }}
        />
    </div>
  );
}
