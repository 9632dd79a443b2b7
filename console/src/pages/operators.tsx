/** Operators (owners only): invite (the initial password shown once), change role, disable or enable, a password reset link (shown once); each one's last sign-in and second factor. */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';
import { SecretOnce } from '../components/secret-once.js';
import { Loading } from '../components/states.js';
import { usePages } from '../load.js';
import { useCan } from '../session.js';

type Role = Schemas['Role'];
const ROLES: Role[] = ['viewer', 'editor', 'owner'];
type SortBy = 'email' | 'role' | 'last_sign_in_at';
const SORT_KEYS: Record<SortBy, (o: Schemas['Operator']) => string | number> = {
  email: (o) => o.email,
  role: (o) => ROLES.indexOf(o.role),
  last_sign_in_at: (o) => o.last_sign_in_at ?? '',
};

export default function Operators() {
  const owner = useCan('owner');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [invited, setInvited] = useState<Schemas['OperatorInvitation']>();
  const [resetLink, setResetLink] = useState<{ email: string; url: string; expiresAt: string }>();
  const [problem, setProblem] = useState<ApiProblem>();
  const pages = usePages((cursor) => ok(api.GET('/api/studio/operators', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } })), []);
  // A studio has tens of operators, all loaded at once: sorted here, by the column header pressed.
  const [sort, setSort] = useState<{ by: SortBy; desc: boolean }>({ by: 'email', desc: false });
  if (!owner) return <p>Only owners manage operators.</p>;
  const sorted = [...pages.items].sort((a, b) => (sort.desc ? -1 : 1) * (SORT_KEYS[sort.by](a) < SORT_KEYS[sort.by](b) ? -1 : SORT_KEYS[sort.by](a) > SORT_KEYS[sort.by](b) ? 1 : 0));
  const header = (by: SortBy, label: string) => (
    <th scope="col" aria-sort={sort.by === by ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" class="link sort" onClick={() => setSort({ by, desc: sort.by === by ? !sort.desc : false })}>
        {label}
        <span aria-hidden="true">{sort.by === by ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );

  async function change(id: string, body: Schemas['OperatorChange']) {
    setProblem(undefined);
    try {
      await ok(api.PATCH('/api/studio/operators/{operator_id}', { params: { path: { operator_id: id } }, body }));
      pages.reload();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function reset(id: string, email: string) {
    setProblem(undefined);
    try {
      const link = await ok(api.POST('/api/studio/operators/{operator_id}/password-reset', { params: { path: { operator_id: id } } }));
      setResetLink({ email, url: location.origin + link.reset_path, expiresAt: link.expires_at });
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function resetMfa(id: string) {
    setProblem(undefined);
    try {
      await ok(api.POST('/api/studio/operators/{operator_id}/mfa-reset', { params: { path: { operator_id: id } } }));
      pages.reload();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  async function invite(event: Event) {
    event.preventDefault();
    setProblem(undefined);
    try {
      setInvited(await ok(api.POST('/api/studio/operators', { body: { email: email.trim(), role } })));
      setEmail('');
      pages.reload();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">Operators</h1>
      <form class="panel inline" aria-label="Invite an operator" onSubmit={invite}>
        <label>Email <input type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} /></label>
        <label>Role <select value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>{ROLES.map((r) => <option key={r} value={r}>{r}</option>)}</select></label>
        <button type="submit" class="primary">Invite</button>
      </form>
      {invited ? <SecretOnce label={`initial password of ${invited.operator.email}`} value={invited.initial_password} onDone={() => setInvited(undefined)} /> : null}
      {resetLink ? (
        <>
          <SecretOnce label={`password reset link of ${resetLink.email}`} value={resetLink.url} onDone={() => setResetLink(undefined)} />
          <p class="muted small">It works once, until {new Date(resetLink.expiresAt).toLocaleString()}; an earlier link of this operator no longer works.</p>
        </>
      ) : null}
      {problem ? <ProblemNotice problem={problem} /> : null}
      {pages.problem ? <ProblemNotice problem={pages.problem} onRetry={pages.reload} /> : null}
      {pages.items.length === 0 && pages.loading ? <Loading what="operators" /> : null}
      <table>
        <caption>Operators: {pages.items.length.toLocaleString('en')}{pages.done ? '' : ' so far'}</caption>
        <thead><tr>{header('email', 'Email')}{header('role', 'Role')}<th scope="col">Status</th><th scope="col">Second factor</th>{header('last_sign_in_at', 'Last sign-in')}<th scope="col">Actions</th></tr></thead>
        <tbody>
          {sorted.map((o) => (
            <tr key={o.id}>
              <td>{o.email}</td>
              <td>
                <select aria-label={`Role of ${o.email}`} value={o.role} onChange={(e) => change(o.id, { role: e.currentTarget.value as Role })}>
                  {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
                </select>
              </td>
              <td>{o.disabled ? 'disabled' : 'enabled'}</td>
              <td>{o.mfa_enabled ? 'on' : 'off'}</td>
              <td>{o.last_sign_in_at ? new Date(o.last_sign_in_at).toLocaleString() : 'never'}</td>
              <td>
                <button type="button" onClick={() => change(o.id, { disabled: !o.disabled })}>{o.disabled ? 'Enable' : 'Disable'}</button>
                <button type="button" aria-label={`Password reset link for ${o.email}`} onClick={() => reset(o.id, o.email)}>Reset link</button>
                {o.mfa_enabled ? <button type="button" aria-label={`Turn off the second factor of ${o.email}`} onClick={() => resetMfa(o.id)}>Turn off second factor</button> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!pages.done && pages.items.length > 0 ? <button type="button" onClick={pages.more}>Load more</button> : null}
    </section>
  );
}
