/** The catalog: series (page by page), which partners hold which grants on one, and importing a catalog file (components/catalog-import.tsx). */
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, ok } from '../api.js';
import { ImportCatalog } from '../components/catalog-import.js';
import { ProblemNotice } from '../components/problem.js';
import { Empty, Loading } from '../components/states.js';
import { PagedRows } from '../components/paged-rows.js';
import { useLoad, usePages, useSettled } from '../load.js';
import { useCan } from '../session.js';

export default function Catalog() {
  const { query } = useLocation();
  const [chosen, setChosen] = useState<string | undefined>(query.series);
  const [title, setTitle] = useState('');
  const q = useSettled(title.trim(), 250);
  const series = usePages((cursor) => ok(api.GET('/api/studio/catalog/series', { params: { query: { limit: 100, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })), [q]);
  return (
    <section aria-labelledby="catalog-title">
      <h1 id="catalog-title">Catalog</h1>
      {useCan('editor') ? <ImportCatalog onDone={series.reload} /> : null}
      <div class="filters" role="search" aria-label="Filter series">
        <label>
          Title
          <input type="search" value={title} onInput={(e) => setTitle(e.currentTarget.value)} placeholder="Part of a title" />
        </label>
      </div>
      <div class="split">
        <div>
          <PagedRows
            pages={series}
            what="series"
            empty="The catalog is empty. Import a catalog file to start."
            label="Series"
            rowHeight={36}
            height={520}
            header={<div role="row" class="cols series-cols"><span role="columnheader">Title</span><span role="columnheader">Status</span><span role="columnheader">Episodes</span></div>}
            row={(i) => {
              const s = series.items[i]!;
              return (
                <div class="cols series-cols">
                  <span role="cell"><button type="button" class="link" aria-pressed={chosen === s.id} onClick={() => setChosen(s.id)}>{s.title}</button></span>
                  <span role="cell">{s.status}</span>
                  <span role="cell">{s.episode_count}</span>
                </div>
              );
            }}
          />
        </div>
        {chosen ? <SeriesGrants key={chosen} seriesId={chosen} title={series.items.find((s) => s.id === chosen)?.title} /> : null}
      </div>
    </section>
  );
}

/** The partners holding grants on one series, every one of them page by page (a popular series has hundreds), and its first episodes. */
function SeriesGrants({ seriesId, title }: { seriesId: string; title: string | undefined }) {
  const path = { series_id: seriesId };
  const [named, setNamed] = useState<string>();
  const grants = usePages(async (cursor) => {
    const page = await ok(api.GET('/api/studio/catalog/series/{series_id}/grants', { params: { path, query: { limit: 100, ...(cursor ? { cursor } : {}) } } }));
    setNamed(page.series_title);
    return page;
  }, [seriesId]);
  const [episodes, reloadEpisodes] = useLoad(() => ok(api.GET('/api/studio/catalog/series/{series_id}/episodes', { params: { path, query: { limit: 100 } } })), [seriesId]);
  return (
    <aside class="panel" aria-label="The chosen series">
      {/* The title from the series list, or from the grants' answer when the series came by address (?series=…) and is not loaded yet. */}
      <h2>Grants on {title ?? named ?? <code>{seriesId}</code>}</h2>
      <p class="muted small">Series <code>{seriesId}</code></p>
      {grants.items.length === 0 && grants.loading ? <Loading what="grants" /> : null}
      {grants.items.length === 0 && grants.done && !grants.problem ? <Empty>No partner holds a grant on this series.</Empty> : null}
      {grants.items.length > 0 ? (
        <ul class="holders">
          {grants.items.map((g) => (
            <li key={g.partner_id}><a href={`/partners/${g.partner_id}`}>{g.partner_name}</a>: {g.grants.join(', ')}</li>
          ))}
        </ul>
      ) : null}
      {grants.problem ? <ProblemNotice problem={grants.problem} onRetry={grants.retry} /> : null}
      {grants.items.length > 0 ? (
        <p class="muted small" aria-live="polite">
          {grants.done ? `${grants.items.length.toLocaleString('en')} partners, all shown.` : `The first ${grants.items.length.toLocaleString('en')} partners.`}{' '}
          {!grants.done ? <button type="button" disabled={grants.loading} onClick={grants.more}>Show more partners</button> : null}
        </p>
      ) : null}
      <h2>Episodes</h2>
      {episodes.state === 'loading' ? <Loading what="episodes" /> : null}
      {episodes.state === 'problem' ? <ProblemNotice problem={episodes.problem} onRetry={reloadEpisodes} /> : null}
      {episodes.state === 'ok' && episodes.data.items.length === 0 ? <Empty>This series has no episodes.</Empty> : null}
      {episodes.state === 'ok' && episodes.data.items.length > 0 ? (
        <ol class="episodes">
          {episodes.data.items.map((e) => (
            <li key={e.id}>S{e.season_number}E{e.episode_number} {e.title} <code class="muted">{e.id}</code></li>
          ))}
        </ol>
      ) : null}
      {episodes.state === 'ok' && episodes.data.next_cursor ? <p class="muted">The first 100 episodes.</p> : null}
    </aside>
  );
}
