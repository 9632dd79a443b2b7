/**
 * Access tokens: ES256-signed JWTs (RFC 8725 practices). The algorithm, issuer and audience are
 * pinned; `exp`, `iat`, `sub` and `jti` are required, `iat` may not lie in the future (beyond
 * a few seconds of clock skew between instances), and the lifetime (`exp - iat`) may not exceed
 * the 24 hours the server issues. Only the exact compact serialization the server
 * issues verifies (auth/compact-jws.ts). Several keys verify (looked up by `kid`),
 * the first signs, so a key can be rotated while tokens signed by the previous one live out their
 * 24 hours. Revocation is not decided here: tokens carry the partner's credential version (`cv`),
 * which the bearer middleware compares with the store on every request.
 */
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import type { Clock } from '../platform/clock.js';
import { ApiError } from '../http/errors.js';
import { isCanonicalCompact, withLowS } from './compact-jws.js';

export const TOKEN_TTL_SECONDS = 86_400;
/**
 * How far in the future an `iat` may lie: instances' clocks differ by milliseconds under NTP,
 * and `iat` is floored to the second, so a token issued by one instance can look a second
 * early to another.
 */
const ISSUED_AT_LEEWAY_SECONDS = 5;
/** Verified tokens remembered per process (a token is about 600 bytes): partners reuse theirs for a day. */
const VERIFIED_CACHE = 10_000;
export const TOKEN_ALGORITHM = 'ES256';

export interface TokenConfig {
  /** Private JWKs (EC P-256), each with a `kid`; the first signs, all verify. */
  keys: JWK[];
  issuer: string;
  audience: string;
  clock: Clock;
}

export interface IssuedToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

export interface VerifiedToken {
  partnerId: string;
  credentialVersion: number;
  issuedAt: number;
  expiresAt: number;
  jti: string;
}

export interface TokenService {
  issue(partnerId: string, credentialVersion: number): Promise<IssuedToken>;
  /** Verifies signature and claims; throws ApiError 401 (token_expired or unauthorized) otherwise. */
  verify(token: string): Promise<VerifiedToken>;
}

/** Builds the token service; throws at start when a key is unusable, never at request time. */
export async function createTokenService(config: TokenConfig): Promise<TokenService> {
  if (config.keys.length === 0) throw new Error('tokens: at least one signing key is required');
  const verifyKeys = new Map<string, CryptoKey>();
  for (const jwk of config.keys) {
    if (!jwk.kid) throw new Error('tokens: every signing key needs a kid');
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error(`tokens: key ${jwk.kid} must be a private EC P-256 JWK`);
    // Only the curve point: exported JWKs may carry key_ops ["sign"], which a verifying key must not have.
    const publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, alg: TOKEN_ALGORITHM };
    verifyKeys.set(jwk.kid, (await importJWK(publicJwk, TOKEN_ALGORITHM)) as CryptoKey);
  }
  const signingJwk = config.keys[0]!;
  const signingKid = signingJwk.kid!;
  const { kty, crv, x, y, d } = signingJwk;
  const signingKey = await importJWK({ kty, crv, x, y, d, alg: TOKEN_ALGORITHM }, TOKEN_ALGORITHM);
  /** Tokens verified so far, in insertion order (the oldest is dropped first past VERIFIED_CACHE). */
  const verified = new Map<string, VerifiedToken>();

  return {
    async issue(partnerId, credentialVersion) {
      const issuedAt = Math.floor(config.clock.now() / 1000);
      const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ cv: credentialVersion })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: signingKid, typ: 'JWT' })
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setSubject(partnerId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(randomUUID())
        .sign(signingKey);
      return { token: withLowS(token), issuedAt, expiresAt };
    },

    async verify(token) {
      // A token that verified once verifies the same way until it expires: its signature and
      // claims cannot change. Only the expiry is checked again; revocation (credential version,
      // disabled partner) is not decided here and stays a store read on every request.
      const cached = verified.get(token);
      if (cached) {
        if (config.clock.now() < cached.expiresAt * 1000) return cached;
        verified.delete(token);
      }
      const result = await verifyUncached(token);
      if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
      verified.set(token, result);
      return result;
    },
  };

  async function verifyUncached(token: string): Promise<VerifiedToken> {
    if (!isCanonicalCompact(token)) throw new ApiError('unauthorized', 'The access token is invalid.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid === undefined ? undefined : verifyKeys.get(header.kid);
          if (!key) throw new joseErrors.JWSSignatureVerificationFailed('unknown key id');
          return key;
        },
        {
          algorithms: [TOKEN_ALGORITHM],
          issuer: config.issuer,
          audience: config.audience,
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
          currentDate: new Date(config.clock.now()),
          typ: 'JWT',
        },
      ));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw new ApiError('token_expired', 'The access token has expired; authenticate again for a new one.');
      }
      // Anything else (bad signature, wrong alg, claims, malformed) is one answer: do not help an attacker probe.
      throw new ApiError('unauthorized', 'The access token is invalid.');
    }
    const { sub, iat, exp, jti, cv } = payload;
    if (typeof cv !== 'number' || !Number.isInteger(cv) || typeof sub !== 'string' || typeof jti !== 'string') {
      throw new ApiError('unauthorized', 'The access token is invalid.');
    }
    if (iat! > config.clock.now() / 1000 + ISSUED_AT_LEEWAY_SECONDS) throw new ApiError('unauthorized', 'The access token is invalid.');
    // The server never issues a longer lifetime: a token claiming one was not made by it as it is
    // now (a signing key misused elsewhere), and must not outlive the 24 hours partners are told.
    if (exp! - iat! > TOKEN_TTL_SECONDS) throw new ApiError('unauthorized', 'The access token is invalid.');
    return Object.freeze({ partnerId: sub, credentialVersion: cv, issuedAt: iat!, expiresAt: exp!, jti });
  }
}
