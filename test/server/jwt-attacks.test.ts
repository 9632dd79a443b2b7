import { createHmac } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { withLowS } from '../../server/auth/compact-jws.js';
import { bearer, newJwtKey, startServer, type TestServer } from '../helpers/server.js';

const ISS = 'https://partners.halcyon-studios.example';
const AUD = 'partner-catalog';

function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

interface Ctx {
  server: TestServer;
  token: string;
  partnerId: string;
  sign(claims: Record<string, unknown>, options?: { key?: JWK; omit?: string[] }): Promise<string>;
}

async function context(): Promise<Ctx> {
  const server = await startServer();
  const partner = await server.partner();
  const token = await server.token(partner);
  const now = Math.floor(server.clock.now() / 1000);
  return {
    server,
    token,
    partnerId: partner.id,
    async sign(claims, { key = server.jwtKeys[0]!, omit = [] } = {}) {
      const all: Record<string, unknown> = { iss: ISS, aud: AUD, sub: partner.id, iat: now, exp: now + 3600, jti: 'attack', cv: 1, ...claims };
      for (const k of omit) delete all[k];
      // With the low s of the signature pair, as the server issues them: only claims decide.
      return withLowS(await new SignJWT(all).setProtectedHeader({ alg: 'ES256', kid: key.kid!, typ: 'JWT' }).sign(await importJWK(key, 'ES256')));
    },
  };
}

/** The order of P-256: (r, s) and (r, n - s) are both valid signatures of the same message. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function withOtherSignature(token: string): string {
  const [hd, pl, sg] = token.split('.') as [string, string, string];
  const sig = Buffer.from(sg, 'base64url');
  const s = BigInt('0x' + sig.subarray(32).toString('hex'));
  const other = Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex');
  return `${hd}.${pl}.${Buffer.concat([sig.subarray(0, 32), other]).toString('base64url')}`;
}

/** A base64url character whose 4 low bits (unused at the end of a 64-byte signature) differ, decoding to the same bytes. */
function flipUnusedBits(last: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return alphabet[alphabet.indexOf(last) ^ 1]!;
}

const [h, p] = [0, 1];
const attacks: Array<[string, (c: Ctx) => Promise<string> | string]> = [
  ['alg none', (c) => `${b64({ alg: 'none', typ: 'JWT' })}.${c.token.split('.')[p]}.`],
  ['alg NONE (upper case)', (c) => `${b64({ alg: 'NONE', typ: 'JWT' })}.${c.token.split('.')[p]}.`],
  ['alg nOnE (mixed case)', (c) => `${b64({ alg: 'nOnE', typ: 'JWT' })}.${c.token.split('.')[p]}.`],
  [
    'HS256 signed with the public key',
    async (c) => {
      const { d: _d, ...pub } = c.server.jwtKeys[0]!;
      const header = b64({ alg: 'HS256', kid: pub.kid, typ: 'JWT' });
      const payload = c.token.split('.')[p];
      const sig = createHmac('sha256', JSON.stringify(pub)).update(`${header}.${payload}`).digest('base64url');
      return `${header}.${payload}.${sig}`;
    },
  ],
  [
    'an RS256 token',
    async (c) => {
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT({ sub: c.partnerId, cv: 1, jti: 'x' })
        .setProtectedHeader({ alg: 'RS256', kid: c.server.jwtKeys[0]!.kid!, typ: 'JWT' })
        .setIssuer(ISS).setAudience(AUD).setIssuedAt().setExpirationTime('1h')
        .sign(privateKey);
    },
  ],
  ['a tampered payload', (c) => { const parts = c.token.split('.'); const claims = JSON.parse(Buffer.from(parts[p]!, 'base64url').toString()); return `${parts[h]}.${b64({ ...claims, sub: 'ptn_0000000000' })}.${parts[2]}`; }],
  ['a stripped signature', (c) => c.token.split('.').slice(0, 2).join('.') + '.'],
  ['an altered signature', (c) => { const parts = c.token.split('.'); const sig = Buffer.from(parts[2]!, 'base64url'); sig[0]! ^= 1; return `${parts[0]}.${parts[1]}.${sig.toString('base64url')}`; }],
  ['a missing exp', (c) => c.sign({}, { omit: ['exp'] })],
  ['a missing iat', (c) => c.sign({}, { omit: ['iat'] })],
  ['an expired token', (c) => c.sign({ exp: Math.floor(c.server.clock.now() / 1000) - 10 })],
  ['a wrong issuer', (c) => c.sign({ iss: 'https://evil.example' })],
  ['a wrong audience', (c) => c.sign({ aud: 'another-api' })],
  ['a key the server does not know', async (c) => c.sign({}, { key: await newJwtKey('test-1') })],
  ['a token issued before a secret regeneration', async (c) => c.sign({ cv: 0 })],
  ['a token without a credential version', (c) => c.sign({}, { omit: ['cv'] })],
  ['a token for an unknown partner', (c) => c.sign({ sub: 'ptn_0000000000' })],
  ['not three segments', () => 'abc.def'],
  ['an iat in the future', (c) => c.sign({ iat: Math.floor(c.server.clock.now() / 1000) + 3600, exp: Math.floor(c.server.clock.now() / 1000) + 7200 })],
  ['a lifetime (exp - iat) a second over 24 hours', (c) => { const now = Math.floor(c.server.clock.now() / 1000); return c.sign({ iat: now, exp: now + 86_401 }); }],
  ['a lifetime of a year, issued a day ago', (c) => { const now = Math.floor(c.server.clock.now() / 1000); return c.sign({ iat: now - 86_400, exp: now + 365 * 86_400 }); }],
  ['an iat a minute in the future', (c) => c.sign({ iat: Math.floor(c.server.clock.now() / 1000) + 60 })],
  ['base64 padding appended to the signature', (c) => `${c.token}=`],
  ['two padding characters appended to the signature', (c) => `${c.token}==`],
  ['padding appended to the payload', (c) => { const [hd, pl, sg] = c.token.split('.'); return `${hd}.${pl}=.${sg}`; }],
  ['unused low bits set in the last signature character', (c) => `${c.token.slice(0, -1)}${flipUnusedBits(c.token.at(-1)!)}`],
  ['the other ECDSA signature of the same claims, (r, n - s)', (c) => withOtherSignature(c.token)],
];

