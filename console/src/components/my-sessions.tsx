/** The signed-in operator's live sessions: where and when each started and was last used; end one, or all of them. */
import { useEffect, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from './problem.js';

export function MySessions({ onEnded }: { onEnded: () => void }) {
  const [items, setItems] = useState<Schemas['SessionInfo'][]>();
  const [problem, setProblem] = useState<ApiProblem>();
  async function load() {
    setProblem(undefined);
    try {
      setItems((await ok(api.GET('/api/studio/account/sessions'))).items);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  useEffect(() => void load(), []);
  async function end(session: Schemas['SessionInfo']) {
    try {
      await ok(api.DELETE('/api/studio/account/sessions/{session_id}', { params: { path: { session_id: session.id } } }));
      if (session.current) onEnded();
      else await load();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function everywhere() {
    try {
      await ok(api.DELETE('/api/studio/account/sessions'));
      onEnded();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const when = (iso: string) => new Date(iso).toLocaleString();
  return (
    <section class="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {problem ? <ProblemNotice problem={problem} onRetry={load} /> : null}
      <table>
        <caption>Your sessions</caption>
        <thead><tr><th scope="col">Browser</th><th scope="col">Address</th><th scope="col">Started</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
        <tbody>
          {(items ?? []).map((s) => (
            <tr key={s.id}>
              <td>{s.user_agent ?? 'unknown'}{s.current ? <strong> (this one)</strong> : null}</td>
              <td>{s.address ?? 'unknown'}</td>
              <td>{when(s.created_at)}</td>
              <td>{when(s.last_seen_at)}</td>
              <td><button type="button" aria-label={`Sign out the session started ${when(s.created_at)}${s.current ? ' (this one)' : ''}`} onClick={() => end(s)}>Sign out</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" class="danger" onClick={everywhere}>Sign out everywhere</button>
    </section>
  );
}
