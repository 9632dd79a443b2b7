/**
 * The second step of an identity-provider sign-in for an operator with a second factor: the provider
 * vouched, and the studio asks for a code of the authenticator app or a recovery code, as after a
 * password. The same answer goes back with the code; a wrong one ends this sign-in (start again).
 */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from '../components/problem.js';

type Answer = { code: string; state: string; iss?: string };

export function OidcCode({ answer, onSignedIn, onRestart }: { answer: Answer; onSignedIn: (session: Schemas['Session']) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const typed = code.trim();
    const factor = /^[0-9]{6}$/.test(typed) ? { totp_code: typed } : { recovery_code: typed };
    try {
      onSignedIn(await ok(api.POST('/api/studio/session/oidc', { body: { ...answer, ...factor } })));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>Partner console</h1>
      {problem ? (
        <>
          <ProblemNotice problem={problem} />
          <p>
            <button type="button" class="primary" onClick={onRestart}>
              Start signing in again
            </button>
          </p>
        </>
      ) : (
        <form onSubmit={submit} aria-label="Second factor">
          <label>
            Code from your authenticator app, or a recovery code
            <input name="code" autoComplete="one-time-code" inputMode="text" required autoFocus value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      )}
    </main>
  );
}
