/**
 * The partner kit (`npm run kit`), used as a partner uses it, from folders outside this repository.
 * The kit holds the contract (JSON and YAML, one document), the offline reference, the client
 * tarball, a Postman v2.1 collection that covers every operation and works as imported, and a README
 * that names them; a running server serves the same YAML and collection. The client is installed
 * from the kit's tarball into a project of its own (partner-project.ts) and used from plain Node.js
 * ESM and CommonJS against the real server and against the mock (the Prism CLI serving the kit's
 * openapi.yaml), and from TypeScript under strict with exactOptionalPropertyTypes, with and without
 * the DOM lib. The reference's samples run there too: every TypeScript sample type-checks against
 * the package, every curl sample gets a 200 from the mock, and the Postman collection passes its
 * tests under newman there too. The kit is built once per run for every kit test file (shared-kit.ts).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeSample } from '../../scripts/code-samples.js';
import { MOCK } from '../../scripts/example.js';
import { freePort, start, type Child } from '../../scripts/lib/processes.js';
import { startServer } from '../helpers/server.js';
import { contract, operations, POSTMAN, realServer, root, TARBALL, type Json } from './kit-facts.js';
import { newman } from './newman.js';
import { packedClient, partnerProject, type PackedClient } from './partner-project.js';
import { sharedKit } from './shared-kit.js';

const run = promisify(execFile);
/** The newest release of the oldest LTS line the client's engines claim (>=22.12). */
const OLDEST_NODE = '22.23.3';
const sample = (op: (typeof operations)[number], lang: CodeSample['lang']) => op.samples.find((s) => s.lang === lang)!.source;

let kit: string;
beforeAll(async () => {
  kit = await sharedKit();
}, 250_000);

