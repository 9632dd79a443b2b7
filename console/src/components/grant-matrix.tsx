/**
 * A partner's grants as a matrix over the catalog's series: one row per series (loaded page by
 * page as one scrolls, rendered only where visible), read and stream as toggles, and a selection
 * of many rows granted or revoked in one action (sent 100 series per request, the contract's maximum).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { usePages } from '../load.js';
import { useCan } from '../session.js';
import { ProblemNotice } from './problem.js';
import { Empty, Loading } from './states.js';
import { VirtualRows } from './virtual-rows.js';

type Grant = Schemas['Grant'];
const BATCH = 100;

/** Every grant the partner holds, by series id (pages fetched one after another in the background). */
function useHeldGrants(partnerId: string): [Map<string, Grant[]>, (changes: Map<string, Grant[]>) => void] {
  const [held, setHeld] = useState(new Map<string, Grant[]>());
  useEffect(() => {
    let current = true;
    (async () => {
      let cursor: string | undefined;
      const all = new Map<string, Grant[]>();
      do {
        const page = await ok(api.GET('/api/studio/partners/{partner_id}/grants', { params: { path: { partner_id: partnerId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } }));
        for (const e of page.items) all.set(e.series_id, e.grants);
        if (current) setHeld(new Map(all));
        cursor = page.next_cursor ?? undefined;
      } while (cursor && current);
    })().catch(() => {});
    return () => {
      current = false;
    };
  }, [partnerId]);
  return [held, (changes) => setHeld((old) => new Map([...old, ...changes]))];
}

export function GrantMatrix({ partnerId }: { partnerId: string }) {
  const canEdit = useCan('editor');
  const [title, setTitle] = useState('');
  const [only, setOnly] = useState<'all' | 'granted' | 'none'>('all');
  const [selected, setSelected] = useState(new Set<string>());
  const [problem, setProblem] = useState<ApiProblem>();
  const [held, applyHeld] = useHeldGrants(partnerId);
  const series = usePages((cursor) => ok(api.GET('/api/studio/catalog/series', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } })), []);

  const needle = title.toLowerCase();
  const rows = series.items.filter((s) => {
    if (needle && !s.title.toLowerCase().includes(needle)) return false;
    const has = (held.get(s.id)?.length ?? 0) > 0;
    return only === 'all' || (only === 'granted' ? has : !has);
  });

  async function set(changes: { series_id: string; grants: Grant[] }[]) {
    setProblem(undefined);
    try {
      for (let i = 0; i < changes.length; i += BATCH) {
        const done = await ok(api.PUT('/api/studio/partners/{partner_id}/grants', { params: { path: { partner_id: partnerId } }, body: { items: changes.slice(i, i + BATCH) } }));
        applyHeld(new Map(done.items.map((c) => [c.series_id, c.grants])));
      }
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const toggle = (seriesId: string, grant: Grant) => {
    const now = held.get(seriesId) ?? [];
    void set([{ series_id: seriesId, grants: now.includes(grant) ? now.filter((g) => g !== grant) : [...now, grant] }]);
  };
  const bulk = (grant: Grant | 'none') => {
    const changes = [...selected].map((id) => {
      const now = held.get(id) ?? [];
      return { series_id: id, grants: grant === 'none' ? [] : now.includes(grant) ? now : [...now, grant] };
    });
    void set(changes).then(() => setSelected(new Set()));
  };
  const pick = (id: string, on: boolean) => setSelected((old) => { const next = new Set(old); if (on) next.add(id); else next.delete(id); return next; });

  return (
    <div class="matrix">
      <div class="filters" role="search">
        <label>
          Title
          <input type="search" value={title} onInput={(e) => setTitle(e.currentTarget.value)} placeholder="Filter loaded series" />
        </label>
        <label>
          Show
          <select value={only} onChange={(e) => setOnly(e.currentTarget.value as typeof only)}>
            <option value="all">All series</option>
            <option value="granted">With a grant</option>
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
      {series.problem ? <ProblemNotice problem={series.problem} onRetry={series.reload} /> : null}
      {series.items.length === 0 && series.loading ? <Loading what="series" /> : null}
      {series.items.length > 0 && rows.length === 0 ? <Empty>No loaded series match.</Empty> : null}
      {rows.length > 0 ? (
        <VirtualRows
          label="Grants by series"
          count={rows.length}
          rowHeight={36}
          height={480}
          onNearEnd={series.more}
          header={
            <div role="row" class="cols grant-cols">
              <span role="columnheader">{canEdit ? 'Select' : ''}</span>
              <span role="columnheader">Series</span>
              <span role="columnheader">Read</span>
              <span role="columnheader">Stream</span>
            </div>
          }
          row={(i) => {
            const s = rows[i]!;
            const grants = held.get(s.id) ?? [];
            return (
              <div class="cols grant-cols">
                <span role="cell">
                  {canEdit ? <input type="checkbox" aria-label={`Select ${s.title}`} checked={selected.has(s.id)} onChange={(e) => pick(s.id, e.currentTarget.checked)} /> : null}
                </span>
                <span role="cell">{s.title} <code class="muted">{s.id}</code></span>
                {(['read', 'stream'] as const).map((g) => (
                  <span role="cell" key={g}>
                    <input type="checkbox" aria-label={`${g} on ${s.title}`} checked={grants.includes(g)} disabled={!canEdit} onChange={() => toggle(s.id, g)} />
                  </span>
                ))}
              </div>
            );
          }}
        />
      ) : null}
    </div>
  );
}
