/**
 * Signing in to the console through the studio's identity provider, in Chromium: the real server
 * (`npm start`'s command) configured with a real OpenID Connect provider the test starts, whose
 * redirect URI is the console itself. The console trades the code for a session, the `__Host-`
 * cookie naming the sign-in travels with it, and the code leaves the address bar; an account whose
 * email the provider has not verified gets the problem, not a session; an operator with a second
 * factor is asked for its code after the provider, as after a password.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, start, type Child } from '../../scripts/lib/processes.js';
import { runCli } from '../helpers/cli.js';
import { ROOT, SERVER_ARGS, SERVER_COMMAND } from '../helpers/entry.js';
import { startProvider } from '../helpers/oidc-provider.js';
import { totpCode } from '../../server/auth/totp.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('the console and the identity provider', () => {
  it('signs an operator in through the provider, and shows an unverified account the problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pcas-console-oidc-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const studioPort = await freePort();
    const studioBase = `http://127.0.0.1:${studioPort}`;
    const idp = await startProvider({ redirectUri: `${studioBase}/` });
    const dbPath = join(dir, 'catalog.db');
    const server: Child = await start({
      command: SERVER_COMMAND,
      args: SERVER_ARGS,
      cwd: ROOT,
      env: {
        PORT: '0', STUDIO_PORT: String(studioPort), METRICS_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: dbPath,
        OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: idp.redirectUri,
      },
      ready: /Studio API listening on/,
      name: 'server',
    });
    cleanups.push(() => server.stop());
    const created = await runCli(['operator', 'create', '--email', 'ines@halcyon-studios.example', '--role', 'editor', '--json'], { DATABASE_URL: dbPath, USER: 'ci' });
    expect(created.code).toBe(0);
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'] });
    cleanups.push(() => browser.close());

    const signIn = async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.goto(`${studioBase}/`);
      await page.getByRole('button', { name: "Sign in with the studio's identity provider" }).click();
      return { context, page };
    };
    idp.account = 'ines@halcyon-studios.example';
    const { context, page } = await signIn();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Cookies are not told apart by port: the provider's, on the same 127.0.0.1, are left out.
    const studioCookies = async (c: typeof context) => (await c.cookies()).filter((cookie) => cookie.name.includes('studio')).map((cookie) => cookie.name);
    // The sign-in's cookie is gone with it; the session's stays.
    expect(await studioCookies(context)).toEqual(['__Host-studio_session']);

    idp.profiles.set('acct-unverified', { email: 'ines@halcyon-studios.example', email_verified: false });
    idp.account = 'acct-unverified';
    const refused = await signIn();
    await refused.page.getByText('Email Not Verified').waitFor();
    expect(new URL(refused.page.url()).search).toBe('');
    expect(await studioCookies(refused.context)).toEqual([]);

    // An operator with a second factor (enrolled over HTTP with its initial password) owes its code after the provider.
    const mfa = await runCli(['operator', 'create', '--email', 'theo@halcyon-studios.example', '--role', 'viewer', '--json'], { DATABASE_URL: dbPath, USER: 'ci' });
    const password = (JSON.parse(mfa.stdout) as { initial_password: string }).initial_password;
    const call = (path: string, body: unknown, session?: { cookie: string; csrf: string }) =>
      fetch(`${studioBase}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: studioBase, ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } : {}) }, body: JSON.stringify(body) });
    const own = await call('/api/studio/session', { email: 'theo@halcyon-studios.example', password });
    const session = { cookie: own.headers.get('set-cookie')!.split(';')[0]!, csrf: ((await own.json()) as { csrf_token: string }).csrf_token };
    const { secret } = (await (await call('/api/studio/account/totp', {}, session)).json()) as { secret: string };
    const confirmed = await call('/api/studio/account/totp/confirm', { code: totpCode(secret, Date.now()) }, session);
    const { recovery_codes: codes } = (await confirmed.json()) as { recovery_codes: string[] };
    idp.account = 'theo@halcyon-studios.example';
    const second = await signIn();
    await second.page.getByRole('form', { name: 'Second factor' }).waitFor();
    expect(await studioCookies(second.context)).toEqual(['__Host-studio_oidc']);
    await second.page.getByLabel('Code from your authenticator app, or a recovery code').fill(codes[0]!);
    await second.page.getByRole('button', { name: 'Sign in' }).click();
    await second.page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await studioCookies(second.context)).toEqual(['__Host-studio_session']);
  });
});
