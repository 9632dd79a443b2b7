/**
 * A partner's API secrets (described, never shown) and, for owners, "Roll secret": a new secret,
 * shown once, while the current one keeps working until the chosen expiry, so the partner can
 * switch without an outage. The expiry's choices stay within the contract's SecretRoll bounds.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ok, problemOf, type ApiProblem, type Schemas } from '../api.js';
import { secretRollHours } from '../contract.js';
import { Confirm } from './confirm.js';
import { ProblemNotice } from './problem.js';
import { SecretOnce } from './secret-once.js';

type Partner = Schemas['Partner'];

/** The expiries offered, in hours: those within the contract's bounds, and its default. */
const CHOICES = [1, 24, 72, 168];

function hoursLabel(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function PartnerSecrets({ partner: loaded, owner, onChanged }: { partner: Partner; owner: boolean; onChanged: () => void }) {
  // The roll's answer until the secret is put away: reloading the page's partner now would unmount the secret shown once.
  const [rolled, setRolled] = useState<Partner>();
  const partner = rolled ?? loaded;
  const [choices, setChoices] = useState<number[]>([]);
  const [hours, setHours] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<ApiProblem>();
  useEffect(() => {
    if (!owner) return;
    void secretRollHours().then(({ min, max, fallback }) => {
      setChoices([...new Set([...CHOICES, fallback])].filter((h) => h >= min && h <= max).sort((a, b) => a - b));
      setHours(fallback);
    });
  }, [owner]);
  const rolling = (partner.secrets ?? []).some((s) => s.status === 'expiring');
  async function roll(expiresInHours: number) {
    setConfirming(false);
    setProblem(undefined);
    try {
      const path = { params: { path: { partner_id: partner.id } }, body: { expires_in_hours: expiresInHours } };
      const answer = await ok(api.POST('/api/studio/partners/{partner_id}/secret/roll', path));
      setRolled(answer.partner);
      setSecret(answer.api_secret);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }
  return (
    <section aria-labelledby="secrets-title">
      <h2 id="secrets-title">API secrets</h2>
      <table>
        <caption>Secrets are never shown again after they are issued</caption>
        <thead>
          <tr><th scope="col">Secret</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th></tr>
        </thead>
        <tbody>
          {(partner.secrets ?? []).map((s) => (
            <tr key={s.status}>
              <td>{s.status === 'current' ? 'Current' : 'Previous (rolled)'}</td>
              <td>{s.created_at}</td>
              <td>{s.expires_at ?? 'Never'}</td>
              <td>{s.last_used_at ?? 'Never'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {owner && hours !== undefined ? (
        <form class="inline" aria-label="Roll secret" onSubmit={(e) => { e.preventDefault(); setConfirming(true); }}>
          <label>
            Keep the current secret working for{' '}
            <select value={hours} onChange={(e) => setHours(Number(e.currentTarget.value))}>
              {choices.map((h) => <option key={h} value={h}>{hoursLabel(h)}</option>)}
            </select>
          </label>
          <button type="submit" disabled={rolling} title={rolling ? 'The previous secret of the last roll is still valid' : undefined}>Roll secret</button>
        </form>
      ) : null}
      {confirming && hours !== undefined ? (
        <Confirm title="Roll the API secret?" confirmLabel="Roll secret" onConfirm={() => void roll(hours)} onCancel={() => setConfirming(false)}>
          <p>
            A new secret is issued now. The current secret and the tokens issued from it keep working for {hoursLabel(hours)}, then stop:
            {' '}{partner.name} must switch to the new secret before then.
          </p>
        </Confirm>
      ) : null}
      {secret ? <SecretOnce label="new API secret" value={secret} onDone={() => { setSecret(undefined); setRolled(undefined); onChanged(); }} /> : null}
      {problem ? <ProblemNotice problem={problem} /> : null}
    </section>
  );
}
