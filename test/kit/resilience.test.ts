/**
 * The client as a partner deploys it, installed from the kit's tarball in a project of its own:
 * 150 parallel calls against the real server's limit, a job that goes on calling while the studio
 * restarts the instance (a real `npm start` process, stopped and started again 3 s later), short-
 * lived processes sharing a token through the README's file store, and TypeScript programs under
 * strict compiled both as ES modules and as CommonJS, then run.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Client from '../../client/index.js';
import { freePort, start, stopAll } from '../../scripts/lib/processes.js';
import { demoCredentials, startEntry } from '../helpers/entry.js';
import { realServer, root, TARBALL } from './kit-facts.js';
import { packedClient, partnerProject } from './partner-project.js';
import { sharedKit } from './shared-kit.js';

const run = promisify(execFile);
let project: string;
let dir: string | undefined;

beforeAll(async () => {
  project = await partnerProject(await packedClient(join(await sharedKit(), TARBALL)));
  for (const name of ['restart.mjs', 'token-store.mjs']) await copyFile(join(import.meta.dirname, 'fixtures', name), join(project, name));
  // The file store exactly as the client's README shows it.
  const readme = await readFile(join(project, 'node_modules/@halcyon-studios/partner-catalog-client/README.md'), 'utf8');
  const fileStore = /```js\n(\/\/ token-store-file\.mjs[\s\S]*?)```/.exec(readme)?.[1];
  if (!fileStore) throw new Error("the client's README has no token-store-file.mjs sample");
  await writeFile(join(project, 'token-store-file.mjs'), fileStore);
}, 250_000);
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});
afterEach(async () => {
  await stopAll();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const env = (target: { baseUrl: string; apiKey: string; apiSecret: string }, more: Record<string, string> = {}) => ({
  ...process.env,
  PARTNER_BASE_URL: target.baseUrl,
  PARTNER_API_KEY: target.apiKey,
  PARTNER_API_SECRET: target.apiSecret,
  ...more,
});

describe("the packed client against the real server's limits and restarts", () => {
  it('150 parallel calls against the 100-a-minute limit: 0 errors, the retries spread over more than a second', async () => {
    const { server, partner } = await realServer();
    // This test's process imports the installed package, so its sleeps can move the server's clock.
    const packed = (await import(pathToFileURL(join(project, 'node_modules/@halcyon-studios/partner-catalog-client/dist/index.js')).href)) as typeof Client;
    const sleeping: Array<{ ms: number; wake: () => void }> = [];
    const statuses: number[] = [];
    const client = packed.createPartnerClient({
      baseUrl: server.url,
      apiKey: partner.apiKey,
      apiSecret: partner.apiSecret,
      sleep: (ms) => new Promise<void>((wake) => void sleeping.push({ ms, wake })),
      onResponse: (e) => void (e.method === 'GET' && statuses.push(e.status)),
    });
    let settled = 0;
    const calls = Array.from({ length: 150 }, () => client.catalog.list({ limit: 1 }).finally(() => settled++));
    // Once every call has answered or waits out a 429: the server's clock past the longest wait
    // (the limiter's Retry-After is on the wall clock), and every waiter wakes.
    while (settled + sleeping.length < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    const waits = sleeping.map((s) => s.ms);
    server.clock.set(Date.now() + Math.max(...waits));
    for (const { wake } of sleeping) wake();
    const results = await Promise.allSettled(calls);

    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(1000);
  });

  it('a job calling all the time rides through an instance restart of 3 s, authenticating new clients across it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcas-restart-'));
    const port = String(await freePort());
    const boot = () => startEntry({ PORT: port, DATABASE_URL: join(dir!, 'catalog.db'), LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '5000' });
    const first = await boot();
    const target = { baseUrl: first.base, ...(({ api_key, api_secret }) => ({ apiKey: api_key, apiSecret: api_secret }))(demoCredentials(first.child.output())) };
    const job = await start({ name: 'restart.mjs', command: process.execPath, args: ['restart.mjs'], cwd: project, env: env(target, { DURATION_MS: '9000' }), ready: /^calling$/ });

    process.kill(first.child.pid, 'SIGTERM');
    expect((await first.child.exited).code).toBe(0);
    // Down for 3 s: connections to the port are refused.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await boot();
    const { code } = await job.exited;

    expect(code, job.output()).toBe(0);
    const report = JSON.parse(job.output().trim().split('\n').at(-1)!) as { calls: number; freshClients: number; errors: string[]; longestMs: number; freshLongestMs: number };
    expect(report.errors).toEqual([]);
    expect(report.freshClients).toBeGreaterThanOrEqual(6);
    // A call of the job, and a new client's authenticate, waited out the whole outage.
    expect(report.longestMs).toBeGreaterThan(3000);
    expect(report.freshLongestMs).toBeGreaterThan(2000);
  }, 60_000);
});

describe('deployed as partners deploy it', () => {
  it("short-lived processes sharing the README's file token store authenticate once between them", async () => {
    const target = await realServer();
    dir = await mkdtemp(join(tmpdir(), 'pcas-token-file-'));
    const file = join(dir, 'partner-token.json');
    const outputs = [];
    for (let i = 0; i < 3; i++) outputs.push(JSON.parse((await run(process.execPath, ['token-store.mjs'], { cwd: project, env: env(target, { TOKEN_FILE: file }) })).stdout) as { authentications: number });
    expect(outputs.map((o) => o.authentications)).toEqual([1, 0, 0]);
    expect(await readFile(file, 'utf8')).not.toContain(target.apiSecret);
  });

  it.each([
    ['ES modules', 'module'],
    ['CommonJS', 'commonjs'],
  ])('a TypeScript program under strict, compiled as %s ("module": "nodenext"), runs against the real server', async (_name, type) => {
    const target = await realServer();
    const folder = join(project, `typed-${type}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'package.json'), JSON.stringify({ type }));
    await copyFile(join(import.meta.dirname, 'fixtures/typed-app.ts'), join(folder, 'typed-app.ts'));
    const compilerOptions = { strict: true, exactOptionalPropertyTypes: true, target: 'ES2022', module: 'nodenext', lib: ['ES2023'], types: ['node'], typeRoots: [join(root, 'node_modules/@types')], outDir: 'dist' };
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['typed-app.ts'] }));
    const compiled = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: folder }).catch((e: { stdout: string }) => e);
    expect(compiled.stdout).toBe('');
    const emitted = await readFile(join(folder, 'dist/typed-app.js'), 'utf8');
    expect(emitted).toMatch(type === 'commonjs' ? /require\("@halcyon-studios\/partner-catalog-client"\)/ : /^import .* from '@halcyon-studios\/partner-catalog-client';$/m);
    const { stdout, stderr } = await run(process.execPath, ['dist/typed-app.js'], { cwd: folder, env: env(target) });
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({
      title: 'The Lighthouse Keepers',
      requestId: 'typed-app-1',
      limit: 100,
      ids: ['ser_3fz8w1rtnc', 'ser_9kd4p6vyja'],
      refused: 'not_found',
      seen: ['POST 200', 'GET 200', 'GET 200', 'GET 404'],
    });
  });
});
