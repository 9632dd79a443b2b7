/**
 * The console's tools in Chromium (docs/decisions/0117): usage exported as CSV with the keyboard
 * alone, focus landing on each page's heading; the date range in the address; partners sorted
 * with a count; names instead of ids; and axe-core on the pages, dialogs and error states the
 * other suites do not reach, at 1280 and 820 px, with no sideways scroll.
 */
import { readFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, startConsoleRig, tabTo, type ConsoleRig } from './console-support.js';

const OWNER = 'tools@halcyon-studios.example';
const TODAY = new Date().toISOString().slice(0, 10);
let rig: ConsoleRig;
let password: string;
let demo: { id: string };
let series: { id: string; title: string };

beforeAll(async () => {
  rig = await startConsoleRig();
  password = await rig.operator(OWNER, 'owner');
  // Usage of the demo partner today on one series, written where the usage recorder writes it.
  const db = new DatabaseSync(rig.dbPath);
  try {
    db.exec('pragma busy_timeout = 10000');
    demo = db.prepare("select id from partners where name = 'Demo Partner'").get() as { id: string };
    series = db.prepare('select id, title from series order by id limit 1').get() as { id: string; title: string };
    db.prepare('insert into usage_counts (partner_id, day, operation, series_id, requests, stream_resolutions, errors, rate_limited) values (?, ?, ?, ?, 7, 2, 1, 0)').run(demo.id, TODAY, 'getSeries', series.id);
  } finally {
    db.close();
  }
}, 60_000);
afterAll(async () => {
  await rig?.stop();
});

// expect.poll waits 1 s by default: too short on a loaded machine.
const WAIT = { timeout: 10_000 };
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);

describe('the console tools', () => {
  it('exports a partner\'s usage with the keyboard alone, the focus on each page\'s heading', async () => {
    const page = await rig.signIn(OWNER, password);
    await tabTo(page, (f) => f.tag === 'a' && f.label === 'Partners');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), WAIT).toBe('H1 Partners');
    await expect.poll(() => page.title(), WAIT).toBe('Partners · Halcyon partner console');
    await tabTo(page, (f) => f.tag === 'a' && f.label === 'Demo Partner');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), WAIT).toBe('H1 Demo Partner');
    // Past the grants matrix's toggles (a screenful of rows, three each) once the usage has loaded.
    await page.getByRole('link', { name: 'Export CSV', exact: true }).waitFor();
    await tabTo(page, (f) => f.tag === 'a' && f.label === 'Export CSV', 200);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^usage-${demo.id}-day-\\d{4}-\\d{2}-\\d{2}-${TODAY}\\.csv$`));
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['key,name,requests,stream_resolutions,errors,rate_limited', `${TODAY},,7,2,1,0`]);
    await page.context().close();
  });

  it('holds the usage range in the address, explains a range the API would refuse, and names series', async () => {
    const page = await rig.signIn(OWNER, password);
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${rig.studioBase}/partners/${demo.id}?from=${from}&to=${TODAY}`);
    await expect.poll(() => page.getByLabel('From (UTC)').inputValue(), WAIT).toBe(from);
    // The series bar is named by the series' title, not its id.
    await page.locator('.usage').getByRole('link', { name: series.title }).first().waitFor();
    await page.getByText(`${from} to ${TODAY} (UTC)`).waitFor();
    const earlier = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From (UTC)').fill(earlier);
    await expect.poll(() => new URL(page.url()).searchParams.get('from'), WAIT).toBe(earlier);
    await page.reload();
    await expect.poll(() => page.getByLabel('From (UTC)').inputValue(), WAIT).toBe(earlier);
    await page.goto(`${rig.studioBase}/?from=2026-01-01&to=2026-12-31`);
    await page.getByRole('alert').filter({ hasText: 'at most 92 days' }).waitFor();
    await page.context().close();
  });

  it('sorts partners by name either way, with their count, the sort in the address', async () => {
    const page = await rig.signIn(OWNER, password);
    await page.goto(`${rig.studioBase}/partners`);
    for (const name of ['Zeta Films', 'Alpha Films']) {
      await page.getByLabel("New partner's name").fill(name);
      await page.getByRole('button', { name: 'Create partner' }).click();
      await page.getByRole('button', { name: 'I have stored it safely' }).click();
    }
    const rows = page.getByRole('table', { name: 'Partners' }).getByRole('link');
    await page.getByText('3 partners', { exact: true }).waitFor();
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(['Alpha Films', 'Demo Partner', 'Zeta Films']);
    await page.getByLabel('Sort by').selectOption('-name');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort'), WAIT).toBe('-name');
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(['Zeta Films', 'Demo Partner', 'Alpha Films']);
    await page.getByLabel('Search').fill('films');
    await page.getByText('2 partners match', { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => rows.allTextContents(), WAIT).toEqual(['Zeta Films', 'Alpha Films']);
    // The audit trail names the partners it is about.
    await page.goto(`${rig.studioBase}/audit?action=partner.create&order=oldest`);
    await expect.poll(() => page.locator('table.audit tbody tr td[data-label="Target"] a').allTextContents(), WAIT).toEqual(['Zeta Films', 'Alpha Films']);
    // And the catalog's series panel its series, opened by address.
    await page.goto(`${rig.studioBase}/catalog?series=${series.id}`);
    await page.getByRole('heading', { name: `Grants on ${series.title}` }).waitFor();
    await page.context().close();
  });
});

