/** A secret the API returned once: shown with a copy button and a plain warning that it will not be shown again. */
import { useState } from 'preact/hooks';

export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  }
  return (
    <div class="secret-once" role="region" aria-label={label}>
      <p>
        <strong>Copy this {label} now. You will not see it again</strong>: the studio keeps only a hash of it.
      </p>
      <div class="secret-row">
        <code data-testid="secret-value">{value}</code>
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" class="primary" onClick={onDone}>
        I have stored it safely
      </button>
    </div>
  );
}
