import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../generated/api.js';
import { freePort, start, type Child } from '../../scripts/lib/processes.js';

const root = resolve(import.meta.dirname, '../..');
type Json = Record<string, any>;
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')) as Json;

/** The value of the first example of a media type, following the bundle's $ref into components/examples. */
function firstExample(media: Json): unknown {
  const example = Object.values(media.examples as Json)[0] as Json;
  const ref = example.$ref as string | undefined;
  return (ref ? contract.components.examples[ref.replace('#/components/examples/', '')] : example).value;
}

const credentials = firstExample(contract.paths['/api/partner/auth'].post.requestBody.content['application/json']) as {
  api_key: string;
  api_secret: string;
};
const catalogPage = firstExample(
  contract.paths['/api/partner/content/catalog'].get.responses['200'].content['application/json'],
) as { items: unknown[]; changes_cursor: string };

describe('npm run mock (Prism serving the contract)', () => {
  let port: number;
  let mock: Child;
  let client: ReturnType<typeof createClient<paths>>;

  beforeAll(async () => {
    port = await freePort();
    mock = await start({
      name: 'npm run mock',
      command: 'npm',
      args: ['run', '--silent', 'mock'],
      cwd: root,
      env: { MOCK_PORT: String(port) },
      ready: /Mock server ready at (http:\/\/\S+)/,
      readyTimeoutMs: 45_000,
    });
    client = createClient<paths>({ baseUrl: mock.ready[1] });
  });

  afterAll(async () => {
    await mock?.stop();
  });

  it('announces its URL: 127.0.0.1 on MOCK_PORT', () => {
    expect(mock.ready[1]).toBe(`http://127.0.0.1:${port}`);
  });

  it('walks the onboarding flow: example credentials buy a token, the token reads the catalog', async () => {
    expect(credentials.api_key).toMatch(/^pk_/);
    const auth = await client.POST('/api/partner/auth', { body: credentials });
    expect(auth.response.status, mock.output()).toBe(200);
    const token = auth.data?.access_token;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(auth.data?.token_type).toBe('Bearer');

    const catalog = await client.GET('/api/partner/content/catalog', { headers: { Authorization: `Bearer ${token}` } });
    expect(catalog.response.status, mock.output()).toBe(200);
    expect(catalog.data?.items.length).toBeGreaterThan(0);
    expect(catalog.data?.items).toEqual(catalogPage.items);
  });

  it("serves the change feed's examples: a page of events, and the 410 a partner must walk again after", async () => {
    const token = (await client.POST('/api/partner/auth', { body: credentials })).data?.access_token;
    const headers = { Authorization: `Bearer ${token}` };
    const feed = await client.GET('/api/partner/content/changes', { headers, params: { query: { cursor: catalogPage.changes_cursor } } });
    expect(feed.response.status, mock.output()).toBe(200);
    expect(feed.data?.events.map((e) => e.type)).toEqual(['series.withdrawn', 'episode.removed', 'grant.changed', 'availability.changed']);
    const gone = await client.GET('/api/partner/content/changes', { headers: { ...headers, Prefer: 'code=410' } });
    expect([gone.response.status, gone.error?.code]).toEqual([410, 'cursor_expired']);
  });

  it('refuses the catalog without a bearer token: 401 problem document', async () => {
    const catalog = await client.GET('/api/partner/content/catalog');
    expect(catalog.response.status).toBe(401);
    expect(catalog.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(catalog.error?.status).toBe(401);
    expect(catalog.data).toBeUndefined();
  });

  it('stops cleanly on SIGTERM and takes Prism down with it', async () => {
    const stopped = await mock.stop();
    expect(stopped, mock.output()).toEqual({ code: 0, signal: null, killed: false, leftStrays: false });
    await expect(fetch(`http://127.0.0.1:${port}/api/partner/auth/verify`)).rejects.toThrow();
  });
});
