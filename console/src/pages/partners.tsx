/** Partners: search, status filter, pages loaded as one scrolls, and creating a partner (its secret shown once). */
import { useRef, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { PagedRows } from '../components/paged-rows.js';
import { usePages } from '../load.js';
import { useCan } from '../session.js';

type Status = Schemas['PartnerStatus'];

export default function Partners() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const pages = usePages(
    (cursor) =>
      ok(api.GET('/api/studio/partners', { params: { query: { limit: 100, ...(q ? { q } : {}), ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
    [q, status],
  );
  return (
    <section aria-labelledby="partners-title">
      <h1 id="partners-title">Partners</h1>
      {useCan('owner') ? <CreatePartner onCreated={pages.reload} /> : null}
      <div class="filters" role="search">
        <label>
          Search
          <input type="search" placeholder="Name, id or API key" value={q} onInput={(e) => setQ(e.currentTarget.value.trim())} />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | '')}>
            <option value="">Any</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
          </select>
        </label>
      </div>
      <PagedRows
          pages={pages}
          what="partners"
          empty="No partners match."
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
        <input required maxLength={200} value={name} onInput={(e) => { setName(e.currentTarget.value); key.current = undefined; }} />
      </label>
      <button type="submit" class="primary" disabled={busy} aria-busy={busy}>{busy ? 'Creating…' : 'Create partner'}</button>
      {problem ? <ProblemNotice problem={problem} /> : null}
    </form>
  );
}
