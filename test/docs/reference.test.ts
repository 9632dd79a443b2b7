import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReference, type Reference } from '../../server/reference/build-reference.js';

const root = resolve(import.meta.dirname, '../..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RENDER_TIMEOUT_MS = 20_000;

interface Operation {
  operationId: string;
  summary?: string;
}

const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.values(contract.paths).flatMap((item) =>
  Object.values(item).filter((op): op is Operation => typeof op === 'object' && op !== null && 'operationId' in op),
);

/** Requests a page made, split by whether they stayed on this machine. */
class NetworkLog {
  readonly all: string[] = [];
  readonly aborted: string[] = [];
  constructor(private readonly origin: string) {}
  isLocal(url: string): boolean {
    // data: and blob: URLs never touch the network; everything else must be our own server.
    return url.startsWith(`${this.origin}/`) || url.startsWith('data:') || url.startsWith('blob:');
  }
  offMachine(): string[] {
    return this.all.filter((url) => !this.isLocal(url));
  }
}

async function openRecorded(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page; log: NetworkLog; errors: string[] }> {
  const log = new NetworkLog(origin);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.route('**', async (route) => {
    const url = route.request().url();
    if (log.isLocal(url)) return route.continue();
    log.aborted.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('request', (request) => log.all.push(request.url()));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, log, errors };
}

async function visible(locator: Locator): Promise<boolean> {
  try {
    await locator.waitFor({ state: 'visible', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

describe('the API reference (npm run docs)', () => {
  let reference: Reference;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let page: Page;
  let log: NetworkLog;
  let errors: string[];

  beforeAll(async () => {
    reference = await buildReference();
    server = createServer((req, res) => {
      if (req.url === '/docs') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': reference.contentSecurityPolicy,
        });
        res.end(reference.html);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    ({ page, log, errors } = await openRecorded(browser, origin));
    await page.goto(`${origin}/docs`, { waitUntil: 'load' });
    // Redoc renders after load; the last operation's section showing up means the whole page did.
    const last = operations.at(-1);
    await page.locator(`[id$="/operation/${last?.operationId}"]`).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
    mkdirSync(join(root, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(root, '.tmp/reference.png') });
    await page.locator('[id$="/operation/authenticate"]').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(root, '.tmp/reference-authenticate.png') });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((closed) => server?.close(closed));
  });

  it('is one HTML document that loads nothing but itself', () => {
    expect(log.all, 'the network log saw the page itself').toContain(`${origin}/docs`);
    expect(log.offMachine(), 'requests that left 127.0.0.1').toEqual([]);
    expect(log.aborted).toEqual([]);
    // Self-contained: no second file from our own server either (a favicon is the browser's own idea).
    expect(log.all.filter((url) => url.startsWith(origin) && url !== `${origin}/favicon.ico`)).toEqual([`${origin}/docs`]);
  });

  it('renders without script errors or Content-Security-Policy violations', () => {
    expect(errors).toEqual([]);
  });

  it.each(operations.map((op) => [op.operationId, op.summary ?? op.operationId] as const))(
    'documents %s ("%s")',
    async (operationId, summary) => {
      const heading = page.locator(`[id$="/operation/${operationId}"]`).first().locator('h2').first();
      expect(await visible(heading), `a heading for ${operationId}`).toBe(true);
      expect((await heading.innerText()).trim()).toBe(summary);
    },
  );

  it.each(operations.map((op) => [op.operationId]))('shows a curl and a TypeScript client sample for %s', async (operationId) => {
    const section = page.locator(`[id$="/operation/${operationId}"]`).first();
    for (const name of ['curl', 'TypeScript']) expect(await visible(section.getByRole('tab', { name, exact: true })), `${operationId}: ${name} tab`).toBe(true);
    await section.getByRole('tab', { name: 'TypeScript', exact: true }).click();
    expect(await visible(section.getByText('@halcyon-studios/partner-catalog-client').first()), `${operationId}: the client sample`).toBe(true);
  });

  it('explains authentication first, where a reader lands', async () => {
    const sections = await page.locator('[id^="section/"]').evaluateAll((nodes) => nodes.map((n) => n.id));
    expect(sections[0]).toBe('section/Authentication');
    expect(await visible(page.locator('[id="section/Authentication"]').getByText('Authorization: Bearer <access_token>').first())).toBe(true);
  });

  it('expands the 200 response and offers the contract for download, as its Redoc options ask', async () => {
    const authenticate = page.locator('[id$="/operation/authenticate"]').first();
    // expandResponses "200": the success body's fields are listed without a click.
    expect(await visible(authenticate.getByText('access_token', { exact: true }).first()), 'access_token listed').toBe(true);
    expect(await visible(page.getByRole('link', { name: 'Download' }).first()), 'Download link').toBe(true);
  });

  it('is what `npm run docs` writes to a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-'));
    try {
      const out = join(dir, 'index.html');
      await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/build-docs.ts', '--out', out], { cwd: root });
      expect((await readFile(out, 'utf8')) === reference.html, `${out} differs from buildReference().html`).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('would notice a request leaving the machine', async () => {
    // Guards the guard: a page that does fetch from elsewhere is caught and blocked.
    const probe = await openRecorded(browser, origin);
    try {
      await probe.page.goto(`${origin}/elsewhere`);
      await probe.page.setContent('<img src="https://cdn.example.invalid/logo.svg">');
      await expect.poll(() => probe.log.offMachine(), { timeout: 5_000 }).toEqual(['https://cdn.example.invalid/logo.svg']);
      expect(probe.log.aborted).toEqual(['https://cdn.example.invalid/logo.svg']);
    } finally {
      await probe.context.close();
    }
  });
});
