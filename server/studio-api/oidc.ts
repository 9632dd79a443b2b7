/**
 * OpenID Connect sign-in with the studio's identity provider, as a relying party through
 * openid-client: authorization code flow with PKCE, state and nonce. `start` answers the
 * provider's authorization URL and keeps state, nonce and code verifier in a short-lived
 * HttpOnly, Secure, SameSite=Strict cookie; the dashboard page the provider returns the browser
 * to posts `code` and `state` back, and `complete` exchanges them, checking the ID token's
 * signature, issuer, audience, expiry and nonce (openid-client) against the server's injected
 * clock. The `email` claim (from the ID token, or from userinfo for the same subject) must be an
 * enabled operator's.
 */
import type { Request, Response } from 'express';
import * as client from 'openid-client';
import type { Clock } from '../platform/clock.js';
import type { OidcConfig } from '../config.js';
import { ApiError } from '../http/errors.js';
import type { OperatorRecord, Operators } from '../store/index.js';
import { cookieValue } from './session.js';

const STATE_COOKIE = 'studio_oidc';
const STATE_COOKIE_PATH = '/api/studio/session/oidc';

export interface OidcSignIn {
  /** Sets the state cookie and returns the provider's authorization URL. */
  start(res: Response): Promise<string>;
  /** The enabled operator the provider vouches for; 401 invalid_credentials otherwise. */
  complete(req: Request, res: Response, answer: { code: string; state: string; iss?: string | undefined }): Promise<OperatorRecord>;
}

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** Epoch ms of start. */
  at: number;
}

/** A plain-HTTP issuer is accepted only on the loopback interface (a provider a test or a developer runs). */
function loopback(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

const refused = (cause?: unknown) => new ApiError('invalid_credentials', 'The identity provider did not vouch for an enabled operator.', { cause });

export function oidcSignIn(config: OidcConfig, options: { store: Operators; clock: Clock; stateTtlMs: number }): OidcSignIn {
  const { store, clock, stateTtlMs } = options;
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
  const cookie = { httpOnly: true, secure: true, sameSite: 'strict', path: STATE_COOKIE_PATH } as const;
  return {
    async start(res) {
      const pending: PendingSignIn = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), at: clock.now() };
      const url = client.buildAuthorizationUrl(await discover(), {
        redirect_uri: config.redirectUri,
        scope: 'openid email',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      res.cookie(STATE_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), { ...cookie, maxAge: stateTtlMs });
      return url.href;
    },
    async complete(req, res, answer) {
      let pending: PendingSignIn;
      try {
        pending = JSON.parse(Buffer.from(cookieValue(req, STATE_COOKIE) ?? '', 'base64url').toString('utf8')) as PendingSignIn;
      } catch {
        throw refused();
      }
      res.clearCookie(STATE_COOKIE, cookie);
      if (typeof pending?.at !== 'number' || clock.now() - pending.at > stateTtlMs) throw refused();
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
      let email: unknown;
      try {
        const tokens = await client.authorizationCodeGrant(checking, callback, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        let claims: { sub?: string; email?: unknown; email_verified?: unknown } | undefined = tokens.claims();
        // A conforming provider may keep scope claims out of the ID token: then they come from userinfo, for the same subject.
        if (claims?.email === undefined && claims?.sub) claims = await client.fetchUserInfo(checking, tokens.access_token, claims.sub);
        email = claims?.email_verified === false ? undefined : claims?.email;
      } catch (err) {
        throw refused(err);
      }
      const operator = typeof email === 'string' ? await store.getOperatorByEmail(email.toLowerCase()) : undefined;
      if (!operator || operator.disabled) throw refused();
      return operator;
    },
  };
}
