/**
 * The page a password reset link opens (`/reset-password#token=…`): the token is read from the
 * fragment (never sent to a server in a URL) and dropped from the address bar at once.
 */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem } from '../api.js';
import { ProblemNotice } from '../components/problem.js';

function takeToken(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  history.replaceState(null, '', '/reset-password');
  return token;
}

export function ResetPassword({ onDone }: { onDone: () => void }) {
  const [token] = useState(takeToken);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();

  async function submit(event: Event) {
    event.preventDefault();
    setProblem(undefined);
    if (password !== again) return setProblem({ title: 'The passwords differ', detail: 'Type the same new password twice.', status: 0 });
    try {
      await ok(api.POST('/api/studio/password-reset', { body: { token, new_password: password } }));
      setDone(true);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>Set a new password</h1>
      {done ? (
        <div role="status" class="notice">
          <p>Your password is set, and every session you had has ended.</p>
          <button type="button" class="primary" onClick={() => { history.replaceState(null, '', '/'); onDone(); }}>Sign in</button>
        </div>
      ) : !token ? (
        <p role="alert">This link has no token. Ask an owner for a new one.</p>
      ) : (
        <form onSubmit={submit} aria-label="Set a new password">
          <label>
            New password
            <input type="password" autoComplete="new-password" required minLength={12} maxLength={128} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
          </label>
          <label>
            New password again
            <input type="password" autoComplete="new-password" required minLength={12} maxLength={128} value={again} onInput={(e) => setAgain(e.currentTarget.value)} />
          </label>
          <p class="muted small">At least 12 characters; a few unrelated words make a good one.</p>
          <button type="submit" class="primary">Set password</button>
        </form>
      )}
      {problem ? <ProblemNotice problem={problem} /> : null}
    </main>
  );
}