describe('JWT attacks', () => {
  it.each(attacks)('%s answers 401 problem+json, never 500', async (_name, forge) => {
    const c = await context();
    const forged = await forge(c);
    for (const path of ['/api/partner/auth/verify', '/api/partner/content/catalog'] as const) {
      const res = await fetch(`${c.server.url}${path}`, { headers: bearer(forged) });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await res.json()) as { code: string }).code).toMatch(/^(unauthorized|token_expired|token_revoked)$/);
    }
  });

  it('the genuine token still works (the attacks are not refused for another reason)', async () => {
    const c = await context();
    const res = await fetch(`${c.server.url}/api/partner/auth/verify`, { headers: bearer(c.token) });
    expect(res.status).toBe(200);
    const own = await c.sign({});
    expect((await fetch(`${c.server.url}/api/partner/auth/verify`, { headers: bearer(own) })).status).toBe(200);
    // The longest lifetime accepted: exactly the 24 hours the server issues.
    const now = Math.floor(c.server.clock.now() / 1000);
    const fullDay = await c.sign({ iat: now, exp: now + 86_400 });
    expect((await fetch(`${c.server.url}/api/partner/auth/verify`, { headers: bearer(fullDay) })).status).toBe(200);
  });

  it('after a key rotation, signs with the new key and still accepts tokens of the previous one', async () => {
    const previous = await newJwtKey('2026-10');
    const current = await newJwtKey('2026-11');
    const server = await startServer({ jwtKeys: [current, previous] });
    const partner = await server.partner();
    const issued = await server.token(partner);
    expect(JSON.parse(Buffer.from(issued.split('.')[0]!, 'base64url').toString()).kid).toBe('2026-11');
    const now = Math.floor(server.clock.now() / 1000);
    const byPrevious = withLowS(await new SignJWT({ cv: 1 })
      .setProtectedHeader({ alg: 'ES256', kid: '2026-10', typ: 'JWT' })
      .setIssuer(ISS).setAudience(AUD).setSubject(partner.id).setIssuedAt(now).setExpirationTime(now + 3600).setJti('old')
      .sign(await importJWK(previous, 'ES256')));
    for (const token of [issued, byPrevious]) {
      expect((await fetch(`${server.url}/api/partner/auth/verify`, { headers: bearer(token) })).status).toBe(200);
    }
  });
});
