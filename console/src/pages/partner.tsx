/** One partner: its details and credential actions, its grants matrix, its usage and its recent audit entries. */
import { useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { AuditTable } from '../components/audit-table.js';
import { Confirm } from '../components/confirm.js';
import { GrantMatrix } from '../components/grant-matrix.js';
import { ProblemNotice } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { PartnerSecrets } from '../components/secret-roll.js';
import { Empty, Loading } from '../components/states.js';
import { UsagePanel } from '../components/usage-panel.js';
import { WebhooksPanel } from '../components/webhooks-panel.js';
import { useChanges, useLoad } from '../load.js';
import { useCan } from '../session.js';

type Partner = Schemas['Partner'];

export default function PartnerPage() {
  const { params } = useRoute();
  const id = params.id!;
  const [partner, reload] = useLoad(() => ok(api.GET('/api/studio/partners/{partner_id}', { params: { path: { partner_id: id } } })), [id]);
  const owner = useCan('owner');
  // No such partner: its page says so and nothing else (no matrix, usage or changes of nobody).
  if (partner.state === 'problem' && partner.problem.status === 404) {
    return (
      <article aria-labelledby="partner-title">
        <h1 id="partner-title">No partner <code>{id}</code></h1>
        <p>There is no partner with this id: it may have been mistyped. <a href="/partners">Find a partner in the list</a>.</p>
      </article>
    );
  }
  // Each section loads on its own, all at once: the matrix does not wait for the partner's details.
  return (
    <article aria-labelledby="partner-title" key={id}>
      {partner.state === 'ok' ? (
        <>
          <Details partner={partner.data} onChanged={reload} />
          <PartnerSecrets partner={partner.data} owner={owner} onChanged={reload} />
        </>
      ) : <h1 id="partner-title">Partner <code>{id}</code></h1>}
      {partner.state === 'problem' ? <ProblemNotice problem={partner.problem} onRetry={reload} /> : null}
      <section aria-labelledby="grants-title">
        <h2 id="grants-title">Grants</h2>
        <GrantMatrix partnerId={id} />
      </section>
      <section aria-labelledby="usage-title">
        <h2 id="usage-title">Usage</h2>
        <UsagePanel partnerId={id} />
      </section>
      <WebhooksPanel partnerId={id} owner={owner} />
      <RecentAudit partnerId={id} />
    </article>
  );
}

function Details({ partner, onChanged }: { partner: Partner; onChanged: () => void }) {
  const owner = useCan('owner');
  const [name, setName] = useState(partner.name);
  const [confirming, setConfirming] = useState<'secret' | 'disable' | undefined>();
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<ApiProblem>();
  const path = { params: { path: { partner_id: partner.id } } };
  async function run(change: () => Promise<unknown>) {
    setProblem(undefined);
    try {
      await change();
      onChanged();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function regenerate() {
    setConfirming(undefined);
    setProblem(undefined);
    try {
      setSecret((await ok(api.POST('/api/studio/partners/{partner_id}/secret', path))).api_secret);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  return (
    <header class="partner-head">
      <h1 id="partner-title">{partner.name}</h1>
      <dl class="facts">
        <dt>Partner id</dt><dd><code>{partner.id}</code></dd>
        <dt>API key</dt><dd><code>{partner.api_key}</code></dd>
        <dt>Status</dt><dd class={`status status-${partner.status}`}>{partner.status}</dd>
        <dt>Created</dt><dd>{partner.created_at}</dd>
      </dl>
      {owner ? (
        <div class="actions">
          <form class="inline" aria-label="Rename" onSubmit={(e) => { e.preventDefault(); void run(() => ok(api.PATCH('/api/studio/partners/{partner_id}', { ...path, body: { name: name.trim() } }))); }}>
            <label>Name <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
            <button type="submit">Rename</button>
          </form>
          {partner.status === 'enabled' ? (
            <button type="button" class="danger" onClick={() => setConfirming('disable')}>Disable</button>
          ) : (
            <button type="button" onClick={() => run(() => ok(api.POST('/api/studio/partners/{partner_id}/enable', path)))}>Enable</button>
          )}
          <button type="button" class="danger" onClick={() => setConfirming('secret')}>Regenerate secret</button>
        </div>
      ) : null}
      {confirming === 'disable' ? (
        <Confirm
          title={`Disable ${partner.name}?`}
          confirmLabel="Disable partner"
          onConfirm={() => {
            setConfirming(undefined);
            void run(() => ok(api.POST('/api/studio/partners/{partner_id}/disable', path)));
          }}
          onCancel={() => setConfirming(undefined)}
        >
          <p>Its API key, secret and every token it holds are refused from its next request, on every instance, until it is enabled again. Its grants stay as they are.</p>
        </Confirm>
      ) : null}
      {confirming === 'secret' ? (
        <Confirm title="Regenerate the API secret?" confirmLabel="Regenerate" onConfirm={regenerate} onCancel={() => setConfirming(undefined)}>
          <p>The current secret, a rolled secret still valid, and every token issued with them stop working at once. {partner.name} must use the new secret.</p>
        </Confirm>
      ) : null}
      {secret ? <SecretOnce label="new API secret" value={secret} onDone={() => setSecret(undefined)} /> : null}
      {problem ? <ProblemNotice problem={problem} /> : null}
    </header>
  );
}

function RecentAudit({ partnerId }: { partnerId: string }) {
  // Read again after each change made on this page (grants, rename, secret), keeping the table meanwhile.
  const changes = useChanges();
  const [entries, reload] = useLoad(() => ok(api.GET('/api/studio/audit', { params: { query: { partner_id: partnerId, limit: 20 } } })), [partnerId, changes], { keep: true });
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">Recent changes</h2>
      {entries.state === 'loading' ? <Loading what="audit entries" /> : null}
      {entries.state === 'problem' ? <ProblemNotice problem={entries.problem} onRetry={reload} /> : null}
      {entries.state === 'ok' && entries.data.items.length === 0 ? <Empty>No changes recorded for this partner.</Empty> : null}
      {entries.state === 'ok' && entries.data.items.length > 0 ? <AuditTable caption="The 20 most recent changes" entries={entries.data.items} /> : null}
      <p><a href={`/audit?partner_id=${partnerId}`}>All of this partner's audit entries</a></p>
    </section>
  );
}
