/**
 * Bulk grant jobs and catalog imports in Chromium: grants on every series the matrix's filter
 * matches, keyboard only (Tab, Enter, Space), confirmed with its counts and followed to the end;
 * grants copied from another partner; a catalog file's dry run, then its import, then its line
 * in the import history; axe-core on the new dialogs at 1280 and 820 px.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { importDocument, makeSeries, seriesIdOf } from '../cli/fixtures.js';
import { seriousViolations, startConsoleRig, type ConsoleRig } from './console-support.js';

const EDITOR = 'edda@halcyon-studios.example';
// expect.poll's own default (one second) is too short on a loaded machine.
const POLL = { timeout: 10_000 };
let rig: ConsoleRig;
let password: string;

async function cli(...args: string[]): Promise<string> {
  const result = await runCli(args, { DATABASE_URL: rig.dbPath, USER: 'ci' });
  if (result.code !== 0) throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
}

async function newPartner(name: string): Promise<string> {
  return (JSON.parse(await cli('partner', 'create', '--name', name, '--json')) as { partner_id: string }).partner_id;
}

beforeAll(async () => {
  rig = await startConsoleRig();
  password = await rig.operator(EDITOR, 'editor');
  // Three series the filter `zephyr` matches, and one it does not.
  const file = join(rig.dir, 'zephyr.json');
  await writeFile(file, JSON.stringify(importDocument([...[1, 2, 3].map((i) => ({ ...makeSeries(i), title: `Zephyr ${i}` })), makeSeries(4)])));
  await cli('catalog', 'import', file);
});
afterAll(async () => {
  await rig?.stop();
});

/** Presses Tab until the focused element matches (its tag and accessible label), or fails naming where focus went. */
async function tabTo(page: Page, matches: (focused: { tag: string; label: string }) => boolean, presses = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const labelled = el?.getAttribute('aria-label') ?? (el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : null);
      return { tag: el?.tagName.toLowerCase() ?? '', label: (labelled ?? el?.textContent ?? '').trim() };
    });
    if (matches(focused)) return;
    seen.push(`${focused.tag} "${focused.label.slice(0, 40)}"`);
  }
  throw new Error(`not reached by ${presses} presses of Tab; focus went through: ${seen.join(', ')}`);
}

const checked = (page: Page, grant: string, i: number) =>
  page.getByRole('table', { name: 'Grants by series' }).getByRole('checkbox', { name: `${grant} on Zephyr ${i} (${seriesIdOf(i)})`, exact: true }).isChecked();

describe('bulk grant jobs in the console', () => {
  it('grants stream on every series the filter matches, by keyboard only, after a confirmation stating the count', async () => {
    const partnerId = await newPartner('Keyboard Bulk Media');
    const page = await rig.signIn(EDITOR, password);
    await page.goto(`${rig.studioBase}/partners/${partnerId}`);
    await page.getByRole('table', { name: 'Grants by series' }).getByRole('checkbox').first().waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.label.startsWith('Title'));
    await page.keyboard.type('zephyr');
    await expect.poll(() => page.getByRole('table', { name: 'Grants by series' }).getByRole('checkbox', { name: /^read on / }).count(), POLL).toBe(3);
    await tabTo(page, (f) => f.tag === 'select' && f.label.startsWith('On every series matching'));
    await page.keyboard.press('ArrowDown'); // Grant stream
    await tabTo(page, (f) => f.tag === 'button' && f.label === 'Review change…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Grant stream on every matching series?' });
    await dialog.getByText('title containing “zephyr”').waitFor();
    await dialog.getByText('3 change').waitFor();
    await tabTo(page, (f) => f.tag === 'button' && f.label === 'Apply to 3 series', 5);
    await page.keyboard.press('Space');
    await page.getByText('3 of 3 series (done)').waitFor();
    for (const i of [1, 2, 3]) await expect.poll(() => checked(page, 'stream', i), POLL).toBe(true);
    await page.context().close();
  });

  it('copies grants from another partner, replacing its own, as the confirmation says', async () => {
    const source = await newPartner('Copy Source Pictures');
    const target = await newPartner('Copy Target Pictures');
    await cli('partner', 'grant', source, seriesIdOf(1), 'read,stream');
    await cli('partner', 'grant', target, seriesIdOf(2), 'read');
    const page = await rig.signIn(EDITOR, password);
    await page.goto(`${rig.studioBase}/partners/${target}`);
    await page.getByLabel('Find a partner').fill('Copy Source');
    const from = page.getByLabel('Copy grants from', { exact: true });
    await expect.poll(() => from.locator('option').allTextContents(), POLL).toEqual(['Choose a partner', `Copy Source Pictures (${source})`]);
    await from.selectOption(source);
    await page.getByLabel('How').selectOption('replace');
    await page.getByRole('button', { name: 'Review copy…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy grants from Copy Source Pictures?' });
    await dialog.getByText('grants they do not hold are removed').waitFor();
    await dialog.getByText('2 grants added, 1 removed').waitFor();
    await dialog.getByRole('button', { name: 'Apply to 2 series' }).click();
    await page.getByText('2 of 2 series (done)').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('zephyr');
    await expect.poll(async () => [await checked(page, 'read', 1), await checked(page, 'stream', 1), await checked(page, 'read', 2)], POLL).toEqual([true, true, false]);
    await page.context().close();
  });
});

