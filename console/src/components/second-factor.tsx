/**
 * The signed-in operator's second factor: enrol an authenticator app (the secret and its
 * otpauth:// link shown once, confirmed with a code, then the recovery codes shown once), new
 * recovery codes, or turn it off, each with the password.
 */
import { useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { ProblemNotice } from './problem.js';

export function SecondFactor({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const [enrolment, setEnrolment] = useState<Schemas['TotpEnrolment']>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [renewPassword, setRenewPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [problem, setProblem] = useState<ApiProblem>();

  async function run(step: () => Promise<void>) {
    setProblem(undefined);
    try {
      await step();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  const start = () => run(async () => setEnrolment(await ok(api.POST('/api/studio/account/totp'))));
  const confirm = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const answer = await ok(api.POST('/api/studio/account/totp/confirm', { body: { code: code.trim() } }));
      setEnrolment(undefined);
      setCode('');
      setRecoveryCodes(answer.recovery_codes);
    });
  };
  const renew = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const answer = await ok(api.POST('/api/studio/account/recovery-codes', { body: { password: renewPassword } }));
      setRenewPassword('');
      setRecoveryCodes(answer.recovery_codes);
    });
  };
  const turnOff = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(api.POST('/api/studio/account/totp/disable', { body: { password } }));
      setPassword('');
      onChanged();
    });
  };

  return (
    <section class="panel" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Second factor</h2>
      {recoveryCodes ? (
        <div class="secret-once" role="region" aria-label="Recovery codes">
          <p><strong>Store these recovery codes now: you will not see them again, and earlier ones no longer work.</strong> Each signs you in once if you lose your authenticator app.</p>
          <ul class="codes" data-testid="recovery-codes">{recoveryCodes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
          <button type="button" class="primary" onClick={() => { setRecoveryCodes(undefined); onChanged(); }}>I have stored them safely</button>
        </div>
      ) : enabled ? (
        <>
          <p>On: signing in asks for a code of your authenticator app.</p>
          <form class="inline" aria-label="New recovery codes" onSubmit={renew}>
            <label>Password <input type="password" autoComplete="current-password" required value={renewPassword} onInput={(e) => setRenewPassword(e.currentTarget.value)} /></label>
            <button type="submit">New recovery codes</button>
          </form>
          <form class="inline" aria-label="Turn the second factor off" onSubmit={turnOff}>
            <label>Password <input type="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} /></label>
            <button type="submit" class="danger">Turn off</button>
          </form>
        </>
      ) : enrolment ? (
        <form aria-label="Confirm the authenticator app" onSubmit={confirm}>
          <p>Add this account to your authenticator app: open the link on your phone, or type the key.</p>
          <p>Key <code data-testid="totp-secret">{enrolment.secret}</code></p>
          <p><a href={enrolment.otpauth_uri}>Open in an authenticator app</a></p>
          <label>Code from the app <input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required value={code} onInput={(e) => setCode(e.currentTarget.value)} /></label>
          <button type="submit" class="primary">Confirm</button>
        </form>
      ) : (
        <p>
          Off. <button type="button" class="primary" onClick={start}>Set up an authenticator app</button>
        </p>
      )}
      {problem ? <ProblemNotice problem={problem} /> : null}
    </section>
  );
}