describe('the partner kit (npm run kit)', () => {
  it('holds the contract as JSON and YAML (one document), the reference, the client tarball, the collection and a README', async () => {
    const files = (await readdir(kit)).sort();
    expect(files).toEqual(['README.md', TARBALL, 'openapi.json', 'openapi.yaml', POSTMAN, 'reference.html'].sort());
    const json = JSON.parse(await readFile(join(kit, 'openapi.json'), 'utf8')) as Json;
    expect(json).toEqual(contract);
    expect(yaml.load(await readFile(join(kit, 'openapi.yaml'), 'utf8'))).toEqual(json);
    expect(await readFile(join(kit, 'reference.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    const readme = await readFile(join(kit, 'README.md'), 'utf8');
    for (const name of files.filter((f) => f !== 'README.md')) expect(readme, name).toContain(name);
    expect(readme).toContain('npx @stoplight/prism-cli@5.14 mock openapi.yaml');
    expect(readme).toContain(`npm install ./${TARBALL}`);
    expect(readme).not.toMatch(/\{\{\w+\}\}/);
    // docs/partner-integration.md's note for the repository's readers stays out of the kit.
    expect(readme).not.toContain('<!--');
    expect(readme).toMatch(/^# .+: partner integration\n/);
  });

  it('matches what a running server serves at /openapi.yaml and /postman.json, beside /openapi.json', async () => {
    const server = await startServer();
    const served = await fetch(`${server.url}/openapi.yaml`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(await served.text()).toBe(await readFile(join(kit, 'openapi.yaml'), 'utf8'));
    const postman = await fetch(`${server.url}/postman.json`);
    expect(postman.status).toBe(200);
    expect(await postman.json()).toEqual(JSON.parse(await readFile(join(kit, POSTMAN), 'utf8')));
  });
});

describe("the client, installed from the kit's tarball in a partner project", () => {
  let client: PackedClient;
  let project: string;
  let mock: Child;
  let mockUrl: string;

  beforeAll(async () => {
    client = await packedClient(join(kit, TARBALL));
    project = await partnerProject(client);
    for (const name of ['consumer.mjs', 'consumer.cjs', 'typed-consumer.ts']) await copyFile(join(import.meta.dirname, 'fixtures', name), join(project, name));
    const port = await freePort();
    // The mock as the kit's README runs it: the Prism CLI on the kit's openapi.yaml, in the kit's folder.
    mock = await start({
      name: 'prism mock openapi.yaml',
      command: join(root, 'node_modules/.bin/prism'),
      args: ['mock', '--host', '127.0.0.1', '--port', String(port), 'openapi.yaml'],
      cwd: kit,
      ready: /Prism is listening on (http:\/\/\S+)/,
      readyTimeoutMs: 45_000,
    });
    mockUrl = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    await mock?.stop();
    if (project) await rm(project, { recursive: true, force: true });
  });

  /** Runs a fixture of the partner project with node (this test's, or another release's); resolves with the JSON line it printed. */
  async function runFixture(file: string, target: { baseUrl: string; apiKey: string; apiSecret: string }, node = process.execPath) {
    const env = { ...process.env, PARTNER_BASE_URL: target.baseUrl, PARTNER_API_KEY: target.apiKey, PARTNER_API_SECRET: target.apiSecret };
    const { stdout, stderr } = await run(node, [file], { cwd: project, env, timeout: 30_000 });
    expect(stderr).toBe('');
    return JSON.parse(stdout) as Record<string, any>;
  }
  const onMock = () => ({ ...MOCK, baseUrl: mockUrl });

  it('adds at most 3 packages and 1 MB to an empty project', async () => {
    const files = await readdir(join(project, 'node_modules'), { recursive: true });
    const packages = files.filter((f) => /^(@[^/]+\/)?[^/@]+\/package\.json$/.test(f));
    expect(packages.sort()).toEqual(['@halcyon-studios/partner-catalog-client/package.json', 'openapi-fetch/package.json', 'openapi-typescript-helpers/package.json']);
    let bytes = 0;
    for (const file of files) {
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
    const manifest = JSON.parse(await readFile(join(project, 'node_modules', client.name, 'package.json'), 'utf8')) as Json;
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
    const seen = await runFixture('consumer.mjs', onMock());
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
    expect(await runFixture('consumer.cjs', onMock())).toEqual({ ids: ['ser_3fz8w1rtnc', 'ser_9kd4p6vyja'], refused: 'ep_4mq8z2xkwt' });
  });

  it(`runs on the oldest Node.js its engines claim (${OLDEST_NODE}), from ESM and CommonJS`, async () => {
    const engines = (JSON.parse(await readFile(join(root, 'client/package.json'), 'utf8')) as Json).engines.node as string;
    expect(engines).toBe('>=22.12');
    expect(OLDEST_NODE).toMatch(/^22\.(1[2-9]|[2-9]\d)\.\d+$/);
    // That release, from the npm registry like CI's Node 24 (cached after the first run).
    const { stdout: bin } = await run('bash', [join(root, 'scripts/setup-node.sh'), OLDEST_NODE], { timeout: 120_000 });
    const node = join(bin.trim(), 'node');
    expect((await run(node, ['--version'])).stdout.trim()).toBe(`v${OLDEST_NODE}`);
    const target = await realServer();
    const esm = await runFixture('consumer.mjs', target, node);
    expect(esm.titles).toEqual(['Paper Harbour', 'Small Hours', 'The Lighthouse Keepers']);
    expect(await runFixture('consumer.cjs', target, node)).toMatchObject({ ids: ['ser_3fz8w1rtnc', 'ser_9kd4p6vyja'] });
  }, 150_000);

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

  it('passes every test of the collection under newman against the mock, with nothing but baseUrl set', async () => {
    const run = await newman(kit, POSTMAN, { baseUrl: mockUrl });
    expect(run.code, run.output).toBe(0);
    expect(run.executions.map((e) => e.status)).toEqual(operations.map(() => 200));
  });

  it.each(operations.map((op) => [op.operationId, op] as const))("%s's curl sample gets a 200 from the mock", async (_id, op) => {
    const credentials = JSON.stringify({ api_key: MOCK.apiKey, api_secret: MOCK.apiSecret });
    const token = `$(curl -s ${mockUrl}/api/partner/auth -H 'Content-Type: application/json' -d '${credentials}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`;
    const command = sample(op, 'Shell').replaceAll('https://partners.halcyon-studios.example', mockUrl).replace(/^curl /m, 'curl -s -o /dev/null -w "%{http_code}" ');
    const { stdout } = await run('bash', ['-c', `PARTNER_TOKEN=${token}\n${command}`], { timeout: 15_000 });
    expect(stdout, command).toBe('200');
  });
});
