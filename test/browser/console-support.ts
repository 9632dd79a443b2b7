/**
 * The studio console as its users meet it: the real server (`npm start`'s command) with both
 * listeners on a fresh SQLite file, operators created with the real admin CLI, and Debian's
 * Chromium driven by playwright-core. axe-core checks accessibility inside the page.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { start, type Child } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { demoCredentials, ROOT, SERVER_ARGS, SERVER_COMMAND } from '../helpers/entry.js';

export interface ConsoleRig {
  server: Child;
  dir: string;
  dbPath: string;
  partnerBase: string;
  studioBase: string;
  browser: Browser;
  demo: { api_key: string; api_secret: string };
  /** Creates an operator with the CLI and returns its initial password. */
  operator(email: string, role: 'viewer' | 'editor' | 'owner'): Promise<string>;
  /** A new browser context (its own cookies) signed in as the operator. */
  signIn(email: string, password: string, options?: { width?: number; height?: number; bypassCSP?: boolean }): Promise<Page>;
  stop(): Promise<void>;
}

export async function startConsoleRig(): Promise<ConsoleRig> {
  const dir = await mkdtemp(join(tmpdir(), 'pcas-console-'));
  const dbPath = join(dir, 'catalog.db');
  const server = await start({
    command: SERVER_COMMAND,
    args: SERVER_ARGS,
    cwd: ROOT,
    env: { PORT: '0', STUDIO_PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: dbPath },
    ready: /Partner Catalog API listening on (http:\/\/localhost:\d+)/,
    name: 'server',
  });
  const studioBase = /Studio API listening on (http:\/\/[\d.]+:\d+)/.exec(server.output())?.[1];
  if (!studioBase) throw new Error(`no studio listener in the output:\n${server.output()}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'] });
  return {
    server,
    dir,
    dbPath,
    partnerBase: server.ready[1]!,
    studioBase,
    browser,
    demo: demoCredentials(server.output()),
    async operator(email, role) {
      const result = await runCli(['operator', 'create', '--email', email, '--role', role, '--json'], { DATABASE_URL: dbPath, USER: 'ci' });
      if (result.code !== 0) throw new Error(`operator create exited ${result.code}: ${result.stderr}`);
      return (JSON.parse(result.stdout) as { initial_password: string }).initial_password;
    },
    async signIn(email, password, options = {}) {
      const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 }, bypassCSP: options.bypassCSP ?? false });
      // Under the test's own timeout, so a step that cannot happen fails with its locator, not a bare timeout.
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.goto(`${studioBase}/`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      return page;
    },
    async stop() {
      await browser.close().catch(() => {});
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Where page screenshots go: docs/console.md's pictures in docs/console/ with UPDATE_SCREENSHOTS=1, else the run's temporary folder. */
export async function screenshot(rig: ConsoleRig, page: Page, name: string): Promise<void> {
  const dir = process.env.UPDATE_SCREENSHOTS ? join(ROOT, 'docs/console') : join(rig.dir, 'shots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** axe-core's serious and critical violations on the page as it is now (the page's context must bypass CSP to load axe). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Copies of the demo catalog's series under new ids and titles, straight into the server's SQLite
 * file in one statement (an import through the store indexes every series for search: 90 s for
 * 100,000; the matrix reads only the series table).
 */
export function growCatalog(dbPath: string, total: number): number {
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('pragma busy_timeout = 10000');
    const demo = Number((db.prepare('select count(*) as n from series').get() as { n: number }).n);
    const copies = Math.ceil((total - demo) / demo);
    const columns = (db.prepare("select group_concat(name, ', ') as c from pragma_table_info('series') where name not in ('id', 'title', 'sort_title')").get() as { c: string }).c;
    db.exec(`
      with recursive copy(n) as (select 1 union all select n + 1 from copy where n < ${copies})
      insert into series (id, title, sort_title, ${columns})
      select printf('ser_x%09d', s.rowid * 100000 + copy.n), s.title || ' ' || copy.n, s.sort_title || ' ' || copy.n, ${columns}
      from series s, copy`);
    return Number((db.prepare('select count(*) as n from series').get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/** Presses Tab until the focused element matches (its tag, and its label or text), or fails naming where the focus went. */
export async function tabTo(page: Page, matches: (focused: { tag: string; label: string }) => boolean, presses = 60): Promise<void> {
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
