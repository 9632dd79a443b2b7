/**
 * The studio console end to end in Chromium, as the studio's partner team uses it: an owner signs
 * in, creates a partner and reads its secret once, grants through the matrix; the partner calls
 * with the typed client; the usage shows those calls; a regenerated secret refuses the partner's
 * token; the audit page lists every step with the operator's name. Then what a viewer sees (and
 * what the API refuses when it forges a change), and axe-core on every page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, PartnerApiError } from '../../client/index.js';
import { demoCatalog } from '../../server/demo/catalog.js';
import { screenshot, startConsoleRig, type ConsoleRig } from './console-support.js';

const OWNER = 'maya@halcyon-studios.example';
const VIEWER = 'vic@halcyon-studios.example';

let rig: ConsoleRig;
let ownerPassword: string;
beforeAll(async () => {
  rig = await startConsoleRig();
  ownerPassword = await rig.operator(OWNER, 'owner');
});
afterAll(async () => {
  await rig?.stop();
});

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name });

const shot = (page: Page, name: string) => screenshot(rig, page, name);

describe('the console, end to end', () => {
  let page: Page;
  let partnerId: string;
  let apiKey: string;
  let apiSecret: string;
  const granted: string[] = [];

  it('signs an owner in and shows the overview', async () => {
    page = await rig.signIn(OWNER, ownerPassword);
    await page.getByText(`${OWNER} (owner)`).waitFor(); // waits until visible, or fails
    await shot(page, 'overview');
  });

  it('creates a partner and shows its secret once', async () => {
    await nav(page, 'Partners').click();
    await page.getByLabel("New partner's name").fill('Northwind Streaming');
    await page.getByRole('button', { name: 'Create partner' }).click();
    apiSecret = (await page.getByTestId('secret-value').textContent())!;
    expect(apiSecret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    await page.getByText('You will not see it again').waitFor(); // waits until visible, or fails
    await shot(page, 'partner-created');
    const link = page.getByRole('link', { name: 'Northwind Streaming' }).first();
    partnerId = (await link.getAttribute('href'))!.split('/').pop()!;
    apiKey = (await page.locator('.panel code').first().textContent())!;
    await page.getByRole('button', { name: 'I have stored it safely' }).click();
    await expect(page.getByTestId('secret-value').count()).resolves.toBe(0);
    // Shown once: nowhere in the console after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Partners' }).waitFor();
    await expect(page.content()).resolves.not.toContain(apiSecret);
    await shot(page, 'partners');
  });

  it('grants read on three series and stream on one through the matrix', async () => {
    await page.goto(`${rig.studioBase}/partners/${partnerId}`);
    const matrix = page.getByRole('table', { name: 'Grants by series' });
    await matrix.waitFor();
    const boxes = matrix.getByRole('checkbox', { name: /^Select / });
    for (let i = 0; i < 3; i++) {
      const label = (await boxes.nth(i).getAttribute('aria-label'))!;
      granted.push(label.replace(/^Select /, '')); // "Title (ser_…)": titles repeat in the demo catalog
      await boxes.nth(i).check();
    }
    await page.getByText('3 selected').waitFor(); // waits until visible, or fails
    await page.getByRole('button', { name: 'Grant read' }).click();
    await page.getByText('0 selected').waitFor();
    await page.getByText('All changes saved.').waitFor();
    for (const title of granted) await expect(matrix.getByRole('checkbox', { name: `read on ${title}` }).isChecked()).resolves.toBe(true);
    await matrix.getByRole('checkbox', { name: `stream on ${granted[0]}` }).check();
    await expect(matrix.getByRole('checkbox', { name: `stream on ${granted[0]}` }).isChecked()).resolves.toBe(true);
    // A click shows at once; the status says when the API holds it.
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Saving|All changes saved/ }).textContent()).toBe('All changes saved.');
    // What the console shows is what the API holds.
    await page.reload();
    await matrix.waitFor();
    await expect(matrix.getByRole('checkbox', { name: `stream on ${granted[0]}` }).isChecked()).resolves.toBe(true);
    await expect(matrix.getByRole('checkbox', { name: `stream on ${granted[1]}` }).isChecked()).resolves.toBe(false);
    // The filters ask the server: the partner's granted series, then a part of one title.
    await page.getByLabel('Grant', { exact: true }).selectOption('any');
    await expect.poll(() => matrix.getByRole('checkbox', { name: /^read on / }).count()).toBe(3);
    await page.getByLabel('Title').fill(granted[1]!.replace(/ \(ser_\w+\)$/, '').slice(1, -1).toUpperCase());
    await expect.poll(async () => (await matrix.getByRole('checkbox', { name: /^Select / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).join()).toContain(`Select ${granted[1]}`);
    await page.getByLabel('Title').fill('');
    await page.getByLabel('Grant', { exact: true }).selectOption('');
    await shot(page, 'partner');
  });

  it('shows the calls the partner makes with the typed client in its usage', async () => {
    const client = createPartnerClient({ baseUrl: rig.partnerBase, apiKey, apiSecret });
    const catalog = await client.catalog.list({ limit: 25 });
    expect(catalog.items.map((s) => `${s.title} (${s.id})`).sort()).toEqual([...granted].sort());
    const streamable = catalog.items.find((s) => `${s.title} (${s.id})` === granted[0])!;
    const episodes = await client.episodes.list(streamable.id, {});
    await client.streams.resolve(episodes.items[0]!.id, {});
    // 4 requests (authenticate counts too), then the usage recorder's flush (every second): reload until the page shows them.
    const totals = page.locator('.usage .totals strong');
    for (let attempt = 0; attempt < 50; attempt++) {
      await page.reload();
      await totals.waitFor();
      if (Number((await totals.textContent())!.replace(/,/g, '')) >= 4) break;
    }
    await expect(totals.textContent()).resolves.toBe('4');
    await page.locator('.usage').getByText('getCatalog').waitFor(); // waits until visible, or fails
    await shot(page, 'partner-usage');

    // Regenerating the secret refuses the partner's live token on its next request.
    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
    const fresh = (await page.getByTestId('secret-value').textContent())!;
    expect(fresh).not.toBe(apiSecret);
    const refused = await client.catalog.list({}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartnerApiError);
    expect((refused as PartnerApiError).status).toBe(401);
    await page.getByRole('button', { name: 'I have stored it safely' }).click();
  });

  it('shows in the catalog which partners hold grants on a series, and its episodes', async () => {
    await nav(page, 'Catalog').click();
    const [title, id] = /^(.*) \((ser_\w+)\)$/.exec(granted[0]!)!.slice(1);
    await page.getByLabel('Title').fill(title!);
    const series = page.getByRole('table', { name: 'Series' });
    await series.getByRole('button', { name: title!, exact: true }).first().waitFor();
    await page.goto(`${rig.studioBase}/catalog?series=${id}`);
    const panel = page.getByRole('complementary', { name: 'The chosen series' });
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: 'Northwind Streaming' }).textContent()).toBe('Northwind Streaming: read, stream');
    await expect.poll(() => panel.locator('ol.episodes li').count()).toBeGreaterThan(0);
    await shot(page, 'catalog');
  });

  it('imports a catalog file: its validation report, then its difference confirmed, then the job to the end', async () => {
    await nav(page, 'Catalog').click();
    const upload = page.getByLabel(/Catalog file \(JSON\)/);
    await upload.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ series: [{ id: 'nope' }] })) });
    const report = page.getByRole('alert');
    await expect.poll(() => report.locator('li').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(report.textContent()).resolves.toContain('validation_failed');
    const series = demoCatalog({ series: 40, seed: 2 }).slice(36);
    await upload.setInputFiles({ name: 'catalog.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ series })) });
    await page.getByRole('dialog', { name: 'Import catalog.json?' }).getByRole('button', { name: /^Import, changing \d+ series$/ }).click();
    const status = page.getByRole('status').filter({ hasText: 'series (' });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain('4 of 4 series (done)');
  });

  it('lists every step on the audit page with the operator who took it', async () => {
    await nav(page, 'Audit').click();
    const rows = page.locator('table.audit tbody tr');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    // Columns: when, who, action, partner (by name), target, before, after.
    const mine = cells.filter((c) => c[3] === 'Northwind Streaming');
    expect(mine.map((c) => c[2]).sort()).toEqual(['grants.set', 'grants.set', 'grants.set', 'grants.set', 'partner.create', 'partner.regenerate_secret']);
    expect(cells.some((c) => c[2] === 'catalog.import' && c[1] === OWNER)).toBe(true);
    for (const c of mine) expect(c[1]).toBe(OWNER);
    await expect(page.content()).resolves.not.toContain(apiSecret);
    await shot(page, 'audit');
  });
});
