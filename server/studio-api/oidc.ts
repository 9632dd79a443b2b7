/**
 * OpenID Connect sign-in with the studio's identity provider, as a relying party through
 * openid-client: authorization code flow with PKCE, state and nonce. `start` keeps state, nonce
 * and code verifier in the store (so any instance can complete the sign-in) under the hash of a
 * random id it sets in a `__Host-` cookie, and answers the provider's authorization URL; the
 * dashboard page the provider returns the browser to posts `code` and `state` back, and
 * `complete` takes the sign-in out of the store (once: a replay finds nothing), checks its
 * lifetime and state against the server's clock, and exchanges the code, checking the ID token's
 * signature, issuer, audience, expiry and nonce (always expected) with openid-client.
 *
 * Identity: `email_verified` must be `true`. The first sign-in binds the enabled operator with the
 * email to the provider's account (`iss` + `sub`); afterwards that account is matched, whatever
 * email it carries, and another account carrying the operator's email is a collision, refused.
 *
 * Second factor: the provider's code is spent by the exchange, so an operator with a second factor
 * who sent no code gets a new pending sign-in (`awaitSecondFactor`, same cookie, same lifetime)
 * naming the vouched-for operator; the browser posts the same answer again with the code, and that
 * completion skips the exchange. Single use like any pending sign-in: a wrong code starts again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import * as client from 'openid-client';
import type { Clock } from '../platform/clock.js';
import type { OidcConfig } from '../config.js';
import { ApiError, type ProblemCode } from '../http/errors.js';
import { bindOperatorIdentity } from '../services/operator-identities.js';
import type { OidcSignIns, OperatorRecord, Operators, Transactions } from '../store/index.js';
import { cookieValue } from './session.js';

/** `__Host-`: Secure, Path=/ and no Domain, so no sibling host or plain-HTTP page can plant or overwrite it. */
export const OIDC_COOKIE = '__Host-studio_oidc';

export interface OidcSignIn {
  /** The identity provider's issuer (OIDC_ISSUER). */
  readonly issuer: string;
  /** Stores a sign-in in progress, sets its cookie and returns the provider's authorization URL. */
  start(res: Response): Promise<string>;
  /** The enabled operator the provider vouches for; a problem (401, 403, 409) otherwise. */
  complete(req: Request, res: Response, answer: { code: string; state: string; iss?: string | undefined }): Promise<OperatorRecord>;
  /** Keeps the vouched-for operator's sign-in pending until it sends its second factor with the same state. */
  awaitSecondFactor(res: Response, operator: OperatorRecord, state: string): Promise<void>;
}

/** Marks a pending sign-in whose identity is settled (in place of a PKCE verifier, which never has a colon). */
const SECOND_FACTOR = 'second-factor:';

/** Why a sign-in was refused: the security event's reason (services/security-events.ts). */
export type OidcRefusal = 'state_invalid' | 'token_invalid' | 'email_not_verified' | 'identity_conflict' | 'unknown_email' | 'disabled';

/** What a refusal knows of who tried: the operator concerned, or the email the provider named. */
export interface OidcRefusalFacts {
  operator?: { id: string; email: string } | undefined;
  email?: string | undefined;
  cause?: unknown;
}

/** A plain-HTTP issuer is accepted only on the loopback interface (a provider a test or a developer runs). */
function loopback(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/**
 * The email to look an operator up by: lower-cased in ASCII only, as full Unicode case mapping
 * would let another address stand for an operator's (the Kelvin sign lower-cases to `k`), and none
 * longer than an operator's may be (truncating one could make it another's).
 */
function asciiLowerEmail(email: unknown): string | undefined {
  return typeof email === 'string' && email.length <= 254 ? email.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()) : undefined;
}

const hashId = (id: string): string => createHash('sha256').update(id).digest('base64url');
const ID = /^[A-Za-z0-9_-]{43}$/;

/** A refused sign-in: its problem, and why and for whom (for the security events). */
export class OidcRefused extends ApiError {
  readonly operator: { id: string; email: string } | undefined;
  readonly email: string | undefined;
  constructor(
    readonly reason: OidcRefusal,
    facts: OidcRefusalFacts = {},
  ) {
    const [code, detail] = REFUSALS[reason];
    super(code, detail, { cause: facts.cause });
    this.operator = facts.operator && { id: facts.operator.id, email: facts.operator.email };
    this.email = facts.email;
  }
}

const NOT_VOUCHED: [ProblemCode, string] = ['invalid_credentials', 'The identity provider did not vouch for an enabled operator.'];
const REFUSALS: Record<OidcRefusal, [ProblemCode, string]> = {
  state_invalid: ['oidc_state_invalid', 'This sign-in was not started in this browser, has expired or was completed already; start again.'],
  token_invalid: NOT_VOUCHED,
  email_not_verified: ['email_not_verified', "The identity provider has not verified this account's email; verify it there, then sign in again."],
  identity_conflict: ['identity_conflict', 'The operator with this email signs in with another account of the identity provider; ask an owner.'],
  unknown_email: NOT_VOUCHED,
  disabled: NOT_VOUCHED,
};

