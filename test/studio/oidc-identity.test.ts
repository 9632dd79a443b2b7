/**
 * Who an identity provider's answer signs in, against a real provider the test starts: only an
 * account whose email the provider verified; the first sign-in binds the operator to the account
 * (`iss` + `sub`), which is matched afterwards whatever email it carries, and a second account with
 * the operator's email is refused. The sign-in's state lives on the server: forged, expired, replayed
 * or completed on another instance (PostgreSQL), and the ID token's nonce is always required.
 */
import { describe, expect, it } from 'vitest';
import { serverEngines, startServer, type EngineOptions, type TestServer } from '../helpers/server.js';
import { startProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { createOperator } from '../../server/services/operators.js';
import { runCli } from '../helpers/cli.js';
import { newOperator, operatorSession, studio } from '../helpers/studio.js';

const PATH = '/api/studio/session/oidc';
type Answer = { code: string; state: string; iss?: string };

async function withProvider(engine: EngineOptions = {}, env: Record<string, string> = {}): Promise<{ server: TestServer; idp: TestProvider }> {
  const idp = await startProvider();
  const server = await startServer({
    ...engine,
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: idp.redirectUri, ...env },
  });
  return { server, idp };
}

/** Starts a sign-in and lets the provider answer: the cookie naming it and the provider's answer, not yet posted. */
async function started(server: TestServer, idp: TestProvider): Promise<{ cookie: string; answer: Answer }> {
  const res = await studio(server, undefined, 'GET', PATH);
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const answer = await idp.authorize(((await res.json()) as { authorization_url: string }).authorization_url);
  return { cookie, answer };
}

const complete = (server: TestServer, cookie: string | undefined, answer: Answer) =>
  studio(server, undefined, 'POST', PATH, answer, cookie ? { headers: { Cookie: cookie } } : {});

async function signInAs(server: TestServer, idp: TestProvider, account: string): Promise<Response> {
  idp.account = account;
  const { cookie, answer } = await started(server, idp);
  return complete(server, cookie, answer);
}

const outcome = async (res: Response): Promise<[number, string]> => {
  const body = (await res.json()) as { code?: string; operator?: { email: string } };
  return [res.status, body.code ?? body.operator!.email];
};

