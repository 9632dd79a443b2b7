/**
 * Navigation as a person who cannot see the page change meets it: every page has its own title
 * (a partner's page its partner's name), the focus lands on the new page's heading, and disabling
 * a partner asks first, in a dialog axe-core finds clean at 820 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, startConsoleRig, type ConsoleRig } from './console-support.js';

const OWNER = 'navigator@halcyon-studios.example';
let rig: ConsoleRig;
let password: string;
beforeAll(async () => {
  rig = await startConsoleRig();
  password = await rig.operator(OWNER, 'owner');
}, 60_000);
afterAll(async () => {
  await rig?.stop();
});

describe('navigating the console', () => {
  it('titles every page after its heading and moves the focus to it', async () => {
    const page = await rig.signIn(OWNER, password);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Overview · Halcyon partner console');
    const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
    for (const [link, heading] of [['Partners', 'Partners'], ['Catalog', 'Catalog'], ['Audit', 'Audit trail'], ['Operators', 'Operators'], ['Overview', 'Overview']]) {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`${heading} · Halcyon partner console`);
      await expect.poll(focused, { timeout: 10_000 }).toBe(`H1 ${heading}`);
    }
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Partners' }).click();
    await page.getByRole('link', { name: 'Demo Partner' }).click();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Demo Partner · Halcyon partner console');
    await expect.poll(focused, { timeout: 10_000 }).toBe('H1 Demo Partner');
    // Typing a filter into the address's query does not take the focus away.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('Action').fill('partner.create');
    await expect.poll(() => new URL(page.url()).search).toBe('?action=partner.create');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe('partner.create');
    await page.context().close();
  });

  it('asks before disabling a partner', async () => {
    const page = await rig.signIn(OWNER, password, { width: 820, bypassCSP: true });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Partners' }).click();
    await page.getByRole('link', { name: 'Demo Partner' }).click();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Demo Partner?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.facts .status').textContent()).resolves.toBe('enabled');
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await dialog.getByRole('button', { name: 'Disable partner' }).click();
    await expect.poll(() => page.locator('.facts .status').textContent()).toBe('disabled');
    await page.getByRole('button', { name: 'Enable', exact: true }).waitFor();
    await page.context().close();
  });
});