interface Claims {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

export function oidcSignIn(config: OidcConfig, options: { store: Operators & OidcSignIns & Transactions; clock: Clock; stateTtlMs: number }): OidcSignIn {
  const { store, clock, stateTtlMs } = options;
  if (!store || !clock || !(stateTtlMs > 0)) throw new Error('oidcSignIn: store, clock and a positive stateTtlMs are required');
  const issuer = new URL(config.issuer);
  const insecure = loopback(issuer);
  let discovered: Promise<client.Configuration> | undefined;
  // Discovered on first use, so the server starts while the provider is down; a failed discovery is tried again next time.
  const discover = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(issuer, config.clientId, config.clientSecret, undefined, insecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        discovered = undefined;
        throw new ApiError('service_unavailable', 'The identity provider cannot be reached; retry shortly.', { headers: { 'Retry-After': '5' }, cause: err });
      });
    return discovered;
  };
  const cookie = { httpOnly: true, secure: true, sameSite: 'strict', path: '/' } as const;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** Exchanges the code; the ID token's claims, with email from userinfo for the same subject when the ID token has none. */
  async function exchange(pending: { state: string; nonce: string; verifier: string }, answer: { code: string; state: string; iss?: string | undefined }): Promise<Claims> {
    const discoveredConfig = await discover();
    // The server's clock decides whether the ID token has expired, like every other expiry.
    const checking = new client.Configuration(discoveredConfig.serverMetadata(), config.clientId, {
      client_secret: config.clientSecret,
      [client.clockSkew]: Math.round((clock.now() - Date.now()) / 1000),
    });
    if (insecure) client.allowInsecureRequests(checking);
    const callback = new URL(config.redirectUri);
    callback.searchParams.set('code', answer.code);
    callback.searchParams.set('state', answer.state);
    // RFC 9207: a provider that names itself in its answer is checked against the issuer.
    if (answer.iss !== undefined) callback.searchParams.set('iss', answer.iss);
    try {
      const tokens = await client.authorizationCodeGrant(checking, callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || claims.nonce !== pending.nonce) throw new Error('the ID token carries no nonce, or another');
      if (claims.email !== undefined) return claims;
      // A conforming provider may keep scope claims out of the ID token: then they come from userinfo, for the same subject.
      const info = await client.fetchUserInfo(checking, tokens.access_token, claims.sub);
      return { iss: claims.iss, sub: claims.sub, email: info.email, email_verified: info.email_verified };
    } catch (err) {
      throw new OidcRefused('token_invalid', { cause: err });
    }
  }

  return {
    issuer: config.issuer,
    async awaitSecondFactor(res, operator, state) {
      const id = randomBytes(32).toString('base64url');
      const now = clock.now();
      const pending = { idHash: hashId(id), state, nonce: client.randomNonce(), verifier: SECOND_FACTOR + operator.id, createdAt: iso(now), expiresAt: iso(now + stateTtlMs) };
      await store.savePendingSignIn(pending, iso(now));
      res.cookie(OIDC_COOKIE, id, { ...cookie, maxAge: stateTtlMs });
    },
    async start(res) {
      const id = randomBytes(32).toString('base64url');
      const now = clock.now();
      const pending = { idHash: hashId(id), state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), createdAt: iso(now), expiresAt: iso(now + stateTtlMs) };
      const url = client.buildAuthorizationUrl(await discover(), {
        redirect_uri: config.redirectUri,
        scope: 'openid email',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      await store.savePendingSignIn(pending, iso(now));
      res.cookie(OIDC_COOKIE, id, { ...cookie, maxAge: stateTtlMs });
      return url.href;
    },
    async complete(req, res, answer) {
      // Whatever the outcome, this sign-in is over: the cookie goes, and the store's record with it.
      res.clearCookie(OIDC_COOKIE, cookie);
      const id = cookieValue(req, OIDC_COOKIE);
      const pending = id !== undefined && ID.test(id) ? await store.takePendingSignIn(hashId(id)) : undefined;
      if (!pending || Date.parse(pending.expiresAt) <= clock.now() || pending.state !== answer.state) throw new OidcRefused('state_invalid');
      if (pending.verifier.startsWith(SECOND_FACTOR)) {
        const vouched = await store.getOperator(pending.verifier.slice(SECOND_FACTOR.length));
        if (!vouched || vouched.disabled) throw new OidcRefused('disabled', { operator: vouched });
        return vouched;
      }
      const claims = await exchange(pending, answer);
      const email = asciiLowerEmail(claims.email);
      if (claims.email_verified !== true) throw new OidcRefused('email_not_verified', { email });
      if (email === undefined) throw new OidcRefused('unknown_email');
      const bound = await store.getOperatorByIdentity(claims.iss, claims.sub);
      if (bound) {
        if (bound.disabled) throw new OidcRefused('disabled', { operator: bound });
        return bound;
      }
      const operator = await store.getOperatorByEmail(email);
      if (!operator) throw new OidcRefused('unknown_email', { email });
      if (operator.disabled) throw new OidcRefused('disabled', { operator });
      const actor = { kind: 'operator', id: operator.id, email: operator.email } as const;
      const binding = await bindOperatorIdentity({ store, actor, now: iso(clock.now()) }, operator, { issuer: claims.iss, subject: claims.sub });
      if (binding?.subject !== claims.sub) throw new OidcRefused('identity_conflict', { operator });
      return operator;
    },
  };
}
