/**
 * What each role sees in the console (a viewer: no change controls; the API refuses the changes it
 * could still forge), axe-core on every page at desktop and tablet widths, and the console's
 * first-load budget (compressed JavaScript), printed and checked, and an owner's work done with the
 * keyboard alone.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, startConsoleRig, tabTo, type ConsoleRig } from './console-support.js';

const OWNER = 'olga@halcyon-studios.example';
const VIEWER = 'vic@halcyon-studios.example';
const FIRST_LOAD_JS_BUDGET = 250 * 1024;

let rig: ConsoleRig;
let ownerPassword: string;
let viewerPassword: string;
let partnerId: string;
beforeAll(async () => {
  rig = await startConsoleRig();
  ownerPassword = await rig.operator(OWNER, 'owner');
  viewerPassword = await rig.operator(VIEWER, 'viewer');
  partnerId = /partner_id\s+(ptn_\S+)/.exec(rig.server.output())![1]!;
});
afterAll(async () => {
  await rig?.stop();
});

describe('a viewer', () => {
  it('sees no change controls, and the API refuses a change it forges', async () => {
    const page = await rig.signIn(VIEWER, viewerPassword);
    await expect(page.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
    await page.goto(`${rig.studioBase}/partners`);
    await page.getByRole('table', { name: 'Partners' }).waitFor();
    await expect(page.getByRole('button', { name: 'Create partner' }).count()).resolves.toBe(0);
    await page.goto(`${rig.studioBase}/partners/${partnerId}`);
    const matrix = page.getByRole('table', { name: 'Grants by series' });
    await matrix.waitFor();
    for (const name of ['Regenerate secret', 'Disable', 'Rename', 'Grant read', 'Grant stream', 'Revoke all']) {
      await expect(page.getByRole('button', { name }).count(), name).resolves.toBe(0);
    }
    await expect(matrix.getByRole('checkbox', { name: /^Select / }).count()).resolves.toBe(0);
    const toggles = matrix.getByRole('checkbox', { name: /^(read|stream) on / });
    await expect(toggles.first().isDisabled()).resolves.toBe(true);

    // The session's own CSRF token and cookie, as a viewer crafting the requests by hand would send them.
    const statuses = await page.evaluate(async (id) => {
      const session = (await (await fetch('/api/studio/session')).json()) as { csrf_token: string };
      const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token };
      const send = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        return [res.status, ((await res.json()) as { code?: string }).code];
      };
      return [
        await send('POST', `/api/studio/partners/${id}/secret`),
        await send('POST', `/api/studio/partners/${id}/disable`),
        await send('PUT', `/api/studio/partners/${id}/grants`, { items: [{ series_id: 'ser_7hx2k9qmbd', grants: [] }] }),
        await send('POST', '/api/studio/partners', { name: 'Forged' }),
        await send('POST', '/api/studio/operators', { email: 'x@halcyon-studios.example', role: 'owner' }),
      ];
    }, partnerId);
    expect(statuses).toEqual(Array(5).fill([403, 'forbidden']));
  });
});

/** Presses Tab until the focused element is what `matches` says (by its accessible text), at most `presses` times. */
describe('keyboard only', () => {
  it('an owner signs in, follows the navigation to a partner and changes a grant without a pointer', async () => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${rig.studioBase}/`);
    await tabTo(page, (f) => f.tag === 'input' && f.label.startsWith('Email'));
    await page.keyboard.type(OWNER);
    await tabTo(page, (f) => f.tag === 'input' && f.label.startsWith('Password'));
    await page.keyboard.type(ownerPassword);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    await tabTo(page, (f) => f.tag === 'a' && f.label === 'Partners');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Partners' }).waitFor();
    await page.getByRole('table', { name: 'Partners' }).getByRole('link').first().waitFor();
    await tabTo(page, (f) => f.tag === 'a' && f.label === 'Demo Partner');
    await page.keyboard.press('Enter');
    const matrix = page.getByRole('table', { name: 'Grants by series' });
    await matrix.getByRole('checkbox', { name: /^stream on / }).first().waitFor();

    // The first series' stream toggle, reached and flipped by the keyboard; the API keeps the change.
    const toggle = matrix.getByRole('checkbox', { name: /^stream on / }).first();
    const name = (await toggle.getAttribute('aria-label'))!;
    const before = await toggle.isChecked();
    await tabTo(page, (f) => f.tag === 'input' && f.label === name);
    await page.keyboard.press('Space');
    await expect.poll(() => matrix.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(!before);
    await page.getByText('All changes saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('table', { name: 'Grants by series' }).getByRole('checkbox', { name, exact: true }).isChecked()).toBe(!before);
    await context.close();
  });
});

describe('accessibility', () => {
  // One sign-in for every page: each sign-in hashes a password, which takes time.
  let page: Page;
  beforeAll(async () => {
    page = await rig.signIn(OWNER, ownerPassword, { bypassCSP: true });
  });
  const pages = ['/', '/partners', '/partners/{partner}', '/catalog', '/audit', '/operators', '/account'];
  for (const width of [1280, 820]) {
    it.each(pages)(`axe-core finds no serious or critical violation on %s at ${width} px`, async (path) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto(`${rig.studioBase}${path.replace('{partner}', partnerId)}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      if (path === '/catalog' || path === '/operators') await screenshot(rig, page, `${path.slice(1)}-${width}`);
    });
  }

  it('loads at most 250 KB of compressed JavaScript on first load', async () => {
    // A fresh browser context (nothing cached) holding the signed-in session's cookie.
    const context = await rig.browser.newContext({ storageState: await page.context().storageState() });
    const fresh = await context.newPage();
    const scripts = new Map<string, number>();
    fresh.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), gzipSync(await response.body()).length);
    });
    await fresh.goto(`${rig.studioBase}/`);
    await fresh.getByRole('heading', { name: 'Overview' }).waitFor();
    await fresh.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`console first load: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB of JavaScript gzip-compressed (budget 250 KB)`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    await context.close();
  });
});