describe.each(serverEngines())('OpenID Connect identity (%s)', (_name, engine) => {
  it.each([
    ['no email_verified', {}],
    ['email_verified: false', { email_verified: false }],
    ['email_verified: "true" (a string)', { email_verified: 'true' }],
  ])('refuses an account with %s, and binds nothing', async (_case, verified) => {
    const { server, idp } = await withProvider(engine);
    const operator = await newOperator(server, 'owner');
    idp.profiles.set('acct-unverified', { email: operator.email, ...verified });
    expect(await outcome(await signInAs(server, idp, 'acct-unverified'))).toEqual([403, 'email_not_verified']);
    // Nothing was bound: the operator's real account still signs in.
    idp.profiles.set('acct-real', { email: operator.email, email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-real'))).toEqual([200, operator.email]);
  });

  it('binds the operator to the first account, matches it afterwards, refuses a second account with the same email until unbound', async () => {
    const { server, idp } = await withProvider(engine);
    const operator = await newOperator(server, 'editor');
    idp.profiles.set('acct-1', { email: operator.email.toUpperCase(), email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-1'))).toEqual([200, operator.email]);
    // The same account under another email is still the same operator: matched by iss + sub, not by email.
    idp.profiles.set('acct-1', { email: 'renamed@elsewhere.example', email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-1'))).toEqual([200, operator.email]);
    idp.profiles.set('acct-2', { email: operator.email, email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-2'))).toEqual([409, 'identity_conflict']);
    // The owner's way out for a replaced account: unbind it; the next account the operator signs in with binds.
    const unbound = await runCli(['operator', 'unbind-identity', '--email', operator.email, '--json'], { DATABASE_URL: server.dbPath });
    expect([unbound.code, JSON.parse(unbound.stdout)]).toEqual([0, { operator_id: operator.operatorId, email: operator.email, removed: [{ issuer: idp.issuer, subject: 'acct-1' }] }]);
    expect(await outcome(await signInAs(server, idp, 'acct-2'))).toEqual([200, operator.email]);
    idp.profiles.set('acct-1', { email: operator.email, email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-1'))).toEqual([409, 'identity_conflict']);
    const owner = await operatorSession(server, 'owner');
    const audit = (await (await studio(server, owner, 'GET', `/api/studio/audit?limit=100`)).json()) as { items: Array<{ action: string; actor: string; target_id: string; before: unknown; after: unknown }> };
    const identityEntries = audit.items.filter((e) => e.action.startsWith('operator.identity_')).map((e) => [e.action, e.actor.split(':')[0], e.target_id, e.before, e.after]);
    expect(identityEntries.reverse()).toEqual([
      ['operator.identity_bind', 'operator', operator.operatorId, null, { issuer: idp.issuer, subject: 'acct-1' }],
      ['operator.identity_unbind', 'cli', operator.operatorId, { issuer: idp.issuer, subject: 'acct-1' }, null],
      ['operator.identity_bind', 'operator', operator.operatorId, null, { issuer: idp.issuer, subject: 'acct-2' }],
    ]);
    // A disabled operator's bound account is refused like any stranger.
    await server.store.transact((tx) => tx.updateOperator(operator.operatorId, { disabled: true }, new Date(server.clock.now()).toISOString()));
    expect(await outcome(await signInAs(server, idp, 'acct-2'))).toEqual([401, 'invalid_credentials']);
  });

  it('compares emails in ASCII case only, and refuses one longer than an operator\'s may be', async () => {
    const { server, idp } = await withProvider(engine);
    const now = new Date(server.clock.now()).toISOString();
    await createOperator({ store: server.store, actor: { kind: 'cli', user: 'test' }, now }, 'kate@halcyon-studios.example', 'owner', 'operator.create');
    // Full Unicode case mapping lower-cases the Kelvin sign (U+212A) to "k": that address is not Kate's.
    expect('\u212Aate@halcyon-studios.example'.toLowerCase()).toBe('kate@halcyon-studios.example');
    const lookalikes = [['acct-kelvin', '\u212Aate@halcyon-studios.example'], ['acct-long', `kate@halcyon-studios.example${'x'.repeat(300)}`]] as const;
    for (const [account, email] of lookalikes) {
      idp.profiles.set(account, { email, email_verified: true });
      expect([account, ...(await outcome(await signInAs(server, idp, account)))]).toEqual([account, 401, 'invalid_credentials']);
    }
    idp.profiles.set('acct-kate', { email: 'KATE@halcyon-studios.example', email_verified: true });
    expect(await outcome(await signInAs(server, idp, 'acct-kate'))).toEqual([200, 'kate@halcyon-studios.example']);
  });

  it('refuses a forged state, a state of another sign-in, an expired one and a replayed callback', async () => {
    const { server, idp } = await withProvider(engine);
    const operator = await newOperator(server, 'viewer');
    idp.account = operator.email;
    const first = await started(server, idp);
    // A cookie the server never set, a state the sign-in did not start with, no cookie at all.
    expect(await outcome(await complete(server, `__Host-studio_oidc=${'A'.repeat(43)}`, first.answer))).toEqual([401, 'oidc_state_invalid']);
    expect(await outcome(await complete(server, 'studio_oidc=eyJzdGF0ZSI6InkifQ', first.answer))).toEqual([401, 'oidc_state_invalid']);
    expect(await outcome(await complete(server, undefined, first.answer))).toEqual([401, 'oidc_state_invalid']);
    const second = await started(server, idp);
    expect(await outcome(await complete(server, second.cookie, { ...second.answer, state: first.answer.state }))).toEqual([401, 'oidc_state_invalid']);
    // The refused attempt ended that sign-in too: its own state now finds nothing.
    expect(await outcome(await complete(server, second.cookie, second.answer))).toEqual([401, 'oidc_state_invalid']);

    const late = await started(server, idp);
    await server.advance(server.runtime.studioContract.oidcStateTtlMs);
    expect(await outcome(await complete(server, late.cookie, late.answer))).toEqual([401, 'oidc_state_invalid']);

    const fresh = await started(server, idp);
    expect(await outcome(await complete(server, fresh.cookie, fresh.answer))).toEqual([200, operator.email]);
    expect(await outcome(await complete(server, fresh.cookie, fresh.answer))).toEqual([401, 'oidc_state_invalid']);
    // The code under another sign-in's state and cookie: that sign-in's PKCE verifier does not match the code's.
    const other = await started(server, idp);
    expect(await outcome(await complete(server, other.cookie, { ...fresh.answer, state: other.answer.state }))).toEqual([401, 'invalid_credentials']);
  });

  it.each([
    ['without a nonce', (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'nonce'))],
    ['with another nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'chosen-by-the-attacker' })],
  ])('refuses an ID token %s', async (_case, tamper) => {
    const { server, idp } = await withProvider(engine);
    idp.account = (await newOperator(server, 'owner')).email;
    idp.tamperIdToken = tamper;
    const { cookie, answer } = await started(server, idp);
    expect(await outcome(await complete(server, cookie, answer))).toEqual([401, 'invalid_credentials']);
  });
});

describe('OpenID Connect sign-in across instances', () => {
  const postgres = serverEngines().find(([, e]) => e.engine === 'postgres');
  it.skipIf(!postgres)('completes on another instance what one started, once (PostgreSQL)', async () => {
    const { server: a, idp } = await withProvider(postgres?.[1]);
    const b = await startServer({
      clock: a.clock,
      env: { DATABASE_URL: a.dbPath, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: idp.redirectUri },
    });
    const operator = await newOperator(a, 'viewer');
    idp.account = operator.email;
    const { cookie, answer } = await started(a, idp);
    expect(await outcome(await complete(b, cookie, answer))).toEqual([200, operator.email]);
    expect(await outcome(await complete(a, cookie, answer))).toEqual([401, 'oidc_state_invalid']);
  });
});

describe('OpenID Connect security events', () => {
  it('records every refusal as oidc.refusal with its reason, and the sign-in as sign_in.success, in the audit trail, the log and the metric', async () => {
    const { server, idp } = await withProvider();
    const owner = await operatorSession(server, 'owner');
    const operator = await newOperator(server, 'editor');
    idp.profiles.set('acct-unverified', { email: operator.email, email_verified: false });
    expect((await signInAs(server, idp, 'acct-unverified')).status).toBe(403);
    expect((await complete(server, `__Host-studio_oidc=${'A'.repeat(43)}`, { code: 'forged', state: 'forged' })).status).toBe(401);
    idp.profiles.set('acct-1', { email: operator.email, email_verified: true });
    expect((await signInAs(server, idp, 'acct-1')).status).toBe(200);
    idp.profiles.set('acct-2', { email: operator.email, email_verified: true });
    expect((await signInAs(server, idp, 'acct-2')).status).toBe(409);

    const res = await studio(server, owner, 'GET', '/api/studio/audit?kind=security&limit=100');
    const entries = ((await res.json()) as { items: Array<{ action: string; actor: string; target_id: string; address: string; after: Record<string, unknown> }> }).items;
    const oidc = entries.filter((e) => e.action.startsWith('oidc.') || (e.action === 'sign_in.success' && e.after.method === 'oidc')).reverse();
    expect(oidc.map((e) => [e.action, e.actor, e.target_id, e.after.reason ?? e.after.method, e.after.code ?? null])).toEqual([
      ['oidc.refusal', 'address:127.0.0.1', 'unknown', 'email_not_verified', 'email_not_verified'],
      ['oidc.refusal', 'address:127.0.0.1', 'unknown', 'state_invalid', 'oidc_state_invalid'],
      ['sign_in.success', `operator:${operator.operatorId}`, operator.operatorId, 'oidc', null],
      ['oidc.refusal', 'address:127.0.0.1', operator.operatorId, 'identity_conflict', 'identity_conflict'],
    ]);
    expect(oidc[0]!.after).toMatchObject({ email: operator.email, issuer: idp.issuer });
    // The 403 is the provider's refusal, not an operation's: no access.forbidden besides it.
    expect(entries.filter((e) => e.action === 'access.forbidden')).toEqual([]);
    const metric = await server.runtime.metrics.securityEvents.get();
    expect(metric.values.find((v) => v.labels.event === 'oidc.refusal')?.value).toBe(3);
    const lines = server.logs().split('\n').filter((l) => l.includes('"security_event":"oidc.refusal"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.reason, l.address, l.level])).toEqual([
      ['email_not_verified', '127.0.0.1', 40],
      ['state_invalid', '127.0.0.1', 40],
      ['identity_conflict', '127.0.0.1', 40],
    ]);
  });
});
