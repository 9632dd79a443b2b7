/** The real entry point (`npm start`: the compiled server under plain node) as a child process, the way the studio runs it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { start, stopAll } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { demoCredentials, ROOT, SERVER_ARGS, SERVER_COMMAND, startEntry } from '../helpers/entry.js';

const dirs: string[] = [];

afterEach(async () => {
  await stopAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pcas-entry-'));
  dirs.push(dir);
  return join(dir, 'catalog.db');
}

async function authenticate(base: string, apiKey: string, apiSecret: string): Promise<Response> {
  return fetch(`${base}/api/partner/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api_key: apiKey, api_secret: apiSecret }),
  });
}

describe('npm start', () => {
  it('seeds the demo catalog on first start and prints a demo partner whose first call works', async () => {
    const { child, base } = await startEntry({ DATABASE_URL: tempDb() });
    const { api_key, api_secret } = demoCredentials(child.output());
    const auth = await authenticate(base, api_key, api_secret);
    expect(auth.status).toBe(200);
    const { access_token } = (await auth.json()) as { access_token: string };
    const catalog = await fetch(`${base}/api/partner/content/catalog`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(catalog.status).toBe(200);
    expect(((await catalog.json()) as { items: unknown[] }).items.length).toBe(25);
    const docs = await fetch(`${base}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'none'");
    const stopped = await child.stop();
    expect(stopped).toMatchObject({ code: 0, killed: false });
  });

  it('refuses to start in production without signing keys, naming each missing variable', async () => {
    const child = await start({
      command: SERVER_COMMAND,
      args: SERVER_ARGS,
      cwd: ROOT,
      env: { NODE_ENV: 'production', PORT: '0', DATABASE_URL: tempDb(), JWT_SIGNING_KEYS: '', STREAM_SIGNING_KEYS: '', CURSOR_SIGNING_KEYS: '' },
      ready: /invalid configuration/,
      name: 'server',
    });
    const exit = await child.exited;
    expect(exit.code).toBe(1);
    expect(child.output()).toContain('JWT_SIGNING_KEYS is required');
    expect(child.output()).toContain('STREAM_SIGNING_KEYS is required');
    expect(child.output()).toContain('CURSOR_SIGNING_KEYS is required');
  });

  it('starts in production with keys generated as docs/operations.md shows, and serves no demo partner', async () => {
    const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
    const jwk = await crypto.subtle.exportKey('jwk', privateKey); // carries key_ops ["sign"] and ext
    const { child, base } = await startEntry({
      NODE_ENV: 'production',
      DATABASE_URL: tempDb(),
      JWT_SIGNING_KEYS: JSON.stringify([{ ...jwk, kid: '2026-11' }]),
      STREAM_SIGNING_KEYS: `cdn-2026-11=${Buffer.alloc(32, 9).toString('base64url')}`,
      CURSOR_SIGNING_KEYS: `cursors-2026-11=${Buffer.alloc(32, 8).toString('base64url')}`,
    });
    expect(child.output()).not.toMatch(/api_secret/);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('reports every malformed variable at once', async () => {
    const child = await start({
      command: SERVER_COMMAND,
      args: SERVER_ARGS,
      cwd: ROOT,
      env: {
        PORT: 'eighty',
        STREAM_URL_TTL_SECONDS: '5',
        JWT_SIGNING_KEYS: '{"kty":"oct"}',
        DATABASE_URL: tempDb(),
        // Well-formed lists that give one key id twice (a cursor or URL names its key by id).
        STREAM_SIGNING_KEYS: `k1=${Buffer.alloc(32, 1).toString('base64url')},k1=${Buffer.alloc(32, 2).toString('base64url')}`,
        CURSOR_SIGNING_KEYS: `c1=${Buffer.alloc(32, 3).toString('base64url')},c2=${Buffer.alloc(32, 4).toString('base64url')},c1=${Buffer.alloc(32, 5).toString('base64url')}`,
      },
      ready: /invalid configuration/,
      name: 'server',
    });
    expect((await child.exited).code).toBe(1);
    for (const name of ['PORT', 'STREAM_URL_TTL_SECONDS', 'JWT_SIGNING_KEYS', 'STREAM_SIGNING_KEYS', 'CURSOR_SIGNING_KEYS']) expect(child.output()).toContain(name);
    // The secrets themselves are never printed.
    expect(child.output()).not.toContain(Buffer.alloc(32, 1).toString('base64url'));
  });
});

describe('admin CLI against a running server', () => {
  it('a partner created, granted and regenerated with the CLI sees each change on its next request', async () => {
    const db = tempDb();
    const { base } = await startEntry({ DATABASE_URL: db });
    const admin = async (...args: string[]) => {
      const r = await runCli([...args, '--json'], { DATABASE_URL: db });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Record<string, string>;
    };
    const created = await admin('partner', 'create', '--name', 'Northwind Broadcasting');
    const auth = await authenticate(base, created.api_key!, created.api_secret!);
    const { access_token: oldToken } = (await auth.json()) as { access_token: string };
    const series = (path: string, token: string) => fetch(`${base}/api/partner/content/series/${path}`, { headers: { Authorization: `Bearer ${token}` } });

    // Asked twice, the catalog page is kept (server/partner-api/response-cache.ts): the grant, committed by another process, must still show at once.
    const catalog = async (token: string) =>
      ((await (await fetch(`${base}/api/partner/content/catalog`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { items: Array<{ id: string }> }).items.map((s) => s.id);
    expect(await catalog(oldToken)).toEqual([]);
    expect(await catalog(oldToken)).toEqual([]);
    expect((await series('ser_7hx2k9qmbd', oldToken)).status).toBe(403);
    await admin('partner', 'grant', created.partner_id!, 'ser_7hx2k9qmbd', 'read');
    expect((await series('ser_7hx2k9qmbd', oldToken)).status).toBe(200);
    expect(await catalog(oldToken)).toEqual(['ser_7hx2k9qmbd']);

    const regenerated = await admin('partner', 'regenerate-secret', created.partner_id!);
    expect(regenerated.api_secret).not.toBe(created.api_secret);
    expect((await series('ser_7hx2k9qmbd', oldToken)).status).toBe(401);
    expect((await authenticate(base, created.api_key!, created.api_secret!)).status).toBe(401);
    expect((await authenticate(base, created.api_key!, regenerated.api_secret!)).status).toBe(200);

    await admin('partner', 'disable', created.partner_id!);
    expect((await authenticate(base, created.api_key!, regenerated.api_secret!)).status).toBe(403);
    expect((await authenticate(base, created.api_key!, created.api_secret!)).status).toBe(401);
  });
});
