/**
 * A real OpenID Connect provider for tests (the oidc-provider package), on 127.0.0.1 and a port of
 * its own: one confidential client, accounts (their `sub`) named by email unless `profiles` gives
 * one its own claims, and an interaction step that signs in `account` at once. `tamperIdToken` rewrites the claims of the next ID tokens it issues
 * (signed with its own key) to test the relying party's checks. Closed after each test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
// oidc-provider ships no type declarations; the test uses a small part of it.
// @ts-expect-error -- untyped module
import Provider from 'oidc-provider';
import { afterEach } from 'vitest';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The account (its `sub`) the next sign-in is for. */
  account: string;
  /** Accounts' email claims; an account not listed has `email` its id and `email_verified: true`. */
  profiles: Map<string, { email?: string; email_verified?: unknown }>;
  /** Rewrites the claims of every ID token issued from now on (undefined: issue them as they are). */
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;
  /** Drives the browser's part: from the authorization URL to the redirect URI's code and state. */
  authorize(authorizationUrl: string): Promise<{ code: string; state: string; iss?: string }>;
}

const running = new Set<Server>();
afterEach(async () => {
  await Promise.all([...running].map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
  running.clear();
});

/** Starts a provider; `redirectUri` is where it may send the browser back (a placeholder unless a test serves it). */
export async function startProvider(options: { redirectUri?: string } = {}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-idp', alg: 'RS256', use: 'sig' };
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  running.add(server);
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const test: TestProvider = {
    issuer,
    clientId: 'studio-dashboard',
    clientSecret: 'test-client-secret-0123456789abcdef',
    redirectUri: options.redirectUri ?? 'http://127.0.0.1:3001/signed-in',
    account: '',
    profiles: new Map(),
    tamperIdToken: undefined,
    authorize: async (url) => follow(url, issuer),
  };
  const provider = new Provider(issuer, {
    clients: [{ client_id: test.clientId, client_secret: test.clientSecret, redirect_uris: [test.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, ...(test.profiles.get(id) ?? { email: id, email_verified: true }) }) }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { IdToken: 3600, AccessToken: 3600, Grant: 3600, Interaction: 600, Session: 3600 },
  });
  const signingKey = await importJWK(jwk, 'RS256');
  provider.use(async (ctx: any, next: () => Promise<void>) => {
    if (ctx.path.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      const grant = new provider.Grant({ accountId: test.account, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: test.account }, consent: { grantId } }, { mergeWithLastSubmission: false }));
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && test.tamperIdToken && body?.id_token) {
      const header = decodeProtectedHeader(body.id_token);
      body.id_token = await new SignJWT(test.tamperIdToken(decodeJwt(body.id_token)) as never).setProtectedHeader({ alg: 'RS256', kid: header.kid! }).sign(signingKey);
    }
  });
  server.on('request', provider.callback());
  return test;
}

/** Follows the provider's redirects with a cookie jar until it sends the browser away; that URL's code and state. */
async function follow(url: string, issuer: string): Promise<{ code: string; state: string; iss?: string }> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 10 && next.origin === issuer; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next);
  }
  const code = next.searchParams.get('code');
  const state = next.searchParams.get('state');
  if (!code || !state) throw new Error(`the provider returned no code: ${next.href}`);
  const iss = next.searchParams.get('iss');
  return { code, state, ...(iss ? { iss } : {}) };
}
