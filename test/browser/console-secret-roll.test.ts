/**
 * The console's "Roll secret" in Chromium, as an owner rotates a partner's secret calmly: the
 * expiry chosen within the contract's bounds, a confirmation, the new secret shown once with a
 * copy button; both secrets then authenticate, and the page lists both with their expiry.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startConsoleRig, type ConsoleRig } from './console-support.js';

const OWNER = 'rolf@halcyon-studios.example';

let rig: ConsoleRig;
let page: Page;
beforeAll(async () => {
  rig = await startConsoleRig();
  page = await rig.signIn(OWNER, await rig.operator(OWNER, 'owner'));
});
afterAll(async () => {
  await rig?.stop();
});

async function authenticate(apiKey: string, apiSecret: string): Promise<number> {
  const res = await fetch(`${rig.partnerBase}/api/partner/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: apiKey, api_secret: apiSecret }) });
  return res.status;
}

describe('rolling a secret in the console', () => {
  it('rolls after a confirmation, shows the new secret once, and lists both secrets until the expiry', async () => {
    const created = await runCli(['partner', 'create', '--name', 'Calm Rotation Media', '--json'], { DATABASE_URL: rig.dbPath, USER: 'ci' });
    const partner = JSON.parse(created.stdout) as { partner_id: string; api_key: string; api_secret: string };
    await page.goto(`${rig.studioBase}/partners/${partner.partner_id}`);
    const secrets = page.getByRole('table', { name: /Secrets are never shown again/ });
    await secrets.waitFor();
    await expect(secrets.getByRole('row').count()).resolves.toBe(2); // header and the current secret

    // The contract's choices, its default selected; cancelling the confirmation changes nothing.
    const expiry = page.getByLabel('Keep the current secret working for');
    await expect(expiry.locator('option').allTextContents()).resolves.toEqual(['1 hour', '1 day', '3 days', '7 days']);
    await expect(expiry.inputValue()).resolves.toBe('24');
    await page.getByRole('button', { name: 'Roll secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('secret-value').count()).resolves.toBe(0);

    await expiry.selectOption('72');
    await page.getByRole('button', { name: 'Roll secret' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('keep working for 3 days').waitFor(); // waits until visible, or fails
    await dialog.getByRole('button', { name: 'Roll secret' }).click();
    const fresh = (await page.getByTestId('secret-value').textContent())!;
    expect(fresh).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(partner.api_secret);
    await page.getByText('You will not see it again').waitFor(); // waits until visible, or fails
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor(); // waits until visible, or fails

    // Both secrets work; the table lists both, the old one with its expiry three days out; a second roll waits.
    expect([await authenticate(partner.api_key, partner.api_secret), await authenticate(partner.api_key, fresh)]).toEqual([200, 200]);
    await expect.poll(() => secrets.getByRole('row').count()).toBe(3);
    const previous = secrets.getByRole('row', { name: /Previous \(rolled\)/ });
    const expiresAt = Date.parse((await previous.getByRole('cell').nth(2).textContent())!);
    expect(Math.abs(expiresAt - (Date.now() + 72 * 3_600_000))).toBeLessThan(120_000);
    await expect(page.getByRole('button', { name: 'Roll secret' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: 'I have stored it safely' }).click();
    await page.reload();
    await secrets.waitFor();
    await expect(page.content()).resolves.not.toContain(fresh);
    await expect(secrets.getByRole('row').count()).resolves.toBe(3);
  });
});
