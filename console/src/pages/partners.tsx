/** Partners: search, status filter, pages loaded as one scrolls, and creating a partner (its secret shown once). */
import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { PagedRows } from '../components/paged-rows.js';
import { usePages, useSettled } from '../load.js';
import { useCan } from '../session.js';

type Status = Schemas['PartnerStatus'];

type Sort = Schemas['PartnerSort'];
const SORTS: Array<[Sort, string]> = [['name', 'Name, A to Z'], ['-name', 'Name, Z to A'], ['-created_at', 'Newest first'], ['created_at', 'Oldest first'], ['id', 'Partner id']];

export default function Partners() {
  // The address holds the search, status and sort (a view can be bookmarked or shared).
  const { query, path, route } = useLocation();
  const [q, setQ] = useState(query.q ?? '');
  const status = (query.status ?? '') as Status | '';
  const sort = (SORTS.some(([s]) => s === query.sort) ? query.sort : 'name') as Sort;
  const settled = useSettled(q.trim(), 250);
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(Object.entries({ ...query, [name]: value }).filter(([, v]) => v));
    const search = next.toString();
    if (search !== new URLSearchParams(location.search).toString()) route(`${path}${search ? `?${search}` : ''}`, true);
  };
  useEffect(() => setParam('q', settled), [settled]);
  const pages = usePages(
    (cursor) =>
      ok(api.GET('/api/studio/partners', { params: { query: { limit: 100, sort, ...(settled ? { q: settled } : {}), ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
    [settled, status, sort],
  );
  const canCreate = useCan('owner');
  const filtered = Boolean(settled || status);
  return (
    <section aria-labelledby="partners-title">
      <h1 id="partners-title">Partners</h1>
      {canCreate ? <CreatePartner onCreated={pages.reload} /> : null}
      <div class="filters" role="search">
        <label>
          Search
          <input type="search" placeholder="Name, id or API key" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setParam('status', e.currentTarget.value)}>
            <option value="">Any</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
          </select>
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setParam('sort', e.currentTarget.value)}>
            {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
      </div>
      <p class="count" role="status" aria-live="polite">{pages.total === undefined ? '' : `${pages.total.toLocaleString('en')} ${pages.total === 1 ? 'partner' : 'partners'}${filtered ? ' match' : ''}`}</p>
      <PagedRows
          pages={pages}
          what="partners"
          empty={
            filtered ? 'No partners match this search. Clear the search or the status filter to see every partner.'
            : canCreate ? <>No partners yet. <button type="button" class="link" onClick={() => document.getElementById('new-partner-name')?.focus()}>Create partner</button> to give your first partner its API key.</>
            : 'No partners yet. An owner creates them.'
          }
          label="Partners"
          rowHeight={40}
          height={520}
          header={
            <div role="row" class="cols partner-cols">
              <span role="columnheader">Name</span>
              <span role="columnheader">Partner id</span>
              <span role="columnheader">API key</span>
              <span role="columnheader">Status</span>
              <span role="columnheader">Last active</span>
              <span role="columnheader">Created</span>
            </div>
          }
          row={(i) => {
            const p = pages.items[i]!;
            return (
              <div class="cols partner-cols">
                <span role="cell"><a href={`/partners/${p.id}`}>{p.name}</a></span>
                <span role="cell"><code>{p.id}</code></span>
                <span role="cell"><code>{p.api_key}</code></span>
                <span role="cell" class={`status status-${p.status}`}>{p.status}</span>
                <span role="cell">{p.last_active_on ?? 'never'}</span>
                <span role="cell">{p.created_at.slice(0, 10)}</span>
              </div>
            );
          }}
        />
    </section>
  );
}

/**
 * One partner per intended creation: the button is busy while the request is out, and the request
 * carries an Idempotency-Key kept until it succeeds or the name changes, so a second click or a
 * retry after a lost answer gets the same partner back rather than a second one.
 */
function CreatePartner({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Schemas['PartnerCredentials'] | Schemas['PartnerCreationReplay']>();
  const [problem, setProblem] = useState<ApiProblem>();
  const key = useRef<string | undefined>(undefined);
  const inFlight = useRef(false);
  async function submit(event: Event) {
    event.preventDefault();
    // A ref, not the state: a second click in the same frame still sees busy as false.
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(undefined);
    setBusy(true);
    key.current ??= crypto.randomUUID();
    try {
      setCreated(await ok(api.POST('/api/studio/partners', { body: { name: name.trim() }, params: { header: { 'Idempotency-Key': key.current } } })));
      key.current = undefined;
      setName('');
      onCreated();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  if (created) {
    return (
      <div class="panel">
        <p>
          Created <a href={`/partners/${created.partner.id}`}>{created.partner.name}</a>: API key <code>{created.partner.api_key}</code>
        </p>
        {'api_secret' in created ? (
          <SecretOnce label="API secret" value={created.api_secret} onDone={() => setCreated(undefined)} />
        ) : (
          <p role="status">
            This partner was created by your earlier request, whose answer showed its secret. If you did not store it, regenerate it on the partner's page.{' '}
            <button type="button" onClick={() => setCreated(undefined)}>Done</button>
          </p>
        )}
      </div>
    );
  }
  return (
    <form class="panel inline" onSubmit={submit} aria-label="Create a partner">
      <label>
        New partner's name
        <input id="new-partner-name" required maxLength={200} value={name} onInput={(e) => { setName(e.currentTarget.value); key.current = undefined; }} />
      </label>
      <button type="submit" class="primary" disabled={busy} aria-busy={busy}>{busy ? 'Creating…' : 'Create partner'}</button>
      {problem ? <ProblemNotice problem={problem} /> : null}
    </form>
  );
}
