/**
 * The client as a partner gets it: `npm pack` of client/, installed from the tarball into a project
 * of its own outside this repository (test/client/partner-project.ts), then used from plain Node.js
 * ESM and from CommonJS against the real server and against the mock (the Prism CLI serving the
 * contract's YAML from that folder), and from TypeScript under strict with
 * exactOptionalPropertyTypes, with and without the DOM lib. The reference's samples run there too:
 * every TypeScript sample type-checks against the package, every curl sample gets a 200 from the mock.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeSample } from '../../scripts/code-samples.js';
import { MOCK } from '../../scripts/example.js';
import { start, type Child } from '../helpers/child.js';
import { freePort } from '../helpers/ports.js';
import { startServer } from '../helpers/server.js';
import { packClient, partnerProject, type PackedClient } from './partner-project.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const contract = JSON.parse(await readFile(join(root, 'generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples': CodeSample[] }>>;
};
const operations = Object.values(contract.paths).flatMap((item) => Object.values(item).filter((op) => typeof op?.operationId === 'string'));
const sample = (op: (typeof operations)[number], lang: CodeSample['lang']) => op['x-codeSamples'].find((s) => s.lang === lang)!.source;

describe('the client package, installed from its tarball in a partner project', () => {
  let work: string;
  let client: PackedClient;
  let project: string;
  let mock: Child;
  let mockUrl: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'client-package-'));
    client = await packClient(work);
    project = await partnerProject(client);
    for (const name of ['consumer.mjs', 'consumer.cjs', 'typed-consumer.ts']) await copyFile(join(root, 'test/client/fixtures', name), join(project, name));
    await copyFile(join(root, 'generated/openapi.yaml'), join(project, 'openapi.yaml'));
    const port = await freePort();
    mock = await start({
      name: 'prism mock openapi.yaml',
      command: join(root, 'node_modules/.bin/prism'),
      args: ['mock', '--host', '127.0.0.1', '--port', String(port), 'openapi.yaml'],
      cwd: project,
      ready: /Prism is listening on (http:\/\/\S+)/,
      readyTimeoutMs: 45_000,
    });
    mockUrl = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    await mock?.stop();
    await Promise.all([work, project].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A real server (closed after each test) and a partner reading the three example series there. */
  async function realServer() {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read'], ser_3fz8w1rtnc: ['read'], ser_9kd4p6vyja: ['read'] });
    return { baseUrl: server.url, apiKey: partner.apiKey, apiSecret: partner.apiSecret };
  }

  /** Runs a fixture of the partner project with node; resolves with the JSON line it printed. */
  async function runFixture(file: string, target: { baseUrl: string; apiKey: string; apiSecret: string }) {
    const env = { ...process.env, PARTNER_BASE_URL: target.baseUrl, PARTNER_API_KEY: target.apiKey, PARTNER_API_SECRET: target.apiSecret };
    const { stdout, stderr } = await run(process.execPath, [file], { cwd: project, env, timeout: 30_000 });
    expect(stderr).toBe('');
    return JSON.parse(stdout) as Record<string, any>;
  }

  it('adds at most 3 packages and 1 MB to an empty project', async () => {
    const installed = (await readdir(join(project, 'node_modules'), { recursive: true })).filter((f) => f.endsWith('package.json') && f.split('/').at(-2) !== 'dist');
    const packages = installed.filter((f) => /^(@[^/]+\/)?[^/@]+\/package\.json$/.test(f));
    expect(packages.sort()).toEqual(['@halcyon-studios/partner-catalog-client/package.json', 'openapi-fetch/package.json', 'openapi-typescript-helpers/package.json']);
    let bytes = 0;
    for (const file of await readdir(join(project, 'node_modules'), { recursive: true })) {
      const info = await stat(join(project, 'node_modules', file));
      if (info.isFile()) bytes += info.size;
    }
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('ships compiled JavaScript, declarations and the contract types, and nothing from outside its folder', async () => {
    const { stdout } = await run('tar', ['-tzf', client.tarball]);
    const files = stdout.trim().split('\n');
    expect(files).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/generated/api.d.ts']));
    expect(files.filter((f) => !/^package\/(package\.json|README\.md|dist\/[\w/.-]+\.(js|d\.ts))$/.test(f))).toEqual([]);
    const manifest = JSON.parse(await readFile(join(project, 'node_modules', client.name, 'package.json'), 'utf8')) as Record<string, any>;
    expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
    for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
      const text = await readFile(join(project, 'node_modules', client.name, file.slice('package/'.length)), 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/\.\.\//);
    }
  });

  it('runs from plain Node.js ESM against the real server', async () => {
    const seen = await runFixture('consumer.mjs', await realServer());
    expect(seen.titles).toEqual(['Paper Harbour', 'Small Hours', 'The Lighthouse Keepers']);
    expect(seen.missing).toMatchObject({ api: true, network: false, status: 404, code: 'not_found', requestId: expect.stringMatching(/^\S+$/) });
    expect(seen.emptySearch).toMatchObject({ api: true, status: 400, code: 'validation_failed' });
    expect(seen.retries).toBe(3);
  });

  it('runs from plain Node.js ESM against the mock, which says what was wrong with a bad request', async () => {
    const seen = await runFixture('consumer.mjs', mockAt(mockUrl));
    // Every page of the mock is the example page, whose next_cursor points at itself: the iterator
    // reads it twice, then stops at the repeated cursor.
    expect(seen.titles).toEqual(['Paper Harbour', 'Small Hours', 'Paper Harbour', 'Small Hours']);
    expect(seen.missing).toBe('ser_7hx2k9qmbd');
    // The mock's body is the contract's example 400 (about `limit`); the message says what was wrong.
    expect(seen.emptySearch).toMatchObject({ api: true, status: 400, code: 'validation_failed' });
    // (openapi-fetch leaves an empty value out of the query, so the mock finds q missing.)
    expect(seen.emptySearch.message).toMatch(/\[the mock found: [^\]]*'q'[^\]]*\]/);
  });

  it('is loaded by CommonJS require(), against the real server and the mock', async () => {
    expect(await runFixture('consumer.cjs', await realServer())).toEqual({
      ids: ['ser_3fz8w1rtnc', 'ser_9kd4p6vyja'],
      refused: { api: true, status: 404, code: 'not_found' },
    });
    expect(await runFixture('consumer.cjs', mockAt(mockUrl))).toEqual({ ids: ['ser_3fz8w1rtnc', 'ser_9kd4p6vyja'], refused: 'ep_4mq8z2xkwt' });
  });

  it.each([
    ['with the DOM lib and no Node.js types', { lib: ['ES2023', 'DOM'], types: [] }, false],
    ['with Node.js types and no DOM lib', { lib: ['ES2023'], types: ['node'], typeRoots: [join(root, 'node_modules/@types')] }, true],
  ])('type-checks under strict and exactOptionalPropertyTypes %s', async (_name, libs, withSamples) => {
    const files = ['typed-consumer.ts'];
    if (withSamples) {
      // The reference's TypeScript samples use process.env, so they need Node.js types.
      await mkdir(join(project, 'samples'), { recursive: true });
      for (const op of operations) {
        await writeFile(join(project, 'samples', `${op.operationId}.ts`), `${sample(op, 'TypeScript')}\nexport {};\n`);
        files.push(`samples/${op.operationId}.ts`);
      }
    }
    const compilerOptions = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, skipLibCheck: false, ...libs };
    const config = `tsconfig.${withSamples ? 'node' : 'dom'}.json`;
    await writeFile(join(project, config), JSON.stringify({ compilerOptions, files }, null, 2));
    const result = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', config], { cwd: project, timeout: 60_000 }).catch((e: { stdout: string }) => e);
    expect(result.stdout).toBe('');
  });

  it.each(operations.map((op) => [op.operationId, op] as const))("%s's curl sample gets a 200 from the mock", async (_id, op) => {
    const token = '$(curl -s ' + mockUrl + '/api/partner/auth -H "Content-Type: application/json" -d \'{"api_key":"' + MOCK.apiKey + '","api_secret":"' + MOCK.apiSecret + '"}\' | node -pe "JSON.parse(require(\'fs\').readFileSync(0)).access_token")';
    const command = sample(op, 'Shell').replaceAll('https://partners.halcyon-studios.example', mockUrl).replace(/^curl /m, 'curl -s -o /dev/null -w "%{http_code}" ');
    const { stdout } = await run('bash', ['-c', `PARTNER_TOKEN=${token}\n${command}`], { timeout: 15_000 });
    expect(stdout, command).toBe('200');
  });
});

/** The contract's example credentials against a mock at `url`. */
function mockAt(url: string) {
  return { ...MOCK, baseUrl: url };
}
