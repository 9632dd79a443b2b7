/** The signed-in operator's account: change the password, the second factor, and the sessions. */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem } from '../api.js';
import { MySessions } from '../components/my-sessions.js';
import { ProblemNotice } from '../components/problem.js';
import { SecondFactor } from '../components/second-factor.js';
import { useSession } from '../session.js';

export default function Account() {
  const { operator, mfaEnrolmentRequired, refresh, ended } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [changed, setChanged] = useState(false);
  const [problem, setProblem] = useState<ApiProblem>();

  async function changePassword(event: Event) {
    event.preventDefault();
    setProblem(undefined);
    setChanged(false);
    try {
      await ok(api.POST('/api/studio/account/password', { body: { current_password: current, new_password: next } }));
      setCurrent('');
      setNext('');
      setChanged(true);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p>{operator.email} ({operator.role})</p>
      {mfaEnrolmentRequired ? (
        <p role="alert" class="notice notice-error">The studio requires owners to use a second factor: set up an authenticator app to go on.</p>
      ) : null}
      <SecondFactor enabled={operator.mfa_enabled} onChanged={refresh} />
      {mfaEnrolmentRequired ? null : (
        <>
          <form class="panel" aria-labelledby="password-title" onSubmit={changePassword}>
            <h2 id="password-title">Password</h2>
            <label>Current password <input type="password" autoComplete="current-password" required value={current} onInput={(e) => setCurrent(e.currentTarget.value)} /></label>
            <label>New password <input type="password" autoComplete="new-password" required minLength={12} maxLength={128} value={next} onInput={(e) => setNext(e.currentTarget.value)} /></label>
            <button type="submit" class="primary">Change password</button>
            <p class="muted small">At least 12 characters. Your other sessions end when it changes.</p>
            {changed ? <p role="status">Password changed; your other sessions have ended.</p> : null}
            {problem ? <ProblemNotice problem={problem} /> : null}
          </form>
          <MySessions onEnded={ended} />
        </>
      )}
    </section>
  );
}
