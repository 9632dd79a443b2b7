/**
 * The kit's Postman collection, as a partner uses it: imported as is, the base URL and credentials
 * set as variables, and run with newman (the Postman runner for CI) against a real server, where
 * every request passes its tests, and with a wrong secret, where they fail.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../scripts/postman.js';
import { contract, operations, POSTMAN, realServer, type Json } from './kit-facts.js';
import { newman } from './newman.js';
import { sharedKit } from './shared-kit.js';

let kit: string;
let collection: Json;
beforeAll(async () => {
  kit = await sharedKit();
  collection = JSON.parse(await readFile(join(kit, POSTMAN), 'utf8')) as Json;
}, 250_000);
const authenticateName = (c: Json) => requests(c).find((item) => item.request.method === 'POST')!.name as string;

describe("the kit's Postman collection", () => {
  it('has a Postman v2.1 collection with one request per operation, sent with the collection bearer token except authenticate', () => {
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.info.name).toBe(contract.info.title);
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{bearerToken}}' }] });
    expect(collection.variable.map((v: Json) => v.key).sort()).toEqual(['apiKey', 'apiSecret', 'baseUrl', 'bearerToken']);
    const covered = requests(collection).map((item) => `${item.request.method} /${(item.request.url.path as string[]).map((s) => s.replace(/^:(\w+)$/, '{$1}')).join('/')}`);
    expect(covered.sort()).toEqual(operations.map((op) => `${op.method} ${op.path}`).sort());
    const authenticate = requests(collection).find((item) => item.request.method === 'POST')!;
    expect(authenticate.request.auth).toEqual({ type: 'noauth' });
    expect(JSON.parse(authenticate.request.body.raw)).toEqual({ api_key: '{{apiKey}}', api_secret: '{{apiSecret}}' });
    for (const item of requests(collection)) {
      expect(item.request.url.host).toEqual(['{{baseUrl}}']);
      expect(JSON.stringify(item), 'no random ids').not.toMatch(/"(id|_postman_id)":/);
      expect(item.event.find((e: Json) => e.listen === 'test').script.exec.join('\n'), item.name).toMatch(/pm\.test\('200 OK'/);
    }
  });

  it('passes every test of the collection under newman against a real server, the credentials given as variables', async () => {
    const target = await realServer();
    // As the kit's README runs it, from the kit's folder.
    const run = await newman(kit, POSTMAN, { baseUrl: target.baseUrl, apiKey: target.apiKey, apiSecret: target.apiSecret });
    expect(run.code, run.output).toBe(0);
    expect(run.failures).toEqual([]);
    expect(run.executions.map((e) => e.status)).toEqual(operations.map(() => 200));
    expect(run.assertions).toBeGreaterThanOrEqual(3 * operations.length);
  });

  it('fails under newman with a wrong secret: authenticate and every request after it', async () => {
    const target = await realServer();
    const run = await newman(kit, POSTMAN, { baseUrl: target.baseUrl, apiKey: target.apiKey, apiSecret: `sk_${'A'.repeat(43)}` });
    expect(run.code).toBe(1);
    expect(run.executions.map((e) => e.status)).toEqual(operations.map(() => 401));
    expect(new Set(run.failures.filter((f) => f.test === '200 OK').map((f) => f.request)).size).toBe(operations.length);
    expect(run.failures[0]).toMatchObject({ request: authenticateName(collection), test: '200 OK' });
    expect(run.failures[0]!.message).toContain('invalid_credentials');
  });
});
