/**
 * The console's account pages in Chromium, as an operator looks after its own account: changing
 * the password, setting up an authenticator app (the key shown once, confirmed with a code, the
 * recovery codes shown once), signing in with a recovery code, seeing its sessions and signing out
 * everywhere; and another owner's reset link, followed by the operator to set a new password, and
 * its turning off the first owner's second factor. axe-core
 * checks the account and reset pages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp.js';
import { seriousViolations, startConsoleRig, type ConsoleRig } from './console-support.js';

const OWNER = 'rosa@halcyon-studios.example';
/** A second owner, so the reset link's test does not depend on the first's second factor. */
const OTHER_OWNER = 'otto@halcyon-studios.example';
const EDITOR = 'ed@halcyon-studios.example';
const NEW_PASSWORD = 'violet lantern orbit seventeen';

let rig: ConsoleRig;
let ownerPassword: string;
let otherOwnerPassword: string;
beforeAll(async () => {
  rig = await startConsoleRig();
  ownerPassword = await rig.operator(OWNER, 'owner');
  otherOwnerPassword = await rig.operator(OTHER_OWNER, 'owner');
  await rig.operator(EDITOR, 'editor');
});
afterAll(async () => {
  await rig?.stop();
});

/** A fresh browser context at the sign-in form, its CSP bypassed so axe-core can run in it. */
async function freshPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name });

describe('an operator\'s own account', () => {
  let page: Page;
  let recoveryCodes: string[];

  it('changes the password only with the current one', async () => {
    page = await rig.signIn(OWNER, ownerPassword, { bypassCSP: true });
    await nav(page, 'Account').click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').getByText('wrong_password').waitFor();
    await page.getByLabel('Current password').fill(ownerPassword);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').getByText('Password changed').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sets up an authenticator app: the key once, a confirming code, then ten recovery codes once, and new ones on demand', async () => {
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href')).resolves.toMatch(/^otpauth:\/\/totp\//);
    await page.getByLabel('Code from the app').fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByTestId('recovery-codes').locator('code');
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have stored them safely' }).click();
    await page.getByRole('form', { name: 'Turn the second factor off' }).waitFor();
    await expect(page.content()).resolves.not.toContain(secret);

    // New codes replace the first ten.
    const renew = page.getByRole('form', { name: 'New recovery codes' });
    await renew.getByLabel('Password').fill(NEW_PASSWORD);
    await renew.getByRole('button', { name: 'New recovery codes' }).click();
    await codes.first().waitFor();
    const renewed = await codes.allTextContents();
    expect(renewed.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    recoveryCodes = renewed;
    await page.getByRole('button', { name: 'I have stored them safely' }).click();
  });

  it('asks for a code at sign-in, takes a recovery code, lists both sessions, and signs out everywhere', async () => {
    const other = await freshPage(rig.browser, `${rig.studioBase}/`);
    await other.getByLabel('Email').fill(OWNER);
    await other.getByLabel('Password').fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCodes[0]!);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('heading', { name: 'Overview' }).waitFor();

    await page.reload();
    const table = page.getByRole('table', { name: 'Your sessions' });
    await table.getByRole('row').nth(2).waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(3);
    await expect(table.getByText('(this one)').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    // The other browser learns it at its next call, without a reload: back to the sign-in form.
    await nav(other, 'Partners').click();
    await other.getByRole('form', { name: 'Sign in' }).waitFor();
  });
});

describe('a password reset link', () => {
  it('made by an owner lets the operator set a new password once, in the console', async () => {
    const owner = await rig.signIn(OTHER_OWNER, otherOwnerPassword);
    await nav(owner, 'Operators').click();
    await owner.getByRole('row', { name: new RegExp(EDITOR) }).getByRole('cell', { name: 'never', exact: true }).waitFor();
    // The first owner set up an authenticator above: another owner can turn it off (a lost phone).
    await owner.getByRole('button', { name: `Turn off the second factor of ${OWNER}` }).click();
    await owner.getByRole('button', { name: `Turn off the second factor of ${OWNER}` }).waitFor({ state: 'detached' });
    await owner.getByRole('button', { name: `Password reset link for ${EDITOR}` }).click();
    const link = (await owner.getByTestId('secret-value').textContent())!;
    expect(link).toMatch(new RegExp(`^${rig.studioBase}/reset-password#token=[A-Za-z0-9_-]{43}$`));

    const editor = await freshPage(rig.browser, link);
    await editor.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(new URL(editor.url()).hash).toBe('');
    expect(await seriousViolations(editor)).toEqual([]);
    await editor.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await editor.getByLabel('New password again').fill(NEW_PASSWORD);
    await editor.getByRole('button', { name: 'Set password' }).click();
    await editor.getByRole('status').getByText('Your password is set').waitFor();
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.getByLabel('Email').fill(EDITOR);
    await editor.getByLabel('Password').fill(NEW_PASSWORD);
    await editor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await editor.getByRole('heading', { name: 'Overview' }).waitFor();

    const reused = await freshPage(rig.browser, link);
    await reused.getByLabel('New password', { exact: true }).fill('another long password here');
    await reused.getByLabel('New password again').fill('another long password here');
    await reused.getByRole('button', { name: 'Set password' }).click();
    await reused.getByRole('alert').getByText('reset_link_invalid').waitFor();
  });
});
