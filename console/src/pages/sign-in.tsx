/**
 * Sign in with an operator account's email and password (then, for an operator with a second
 * factor, a code of its authenticator app or a recovery code), or with the studio's identity provider.
 */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';

/** Where the console returns after the identity provider's sign-in (the page the operator was on). */
export const RETURN_KEY = 'console.return';

export function SignIn({ onSignedIn, ended }: { onSignedIn: (session: Schemas['Session']) => void; ended?: boolean | undefined }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();
  // The second step: the password was right and the operator has a second factor.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const typed = code.trim();
    const answer = !askCode ? {} : /^[0-9]{6}$/.test(typed) ? { totp_code: typed } : { recovery_code: typed };
    try {
      onSignedIn(await ok(api.POST('/api/studio/session', { body: { email, password, ...answer } })));
    } catch (error) {
      const found = problemOf(error);
      if (found.code === 'mfa_required') setAskCode(true);
      else setProblem(found);
    } finally {
      setBusy(false);
    }
  }

  async function withIdentityProvider() {
    try {
      const start = await ok(api.GET('/api/studio/session/oidc'));
      sessionStorage.setItem(RETURN_KEY, location.pathname + location.search);
      location.assign(start.authorization_url);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>Partner console</h1>
      {ended ? <p role="status" class="notice">Your session has ended. Sign in again to go on where you were.</p> : null}
      <form onSubmit={submit} aria-label="Sign in">
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        {askCode ? (
          <label>
            Code from your authenticator app, or a recovery code
            <input name="code" autoComplete="one-time-code" inputMode="text" required autoFocus value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
        ) : null}
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