describe('accessibility of the pages, dialogs and error states the other suites leave out', () => {
  const signedIn = [
    ['the overview over a range', `/?from=${TODAY}&to=${TODAY}`],
    ['a range the API would refuse', '/?from=2026-01-01&to=2026-12-31'],
    ['an unknown partner', '/partners/ptn_0000000000'],
    ['a partner with a range', () => `/partners/${demo.id}?from=${TODAY}&to=${TODAY}`],
    ['partners sorted and searched', '/partners?sort=-created_at&q=nothing-matches'],
    ['the catalog with a series open', () => `/catalog?series=${series.id}`],
    ['an audit filter the API would refuse', '/audit?partner_id=nope'],
    ['the audit trail with nothing matching', '/audit?action=nothing.here'],
    ['no such page', '/no-such-page'],
  ] as const;
  // One sign-in for every page: each sign-in hashes a password, which takes time.
  let page: Page;
  beforeAll(async () => {
    page = await rig.signIn(OWNER, password, { bypassCSP: true });
  });
  afterAll(async () => {
    await page?.context().close();
  });
  for (const width of [1280, 820]) {
    it.each(signedIn)(`axe-core finds no serious violation on %s at ${width} px, nor a sideways scroll`, async (_name, path) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto(`${rig.studioBase}${typeof path === 'function' ? path() : path}`);
      await page.locator('main h1, main p').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    it(`axe-core finds no serious violation in the disable dialog and on the signed-out pages at ${width} px`, async () => {
      // Its own sign-in, as it signs out.
      const page = await rig.signIn(OWNER, password, { width, bypassCSP: true });
      await page.goto(`${rig.studioBase}/partners/${demo.id}`);
      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Email').waitFor();
      await expect.poll(() => page.title(), WAIT).toBe('Sign in · Halcyon partner console');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${rig.studioBase}/reset-password`);
      await page.locator('h1').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('takes the pictures of docs/console.md the tools changed (UPDATE_SCREENSHOTS=1)', async () => {
    for (const width of [1280, 820]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto(`${rig.studioBase}/partners/${demo.id}`);
      await page.locator('.usage .totals').waitFor();
      await screenshot(rig, page, `partner-usage-${width}`);
      await page.goto(`${rig.studioBase}/partners?sort=name`);
      await page.getByText(/\d+ partners/).waitFor();
      await screenshot(rig, page, `partners-${width}`);
      await page.goto(`${rig.studioBase}/`);
      await page.locator('.cards').waitFor();
      await screenshot(rig, page, `overview-${width}`);
    }
  });
});
