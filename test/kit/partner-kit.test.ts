/**
 * `npm run kit`: the folder a partner gets. It must hold the contract (JSON and YAML, the same
 * document), the offline reference, the client tarball, a Postman v2.1 collection whose requests
 * cover every operation and work as imported (the authenticate request stores the token the others
 * send), and a README that names them. A running server serves the same YAML and collection.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../scripts/postman.js';
import { startServer } from '../helpers/server.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
type Json = Record<string, any>;
const POSTMAN = 'partner-catalog.postman_collection.json';

const contract = JSON.parse(await readFile(join(root, 'generated/openapi.json'), 'utf8')) as Json;
const operations = Object.entries(contract.paths as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op?.operationId === 'string')
    .map(([method, op]) => ({ operationId: op.operationId as string, method: method.toUpperCase(), path })),
);

describe('the partner kit (npm run kit)', () => {
  let kit: string;
  let collection: Json;

  beforeAll(async () => {
    kit = await mkdtemp(join(tmpdir(), 'partner-kit-'));
    await run('npm', ['run', '--silent', 'kit', '--', '--out', kit], { cwd: root, timeout: 120_000 });
    collection = JSON.parse(await readFile(join(kit, POSTMAN), 'utf8')) as Json;
  }, 150_000);

  afterAll(async () => {
    if (kit) await rm(kit, { recursive: true, force: true });
  });

  it('holds the contract as JSON and YAML (one document), the reference, the client tarball, the collection and a README', async () => {
    const files = (await readdir(kit)).sort();
    expect(files).toEqual(['README.md', 'halcyon-studios-partner-catalog-client-1.0.0.tgz', 'openapi.json', 'openapi.yaml', POSTMAN, 'reference.html'].sort());
    const json = JSON.parse(await readFile(join(kit, 'openapi.json'), 'utf8')) as Json;
    expect(json).toEqual(contract);
    expect(yaml.load(await readFile(join(kit, 'openapi.yaml'), 'utf8'))).toEqual(json);
    expect(await readFile(join(kit, 'reference.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    const readme = await readFile(join(kit, 'README.md'), 'utf8');
    for (const name of files.filter((f) => f !== 'README.md')) expect(readme, name).toContain(name);
    expect(readme).toContain('npx @stoplight/prism-cli@5.14 mock openapi.yaml');
    expect(readme).toContain('npm install ./halcyon-studios-partner-catalog-client-1.0.0.tgz');
    expect(readme).not.toMatch(/\{\{\w+\}\}/);
  });

  it('has a Postman v2.1 collection with one request per operation, sent with the collection bearer token except authenticate', () => {
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.info.name).toBe(contract.info.title);
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}' }] });
    expect(collection.variable.map((v: Json) => v.key).sort()).toEqual(['baseUrl', 'bearerToken']);
    const covered = requests(collection).map((item) => `${item.request.method} /${(item.request.url.path as string[]).map((s) => s.replace(/^:(\w+)$/, '{$1}')).join('/')}`);
    expect(covered.sort()).toEqual(operations.map((op) => `${op.method} ${op.path}`).sort());
    const authenticate = requests(collection).find((item) => item.request.method === 'POST')!;
    expect(authenticate.request.auth).toEqual({ type: 'noauth' });
    for (const item of requests(collection)) {
      expect(item.name, JSON.stringify(item.request.url)).toEqual(expect.any(String));
      expect(item.request.url.host).toEqual(['{{baseUrl}}']);
      expect(JSON.stringify(item), 'no random ids').not.toMatch(/"(id|_postman_id)":/);
    }
  });

  it('works as imported: authenticate stores the token, and every request then gets a 200 from a real server', async () => {
    const server = await startServer();
    const partner = await server.partner({ ser_7hx2k9qmbd: ['read', 'stream'], ser_3fz8w1rtnc: ['read'], ser_9kd4p6vyja: ['read'] });
    const variables = new Map<string, string>((collection.variable as Json[]).map((v) => [v.key, v.value]));
    variables.set('baseUrl', server.url);
    const statuses: Record<string, number> = {};
    // Authenticate first, as the README says, with the partner's credentials in its body.
    const ordered = requests(collection).sort((a, b) => Number(b.request.method === 'POST') - Number(a.request.method === 'POST'));
    for (const item of ordered) {
      const response = await send(item.request, collection.auth, variables, { api_key: partner.apiKey, api_secret: partner.apiSecret });
      statuses[item.name] = response.status;
      for (const event of (item.event ?? []) as Json[]) {
        const body = await response.clone().json();
        const pm = { response: { code: response.status, json: () => body }, collectionVariables: { set: (k: string, v: string) => variables.set(k, v) } };
        runInNewContext((event.script.exec as string[]).join('\n'), { pm });
      }
    }
    expect(variables.get('bearerToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.values(statuses), JSON.stringify(statuses)).toEqual(operations.map(() => 200));
  });

  it('is served by a running server: /openapi.yaml and /postman.json beside /openapi.json', async () => {
    const server = await startServer();
    const served = await fetch(`${server.url}/openapi.yaml`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(await served.text()).toBe(await readFile(join(kit, 'openapi.yaml'), 'utf8'));
    const postman = await fetch(`${server.url}/postman.json`);
    expect(postman.status).toBe(200);
    expect(await postman.json()).toEqual(collection);
  });
});

/** Sends one request of the collection the way Postman would, `{{variables}}` and auth resolved. */
async function send(request: Json, collectionAuth: Json, variables: Map<string, string>, credentials: Json): Promise<Response> {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables.get(name) ?? '');
  const url = request.url as Json;
  const pathVars = new Map<string, string>(((url.variable ?? []) as Json[]).map((v) => [v.key, v.value]));
  const path = (url.path as string[]).map((segment) => (segment.startsWith(':') ? encodeURIComponent(pathVars.get(segment.slice(1)) ?? '') : segment)).join('/');
  const query = ((url.query ?? []) as Json[]).filter((q) => !q.disabled).map((q) => `${q.key}=${encodeURIComponent(fill(q.value))}`);
  const headers = new Headers(((request.header ?? []) as Json[]).map((h) => [h.key, fill(h.value)] as [string, string]));
  const auth = request.auth ?? collectionAuth;
  if (auth?.type === 'bearer') headers.set('Authorization', `Bearer ${fill((auth.bearer as Json[]).find((b) => b.key === 'token')!.value)}`);
  // The partner replaces the example credentials with its own before sending.
  const body = request.body?.raw === undefined ? undefined : JSON.stringify({ ...JSON.parse(request.body.raw), ...credentials });
  return fetch(`${fill(url.host.join('.'))}/${path}${query.length ? `?${query.join('&')}` : ''}`, { method: request.method, headers, ...(body ? { body } : {}) });
}
