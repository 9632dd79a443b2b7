/**
 * `tsx scripts/bench-console.ts [--series 100000] [--partners 10000]`: the studio console at scale
 * in Chromium (playwright-core, /usr/bin/chromium). Starts what `npm start` runs on a fresh SQLite
 * file, seeds the series and partners straight into it (copies of the demo's, in one statement
 * each), signs an owner in, then scrolls the grants matrix to its last series and the partners
 * list to its last partner, printing how long each took and how many pages it read. Timings are
 * printed, not asserted; what fails the run is any refusal (429) the console met on the way.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from 'playwright-core';
import { start, startNodeArgs } from './lib/processes.js';

const { values } = parseArgs({ options: { series: { type: 'string', default: '100000' }, partners: { type: 'string', default: '10000' } } });
const SERIES = Number(values.series);
const PARTNERS = Number(values.partners);
const ROOT = join(import.meta.dirname, '..');
const EMAIL = 'bench@halcyon-studios.example';

/** Copies of the demo catalog's series and partner under new ids until there are `series` and `partners` of each. */
function seed(dbPath: string): { series: number; partners: number } {
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('pragma busy_timeout = 10000');
    const count = (table: string) => Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    const others = (table: string, own: string[]) =>
      (db.prepare(`select group_concat(name, ', ') as c from pragma_table_info('${table}') where name not in (${own.map((c) => `'${c}'`).join(', ')})`).get() as { c: string }).c;
    const demo = count('series');
    const copies = Math.ceil((SERIES - demo) / demo);
    const seriesColumns = others('series', ['id', 'title', 'sort_title']);
    db.exec(`
      with recursive copy(n) as (select 1 union all select n + 1 from copy where n < ${copies})
      insert into series (id, title, sort_title, ${seriesColumns})
      select printf('ser_x%09d', s.rowid * 100000 + copy.n), s.title || ' ' || copy.n, s.sort_title || ' ' || copy.n, ${seriesColumns}
      from series s, copy`);
    const partnerColumns = others('partners', ['id', 'name', 'api_key']);
    db.exec(`
      with recursive copy(n) as (select 1 union all select n + 1 from copy where n < ${PARTNERS - count('partners')})
      insert into partners (id, name, api_key, ${partnerColumns})
      select printf('ptn_b%09d', copy.n), printf('Bench partner %05d', copy.n), printf('pk_bench%019d', copy.n), ${partnerColumns}
      from partners p, copy where p.name = 'Demo Partner'`);
    return { series: count('series'), partners: count('partners') };
  } finally {
    db.close();
  }
}

/** Scrolls a console list (virtual rows) to its end: until its row count stops growing with the end of the list loaded. */
async function scrollToEnd(page: Page, table: Locator, expected: number): Promise<{ ms: number; rows: number }> {
  const started = Date.now();
  const rows = async () => Number(await table.getAttribute('aria-rowcount')) - 1;
  while ((await rows()) < expected) {
    const before = await rows();
    await table.locator('.virtual-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction(([el, n]) => Number((el as Element).getAttribute('aria-rowcount')) - 1 > (n as number), [await table.elementHandle(), before] as const, { timeout: 60_000 });
  }
  // The last row drawn once the scroll settles at the very end.
  await table.locator('.virtual-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  return { ms: Date.now() - started, rows: await rows() };
}

const dir = mkdtempSync(join(tmpdir(), 'pcas-bench-console-'));
const dbPath = join(dir, 'catalog.db');
execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
execFileSync(process.execPath, [join(ROOT, 'scripts/build-console.mjs'), '--if-stale'], { stdio: 'inherit' });
const env = { PORT: '0', STUDIO_PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: dbPath };
const server = await start({ command: process.execPath, args: startNodeArgs(ROOT), cwd: ROOT, env, ready: /Partner Catalog API listening on (http:\/\/localhost:\d+)/, name: 'server' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'] });
try {
  const studio = /Studio API listening on (http:\/\/[\d.]+:\d+)/.exec(server.output())![1]!;
  const created = execFileSync(process.execPath, [join(ROOT, 'dist/server/cli/admin.js'), 'operator', 'create', '--email', EMAIL, '--role', 'owner', '--json'], { env: { ...process.env, ...env, USER: 'bench' } });
  const password = (JSON.parse(created.toString()) as { initial_password: string }).initial_password;
  const seeding = Date.now();
  const seeded = seed(dbPath);
  console.log(`seeded ${seeded.series.toLocaleString('en')} series and ${seeded.partners.toLocaleString('en')} partners in ${Date.now() - seeding} ms`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const refusals: string[] = [];
  let reads = 0;
  page.on('response', (res) => {
    if (!res.url().includes('/api/studio/')) return;
    reads++;
    if (res.status() === 429) refusals.push(res.url());
  });
  await page.goto(`${studio}/`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();

  const reader = new DatabaseSync(dbPath, { readOnly: true });
  const partnerId = (reader.prepare("select id from partners where name = 'Demo Partner'").get() as { id: string }).id;
  reader.close();
  reads = 0;
  await page.goto(`${studio}/partners/${partnerId}`);
  const matrix = await scrollToEnd(page, page.getByRole('table', { name: 'Grants by series' }), seeded.series);
  console.log(`grants matrix: ${matrix.rows.toLocaleString('en')} series scrolled to the last in ${matrix.ms} ms, ${reads} studio API requests`);
  reads = 0;
  await page.goto(`${studio}/partners?sort=name`);
  const partners = await scrollToEnd(page, page.getByRole('table', { name: 'Partners' }), seeded.partners);
  const last = await page.getByRole('table', { name: 'Partners' }).getByRole('link').last().textContent();
  console.log(`partners list: ${partners.rows.toLocaleString('en')} partners listed to the last ("${last}") in ${partners.ms} ms, ${reads} studio API requests`);
  console.log(refusals.length === 0 ? 'no refusal (429) met' : `${refusals.length} refusals (429), the first: ${refusals[0]}`);
  if (refusals.length > 0 || matrix.rows < seeded.series || partners.rows < seeded.partners) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
