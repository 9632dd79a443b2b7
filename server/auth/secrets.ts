/**
 * Partner credentials. API secrets are stored only as scrypt hashes (a password-grade KDF built
 * into Node, so no native dependency) and compared in constant time. Secrets never enter logs.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
// N=2^15, r=8, p=1: 32 MiB per hash (its time: docs/performance.md#scrypt). OWASP's minimum is
// N=2^17 for passwords; API secrets carry 256 random bits, so brute force is not the threat a slow
// hash answers; failed authentications are limited per client address
// (docs/decisions/0014-authentication-abuse.md).
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 } as const;

function randomId(prefix: string, length: number): string {
  let id = prefix;
  for (let i = 0; i < length; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** A new partner id, `ptn_` and 10 characters of [0-9a-z]. */
export function generatePartnerId(): string {
  return randomId('ptn_', 10);
}

/** A new API key, `pk_` and 24 base64url characters (144 random bits). */
export function generateApiKey(): string {
  return 'pk_' + randomBytes(18).toString('base64url');
}

/** A new API secret, `sk_` and 43 base64url characters (256 random bits). */
export function generateApiSecret(): string {
  return 'sk_' + randomBytes(32).toString('base64url');
}

function scryptAsync(secret: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a secret as `scrypt$N$r$p$<salt>$<hash>` (base64url). */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, SCRYPT.keylen, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `secret` matches `stored` (from hashSecret); constant-time in the hash comparison. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scryptAsync(secret, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a random secret, for comparing against when the API key is unknown, so timing does not reveal which keys exist. */
export const DUMMY_SECRET_HASH_PROMISE: Promise<string> = hashSecret(generateApiSecret());
