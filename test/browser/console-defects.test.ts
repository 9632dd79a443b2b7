/**
 * The console where daily use begins, each case first seen failing (issue 40): fast clicks on a
 * slow network, an unknown partner, a session that ends, filters typed while a page loads, and
 * what the partner page shows after its own changes. The network is slowed with Playwright's
 * routes (a delay before the request goes on), never by sleeping in the test.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growCatalog, screenshot, startConsoleRig, type ConsoleRig } from './console-support.js';

let rig: ConsoleRig;
let demoPartner: string;
let operators = 0;
/** A new owner, signed in (sign-in attempts are limited per account: each case has its own). */
async function owner(): Promise<{ page: Page; email: string; password: string }> {
  const email = `defects${++operators}@halcyon-studios.example`;
  const password = await rig.operator(email, 'owner');
  return { page: await rig.signIn(email, password), email, password };
}
beforeAll(async () => {
  rig = await startConsoleRig();
  demoPartner = /partner_id\s+(ptn_\S+)/.exec(rig.server.output())![1]!;
  growCatalog(rig.dbPath, 2_500);
}, 60_000);
afterAll(async () => {
  await rig?.stop();
});

/** Holds every request matching method and pattern for ms before sending it on. */
async function slow(page: Page, method: string, pattern: string | RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

/** A partner created through the studio API from inside the page (its session), as the signed-in owner. */
const createPartner = (page: Page, name: string): Promise<string> =>
  page.evaluate(async (n) => {
    const session = (await (await fetch('/api/studio/session')).json()) as { csrf_token: string };
    const res = await fetch('/api/studio/partners', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token }, body: JSON.stringify({ name: n }) });
    return ((await res.json()) as { partner: { id: string } }).partner.id;
  }, name);

/** A studio API read from inside the page (its session cookie). */
const read = <T>(page: Page, path: string): Promise<T> => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;

