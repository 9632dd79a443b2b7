/** Sign in with an operator account's email and password, or with the studio's identity provider. */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';

export function SignIn({ onSignedIn }: { onSignedIn: (session: Schemas['Session']) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      onSignedIn(await ok(api.POST('/api/studio/session', { body: { email, password } })));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function withIdentityProvider() {
    try {
      const start = await ok(api.GET('/api/studio/session/oidc'));
      location.assign(start.authorization_url);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>Partner console</h1>
      <form onSubmit={submit} aria-label="Sign in">
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <button type="button" onClick={withIdentityProvider}>
          Sign in with the studio's identity provider
        </button>
      </p>
      {problem ? <ProblemNotice problem={problem} /> : null}
    </main>
  );
}