describe('catalog imports in the console', () => {
  it('shows the difference first, imports on confirmation, and lists the import in the history', async () => {
    const page = await rig.signIn(EDITOR, password);
    await page.goto(`${rig.studioBase}/catalog`);
    await page.getByRole('link', { name: 'Download a template' }).waitFor();
    const file = { name: 'quasar.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(importDocument([{ ...makeSeries(1), title: 'Zephyr One' }, { ...makeSeries(9), title: 'Quasar 9' }]))) };
    const input = page.getByLabel(/Catalog file \(JSON\)/);
    await input.setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Import quasar.json?' });
    await dialog.getByText('1 added').waitFor();
    await dialog.getByText('1 changed').waitFor();
    await dialog.getByRole('row', { name: /Quasar 9/ }).waitFor();
    // Cancelled: nothing changed, the history does not list it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Title').fill('quasar');
    await page.getByText('No series match').or(page.getByText('catalog is empty')).or(page.getByRole('table', { name: 'Series' }).getByText('Quasar 9')).first().waitFor();
    await expect(page.getByRole('table', { name: 'Series' }).getByText('Quasar 9').count()).resolves.toBe(0);

    await input.setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import, changing 2 series' }).click();
    await page.getByText(/2 of 2 series \(done\)/).waitFor();
    const history = page.getByRole('table', { name: /Newest first/ });
    await history.getByRole('row').nth(1).getByText('succeeded').waitFor();
    await expect(history.getByRole('row').nth(1).textContent()).resolves.toMatch(/operator:op_\S+2\d+succeeded$/);
    await page.getByRole('table', { name: 'Series' }).getByText('Quasar 9').waitFor();
    await page.context().close();
  });
});

describe('accessibility of the new dialogs', () => {
  // An operator of its own: previews count against the Imports limit (10 a minute per operator), which the tests above used.
  const AXE = 'axel@halcyon-studios.example';
  let axePassword: string;
  beforeAll(async () => {
    axePassword = await rig.operator(AXE, 'editor');
  });
  for (const width of [1280, 820]) {
    it(`axe-core finds no serious or critical violation in the grant and import dialogs at ${width} px`, async () => {
      const page = await rig.signIn(AXE, axePassword, { width, bypassCSP: true });
      const partnerId = await newPartner(`Axe Bulk ${width}`);
      await page.goto(`${rig.studioBase}/partners/${partnerId}`);
      await page.getByRole('button', { name: 'Review change…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Apply to/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${rig.studioBase}/catalog`);
      await page.getByLabel(/Catalog file \(JSON\)/).setInputFiles({ name: 'one.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(importDocument([makeSeries(5)]))) });
      await page.getByRole('dialog', { name: 'Import one.json?' }).getByRole('table').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
