import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK, walkthrough } from '../../scripts/example.js';
import { freePort, start, type Child } from '../../scripts/lib/processes.js';
import { startServer } from '../helpers/server.js';
import { clientFor, readerOfAll } from './support.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs `npm run example` with arguments; resolves with its exit code and output. */
async function example(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'example', '--', ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('the walkthrough against the Prism mock (npm run mock)', () => {
  let mock: Child;
  let url: string;

  beforeAll(async () => {
    mock = await start({
      name: 'npm run mock',
      command: 'npm',
      args: ['run', '--silent', 'mock'],
      cwd: root,
      env: { MOCK_PORT: String(await freePort()) },
      ready: /Mock server ready at (http:\/\/\S+)/,
      readyTimeoutMs: 45_000,
    });
    url = mock.ready[1]!;
  });

  afterAll(async () => {
    await mock?.stop();
  });

  it('runs unchanged with the contract example credentials and sees the contract examples', async () => {
    const { client, wire, waits } = clientFor({ url }, MOCK);
    const lines: string[] = [];
    const result = await walkthrough(client, { log: (l) => lines.push(l) });

    expect(lines.map((l) => l.slice(0, 2)), mock.output()).toEqual(['1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.']);
    expect(wire.authentications()).toBe(1);
    expect(waits).toEqual([]);
    expect(result.token).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(result.entitlements.map((e) => e.series_id)).toEqual(['ser_3fz8w1rtnc', 'ser_7hx2k9qmbd', 'ser_9kd4p6vyja']);
    // The example page points at itself; the iterator stops instead of paging forever.
    expect([...result.catalog.keys()]).toEqual(['ser_3fz8w1rtnc', 'ser_9kd4p6vyja']);
    expect(wire.exchanges.filter((e) => e.path.startsWith('/api/partner/content/catalog'))).toHaveLength(2);
    expect(result.searchHits.map((h) => h.type)).toEqual(['series', 'episode']);
    expect(result.series.id).toBe('ser_7hx2k9qmbd');
    expect(result.episodes.map((e) => e.id)).toEqual(['ep_4mq8z2xkwt', 'ep_6rc1v8njpd']);
    expect(result.stream).toMatchObject({ episode_id: 'ep_4mq8z2xkwt', format: 'hls' });
    expect(result.usage.totals.requests).toBeGreaterThan(0);
  });

  it("reaches the contract's error examples with Prism's Prefer header, given as a call's headers", async () => {
    const { client } = clientFor({ url }, MOCK);
    await expect(client.series.get('ser_7hx2k9qmbd', { headers: { Prefer: 'code=404' } })).rejects.toMatchObject({ name: 'PartnerApiError', status: 404, code: 'not_found' });
    await expect(client.streams.resolve('ep_4mq8z2xkwt', {}, { headers: { Prefer: 'code=451' } })).rejects.toMatchObject({ status: 451, code: 'outside_availability_window' });
    // authenticate's documented refusals, as a partner's own code would meet them.
    for (const [status, code] of [[401, 'invalid_credentials'], [403, 'partner_disabled']] as const) {
      const res = await fetch(`${url}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: `code=${status}` }, body: JSON.stringify({ api_key: MOCK.apiKey, api_secret: MOCK.apiSecret }) });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([status, code]);
    }
    // Without the header the mock answers its 200 example, and the stream URL cache kept nothing of the above.
    expect((await client.streams.resolve('ep_4mq8z2xkwt')).episode_id).toBe('ep_4mq8z2xkwt');
  });

  it('npm run example walks through against the mock on MOCK_PORT and says what it did', async () => {
    const { code, stdout, stderr } = await example([], { MOCK_PORT: new URL(url).port });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`Partner walkthrough against ${url} (the mock`);
    for (const step of ['1. Authenticated', '2. Entitlements: 3', '3. Catalog: 2', '4. Search "lighthouse"', '5. Series ser_7hx2k9qmbd', '6. Episodes: 2', '7. Stream for ep_4mq8z2xkwt', '8. Usage']) {
      expect(stdout).toContain(step);
    }
    expect(stdout).toContain('Done:');
  });
});

describe('npm run example against other servers', () => {
  it('walks through a real server with --base-url, --api-key and --api-secret', async () => {
    const server = await startServer();
    const partner = await readerOfAll(server, ['ser_7hx2k9qmbd']);
    const { code, stdout, stderr } = await example(['--base-url', server.url, '--api-key', partner.apiKey, '--api-secret', partner.apiSecret]);
    expect(code, stderr).toBe(0);
    expect(stdout).not.toContain("the mock");
    expect(stdout).toMatch(/3\. Catalog: 36 readable series/);
    expect(stdout).toMatch(/7\. Stream for ep_\w+: hls manifest/);
  });

  it('takes its settings from the environment too, and explains an unreachable server', async () => {
    const port = await freePort();
    const { code, stderr } = await example([], { PARTNER_BASE_URL: `http://127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toContain(`Could not reach http://127.0.0.1:${port}`);
    expect(stderr).toContain('ECONNREFUSED');
  });
});
