/**
 * A partner's grants as a matrix over the catalog's series: one row per series by title (pages
 * loaded as one scrolls, rendered only where visible), filtered by title, genre and grant on the
 * server (listStudioSeries with partner_id), read and stream as toggles, and a selection of many
 * rows granted or revoked in one action (sent 100 series per request, the contract's maximum).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { contractEnum } from '../contract.js';
import { usePages, useSettled } from '../load.js';
import { useCan } from '../session.js';
import { ProblemNotice } from './problem.js';
import { PagedRows } from './paged-rows.js';

type Grant = Schemas['Grant'];
type Genre = NonNullable<Schemas['StudioSeries']['genres']>[number];
type GrantFilter = Schemas['StudioSeriesGrantFilter'];
const BATCH = 100;

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
        params: { query: { partner_id: partnerId, limit: 100, ...(q ? { q } : {}), ...(genre ? { genre } : {}), ...(grant ? { grant } : {}), ...(cursor ? { cursor } : {}) } },
      })),
    [partnerId, q, genre, grant],
  );
  const grantsOf = (s: Schemas['StudioSeries']) => changed.get(s.id) ?? s.grants ?? [];

  async function set(changes: { series_id: string; grants: Grant[] }[]) {
    setProblem(undefined);
    try {
      for (let i = 0; i < changes.length; i += BATCH) {
        const done = await ok(api.PUT('/api/studio/partners/{partner_id}/grants', { params: { path: { partner_id: partnerId } }, body: { items: changes.slice(i, i + BATCH) } }));
        setChanged((old) => new Map([...old, ...done.items.map((c) => [c.series_id, c.grants] as const)]));
      }
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const byId = new Map(series.items.map((s) => [s.id, s]));
  const toggle = (s: Schemas['StudioSeries'], g: Grant) => {
    const now = grantsOf(s);
    void set([{ series_id: s.id, grants: now.includes(g) ? now.filter((x) => x !== g) : [...now, g] }]);
  };
  const bulk = (g: Grant | 'none') => {
    const changes = [...selected].map((id) => {
      const now = byId.has(id) ? grantsOf(byId.get(id)!) : changed.get(id) ?? [];
      return { series_id: id, grants: g === 'none' ? [] : now.includes(g) ? now : [...now, g] };
    });
    void set(changes).then(() => setSelected(new Set()));
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