describe('the console under fast clicks and a slow network', () => {
  it('keeps both grants of two toggles on one row sent before the first is answered', async () => {
    const { page } = await owner();
    const partner = await createPartner(page, 'Toggle Films');
    await slow(page, 'PUT', /\/api\/studio\/partners\/[^/]+\/grants$/, 600);
    await slow(page, 'PATCH', /\/api\/studio\/partners\/[^/]+\/grants$/, 600);
    await page.goto(`${rig.studioBase}/partners/${partner}`);
    const matrix = page.getByRole('table', { name: 'Grants by series' });
    const row = (await matrix.getByRole('checkbox', { name: /^Select / }).first().getAttribute('aria-label'))!.replace(/^Select /, '');
    await matrix.getByRole('checkbox', { name: `read on ${row}` }).click();
    await matrix.getByRole('checkbox', { name: `stream on ${row}` }).click();
    const held = async () => (await read<{ items: Array<{ grants: string[] }> }>(page, `/api/studio/partners/${partner}/grants?limit=100`)).items.map((i) => i.grants.join('+'));
    await expect.poll(held, { timeout: 8_000 }).toEqual(['read+stream']);
    await expect(matrix.getByRole('checkbox', { name: `read on ${row}` }).isChecked()).resolves.toBe(true);
    await expect(matrix.getByRole('checkbox', { name: `stream on ${row}` }).isChecked()).resolves.toBe(true);
    await page.context().close();
  });

  it('creates one partner on a double click of "Create partner", and shows its secret', async () => {
    const { page } = await owner();
    await page.goto(`${rig.studioBase}/partners`);
    await slow(page, 'POST', /\/api\/studio\/partners$/, 600);
    await page.getByLabel("New partner's name").fill('Double Click Pictures');
    await page.getByRole('button', { name: 'Create partner' }).dblclick();
    await expect(page.getByTestId('secret-value').textContent()).resolves.toMatch(/^sk_/);
    const listed = await read<{ items: unknown[] }>(page, '/api/studio/partners?q=Double%20Click&limit=100');
    expect(listed.items).toHaveLength(1);
    await page.context().close();
  });

  it('keeps the loaded rows of the matrix when a page is refused past a limit, and goes on from there on "Try again"', async () => {
    const { page } = await owner();
    let refused = 0;
    await page.route(/\/api\/studio\/catalog\/series\?.*cursor=/, async (route) => {
      if (refused++ > 0) return route.fallback();
      await route.fulfill({ status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '60' }, body: JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Slow down.', code: 'rate_limited', request_id: 'req_test' }) });
    });
    await page.goto(`${rig.studioBase}/partners/${demoPartner}`);
    const matrix = page.getByRole('table', { name: 'Grants by series' });
    await matrix.waitFor();
    const rows = async () => Number(await matrix.getAttribute('aria-rowcount'));
    const loaded = await rows();
    await matrix.locator('.virtual-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByRole('alert').filter({ hasText: 'Too Many Requests' }).waitFor();
    expect(await rows()).toBe(loaded);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(rows, { timeout: 10_000 }).toBeGreaterThan(loaded);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows an unknown partner as not found, with no matrix, usage or changes', async () => {
    const { page } = await owner();
    await page.goto(`${rig.studioBase}/partners/ptn_0000000000`);
    await page.getByRole('heading', { name: 'No partner ptn_0000000000' }).waitFor();
    await expect(page.getByRole('table', { name: 'Grants by series' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Usage' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('lists every partner holding grants on a series in its panel, not the first 100 only', async () => {
    const series = holdersOf(rig.dbPath, 130);
    const { page } = await owner();
    await page.goto(`${rig.studioBase}/catalog?series=${series}`);
    const panel = page.getByRole('complementary', { name: 'The chosen series' });
    const holders = panel.locator('ul.holders li');
    await expect.poll(() => holders.count(), { timeout: 10_000 }).toBe(100);
    await panel.getByRole('button', { name: 'Show more partners' }).click();
    await expect.poll(() => holders.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(130);
    await panel.getByText('partners, all shown').waitFor(); // waits until visible, or fails
    await page.context().close();
  });

  it('returns to signing in when the session ends, and back to the same filtered page after', async () => {
    const { page, email, password } = await owner();
    await createPartner(page, 'Session Pictures');
    await page.goto(`${rig.studioBase}/audit?action=partner.create`);
    await page.locator('table.audit tbody tr').first().waitFor();
    await page.context().clearCookies();
    await page.getByLabel('Action').fill('grants.set');
    await page.getByText('Your session has ended').waitFor();
    await expect(page.getByRole('navigation', { name: 'Console' }).count()).resolves.toBe(0);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    // Where it was: the page and the filter it had typed when the session ended.
    expect(new URL(page.url()).search).toBe('?action=grants.set');
    await expect(page.getByLabel('Action').inputValue()).resolves.toBe('grants.set');
    await page.context().close();
  });

  it('applies audit filters as one types, keeps what was typed while loading, and explains a value it cannot take', async () => {
    const { page, email: OWNER } = await owner();
    await createPartner(page, 'Audited Pictures');
    await page.goto(`${rig.studioBase}/audit`);
    await page.locator('table.audit tbody tr').first().waitFor();
    await slow(page, 'GET', /\/api\/studio\/audit\?/, 800);
    const actor = page.getByLabel('Actor');
    await actor.pressSequentially(OWNER, { delay: 40 });
    await expect(actor.inputValue()).resolves.toBe(OWNER);
    // No blur, no Enter: the filter applies after the pause, and the address holds it.
    await expect.poll(() => new URL(page.url()).searchParams.get('actor'), { timeout: 8_000 }).toBe(OWNER);
    const whoCells = () => page.locator('table.audit tbody tr td:nth-child(2)').allTextContents();
    await expect.poll(async () => [...new Set(await whoCells())], { timeout: 8_000 }).toEqual([OWNER]);
    await actor.fill('maya');
    await page.getByText("An operator's email").waitFor();
    await expect(page.content()).resolves.not.toContain('must match pattern');
    await page.context().close();
  });

  it('refreshes "Recent changes" on a partner page after a change made on it', async () => {
    const { page } = await owner();
    await page.goto(`${rig.studioBase}/partners/${demoPartner}`);
    const recent = page.getByRole('region', { name: 'Recent changes' });
    await recent.getByText(/No changes recorded|most recent/).first().waitFor();
    const before = await recent.locator('tbody tr').count();
    await page.getByLabel('Name', { exact: true }).fill('Demo Partner Renamed');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => recent.locator('tbody tr').count(), { timeout: 10_000 }).toBe(before + 1);
    await expect(recent.locator('tbody tr').first().textContent()).resolves.toContain('partner.rename');
    await page.context().close();
  });

  it('lays the partner, audit, partners and catalog pages out at 820 px without sideways scroll, JSON in readable lines, bars beside their labels', async () => {
    const { page: wide } = await owner();
    const partner = await createPartner(wide, 'A Partner With A Rather Long Name For Narrow Screens Ltd');
    await wide.evaluate(async (id) => {
      const session = (await (await fetch('/api/studio/session')).json()) as { csrf_token: string };
      const series = (await (await fetch('/api/studio/catalog/series?limit=3')).json()) as { items: Array<{ id: string }> };
      await fetch(`/api/studio/partners/${id}/grants`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token }, body: JSON.stringify({ items: series.items.map((s) => ({ series_id: s.id, add: ['read', 'stream'] })) }) });
    }, partner);
    const page = await wide.context().browser()!.newContext({ viewport: { width: 820, height: 1000 }, storageState: await wide.context().storageState() }).then((c) => c.newPage());
    // How far the page scrolls sideways, with what sticks out (to say what to fix when it does).
    const overflow = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const out = Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > width + 1).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        return [document.documentElement.scrollWidth - width, ...out.slice(0, 5)];
      });
    for (const path of [`/partners/${partner}`, '/audit', '/partners', '/catalog']) {
      await page.goto(`${rig.studioBase}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect([path, await overflow()]).toEqual([path, [0]]);
      if (path === '/audit') await screenshot(rig, page, 'audit-820');
    }
    // At 1280 px the audit page is a table, and it fits too.
    await wide.goto(`${rig.studioBase}/audit`);
    await wide.locator('table.audit tbody tr').first().waitFor();
    await expect(wide.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBe(0);
    // JSON before/after values read in lines of words, not a column two characters wide.
    await page.goto(`${rig.studioBase}/audit`);
    const json = page.locator('table.audit td.change').filter({ hasText: 'grants' }).first();
    await json.waitFor();
    expect((await json.boundingBox())!.width).toBeGreaterThan(300);
    // Usage bars never cover their labels.
    usageOf(rig.dbPath, demoPartner);
    await page.goto(`${rig.studioBase}/partners/${demoPartner}`);
    await page.locator('.bars li').first().waitFor();
    const covered = await page.locator('.bars li').evaluateAll((items) =>
      items.filter((li) => {
        const label = li.querySelector('.bar-label')!.getBoundingClientRect();
        const bar = li.querySelector('.bar')!.getBoundingClientRect();
        return label.right > bar.left && label.left < bar.right && label.bottom > bar.top && label.top < bar.bottom;
      }).length,
    );
    expect(covered).toBe(0);
    await screenshot(rig, page, 'partner-820');
    await wide.context().close();
    await page.context().close();
  });
});

/** A series (the first by id) with `count` new partners holding read on it, written straight into the server's SQLite file. */
function holdersOf(dbPath: string, count: number): string {
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('pragma busy_timeout = 10000');
    const series = (db.prepare('select id from series order by id limit 1').get() as { id: string }).id;
    const at = new Date().toISOString();
    for (let i = 0; i < count; i++) {
      const id = `ptn_h${String(i).padStart(9, '0')}`;
      db.prepare('insert into partners (id, name, api_key, secret_hash, credential_version, disabled, created_at, updated_at) values (?, ?, ?, ?, 1, 0, ?, ?)').run(id, `Holder ${i}`, `pk_holder${i}`, 'x', at, at);
      db.prepare('insert into partner_grants (partner_id, series_id, can_read, can_stream, updated_at) values (?, ?, 1, 0, ?)').run(id, series, at);
    }
    return series;
  } finally {
    db.close();
  }
}
/** A day of usage for the partner on five series under two long operation names, written straight into the server's SQLite file. */
function usageOf(dbPath: string, partnerId: string): void {
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('pragma busy_timeout = 10000');
    const day = new Date().toISOString().slice(0, 10);
    const series = db.prepare('select id from series order by id limit 5').all() as Array<{ id: string }>;
    for (const [i, s] of series.entries()) {
      db.prepare('insert into usage_counts (partner_id, day, operation, series_id, requests, stream_resolutions, errors, rate_limited) values (?, ?, ?, ?, ?, 0, 0, 0)').run(partnerId, day, i % 2 ? 'getCatalogSeriesEpisodes' : 'resolveStreamUrl', s.id, 1000 * (i + 1));
    }
  } finally {
    db.close();
  }
}
