/** Partners: search, status filter, pages loaded as one scrolls, and creating a partner (its secret shown once). */
import { useState } from 'preact/hooks';
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

function CreatePartner({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Schemas['PartnerCredentials']>();
  const [problem, setProblem] = useState<ApiProblem>();
  async function submit(event: Event) {
    event.preventDefault();
    setProblem(undefined);
    try {
      setCreated(await ok(api.POST('/api/studio/partners', { body: { name: name.trim() } })));
      setName('');
      onCreated();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  if (created) {
    return (
      <div class="panel">
        <p>
          Created <a href={`/partners/${created.partner.id}`}>{created.partner.name}</a>: API key <code>{created.partner.api_key}</code>
        </p>
        <SecretOnce label="API secret" value={created.api_secret} onDone={() => setCreated(undefined)} />
      </div>
    );
  }
  return (
    <form class="panel inline" onSubmit={submit} aria-label="Create a partner">
      <label>
        New partner's name
        <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary">Create partner</button>
      {problem ? <ProblemNotice problem={problem} /> : null}
    </form>
  );
}
