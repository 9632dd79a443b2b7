/**
 * The one serialization of a token: only the exact compact JWS the server issues verifies.
 * Decoders accept other strings for the same signed bytes (base64 padding, set unused bits in a
 * segment's last character), and ECDSA accepts a second signature for the same message: with
 * (r, s) valid, so is (r, n - s). Each would give one token several spellings, which a cache
 * keyed by the token string, a revocation list or a log search would tell apart. So tokens are
 * issued with the low s of the pair and verification accepts only segments in canonical
 * base64url and a low s.
 */

/** The order n of the P-256 group. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = P256_N >> 1n;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const ES256_SIGNATURE_BYTES = 64;

function sOf(signature: Buffer): bigint {
  return BigInt('0x' + signature.subarray(32).toString('hex'));
}

/** The token with its ES256 signature's s replaced by n - s when s is the high one of the pair. */
export function withLowS(token: string): string {
  const [header, payload, sig] = token.split('.') as [string, string, string];
  const signature = Buffer.from(sig, 'base64url');
  const s = sOf(signature);
  if (s <= HALF_N) return token;
  const low = Buffer.from((P256_N - s).toString(16).padStart(64, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), low]).toString('base64url')}`;
}

/** True when the token is three canonical base64url segments whose ES256 signature has a low s. */
export function isCanonicalCompact(token: string): boolean {
  const segments = token.split('.');
  if (segments.length !== 3) return false;
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || Buffer.from(segment, 'base64url').toString('base64url') !== segment) return false;
  }
  const signature = Buffer.from(segments[2]!, 'base64url');
  return signature.length === ES256_SIGNATURE_BYTES && sOf(signature) <= HALF_N;
}
