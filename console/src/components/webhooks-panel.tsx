/**
 * A partner's webhook endpoints (URL, event types, state) and, for owners, adding one, rolling its
 * signing secret (shown once, as at creation), disabling, enabling and deleting it; below, the
 * delivery log: status, attempts, last response code and next attempt of the latest deliveries.
 * The event types offered are the contract's WebhookEventType.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { contractDefault, contractEnum } from '../contract.js';
import { useChanges, useLoad } from '../load.js';
import { ProblemNotice } from './problem.js';
import { SecretOnce } from './secret-once.js';
import { Empty, Loading } from './states.js';

type Endpoint = Schemas['WebhookEndpoint'];
type EventType = Schemas['WebhookEventType'];

export function WebhooksPanel({ partnerId, owner }: { partnerId: string; owner: boolean }) {
  const [endpoints, reload] = useLoad(() => ok(api.GET('/api/studio/partners/{partner_id}/webhooks', { params: { path: { partner_id: partnerId } } })), [partnerId]);
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<ApiProblem>();
  /** Makes the change; true when the API accepted it. */
  async function run(change: () => Promise<unknown>): Promise<boolean> {
    setProblem(undefined);
    try {
      const answer = (await change()) as { secret?: string } | undefined;
      if (answer && typeof answer === 'object' && 'secret' in answer && answer.secret) setSecret(answer.secret);
      reload();
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    }
  }
  const at = (id: string) => ({ params: { path: { endpoint_id: id } } });
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      {endpoints.state === 'loading' ? <Loading what="webhook endpoints" /> : null}
      {endpoints.state === 'problem' ? <ProblemNotice problem={endpoints.problem} onRetry={reload} /> : null}
      {endpoints.state === 'ok' && endpoints.data.items.length === 0 ? <Empty>No webhook endpoints: this partner polls for changes.</Empty> : null}
      {endpoints.state === 'ok' && endpoints.data.items.length > 0 ? (
        <table>
          <caption>Endpoints (signing secrets are shown only when issued)</caption>
          <thead>
            <tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Status</th>{owner ? <th scope="col">Actions</th> : null}</tr>
          </thead>
          <tbody>
            {endpoints.data.items.map((e: Endpoint) => (
              <tr key={e.id}>
                <td><code>{e.url}</code></td>
                <td>{e.event_types.join(', ')}</td>
                <td class={`status status-${e.status}`}>{e.status}{e.disabled_reason === 'failing' ? ' (failing)' : ''}</td>
                {owner ? (
                  <td class="actions">
                    <button type="button" onClick={() => run(async () => ok(api.POST('/api/studio/webhooks/{endpoint_id}/secret/roll', { ...at(e.id), body: { expires_in_hours: await contractDefault('WebhookSecretRoll', 'expires_in_hours') } })))}>Roll secret</button>
                    {e.status === 'enabled' ? (
                      <button type="button" onClick={() => run(() => ok(api.POST('/api/studio/webhooks/{endpoint_id}/disable', at(e.id))))}>Disable</button>
                    ) : (
                      <button type="button" onClick={() => run(() => ok(api.POST('/api/studio/webhooks/{endpoint_id}/enable', at(e.id))))}>Enable</button>
                    )}
                    <button type="button" class="danger" onClick={() => run(() => ok(api.DELETE('/api/studio/webhooks/{endpoint_id}', at(e.id))))}>Delete</button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {owner ? <AddEndpoint onAdd={(url, types) => run(() => ok(api.POST('/api/studio/partners/{partner_id}/webhooks', { params: { path: { partner_id: partnerId } }, body: { url, event_types: types } })))} /> : null}
      {secret ? <SecretOnce label="webhook signing secret" value={secret} onDone={() => setSecret(undefined)} /> : null}
      {problem ? <ProblemNotice problem={problem} /> : null}
      <DeliveryLog partnerId={partnerId} />
    </section>
  );
}

function AddEndpoint({ onAdd }: { onAdd: (url: string, types: EventType[]) => Promise<boolean> }) {
  const [types, setTypes] = useState<EventType[]>([]);
  const [chosen, setChosen] = useState<EventType[]>([]);
  const [url, setUrl] = useState('');
  useEffect(() => {
    void contractEnum('WebhookEventType').then((all) => setTypes(all as EventType[]));
  }, []);
  const toggle = (t: EventType) => setChosen((c) => (c.includes(t) ? c.filter((x) => x !== t) : [...c, t]));
  return (
    <form aria-label="Add webhook endpoint" onSubmit={(e) => { e.preventDefault(); void onAdd(url.trim(), chosen).then((added) => { if (added) { setUrl(''); setChosen([]); } }); }}>
      <label>Endpoint URL <input type="url" required maxLength={2048} value={url} placeholder="https://hooks.partner.example/halcyon" onInput={(e) => setUrl(e.currentTarget.value)} /></label>
      <fieldset>
        <legend>Events to send</legend>
        {types.map((t) => (
          <label key={t} class="check"><input type="checkbox" checked={chosen.includes(t)} onChange={() => toggle(t)} /> {t}</label>
        ))}
      </fieldset>
      <button type="submit" disabled={chosen.length === 0}>Add endpoint</button>
    </form>
  );
}

function DeliveryLog({ partnerId }: { partnerId: string }) {
  const changes = useChanges();
  const [log, reload] = useLoad(() => ok(api.GET('/api/studio/partners/{partner_id}/webhook-deliveries', { params: { path: { partner_id: partnerId }, query: { limit: 20 } } })), [partnerId, changes], { keep: true });
  return (
    <>
      <h3>Delivery log</h3>
      {log.state === 'loading' ? <Loading what="deliveries" /> : null}
      {log.state === 'problem' ? <ProblemNotice problem={log.problem} onRetry={reload} /> : null}
      {log.state === 'ok' && log.data.items.length === 0 ? <Empty>No deliveries yet.</Empty> : null}
      {log.state === 'ok' && log.data.items.length > 0 ? (
        <table>
          <caption>The 20 latest deliveries, newest event first</caption>
          <thead>
            <tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last code</th><th scope="col">Next attempt</th></tr>
          </thead>
          <tbody>
            {log.data.items.map((d) => (
              <tr key={`${d.endpoint_id} ${d.event_id}`}>
                <td><code>{d.event_id}</code></td>
                <td>{d.event_type}</td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{d.last_status_code ?? '–'}</td>
                <td>{d.next_attempt_at ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
