/**
 * The studio's second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads them) through the `otpauth` library, and single-use recovery codes.
 * Recovery codes carry 80 random bits and are stored only as SHA-256 salted with the operator's
 * id (docs/decisions/0104-operator-accounts.md): a stolen table yields no usable code, and a
 * code found for one operator says nothing of another's.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Halcyon Studios';
const PERIOD = 30;
/** Codes one step either side of now are accepted: clocks of phones drift. */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 symbols: no l, o, 0 or 1 to misread
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });
}

/** A new secret of 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URI an authenticator app reads (typed in or as a QR code). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step the code is valid for near nowMs, or undefined when it is not a current code of the secret. */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  const delta = totp(secret, '').validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** The code of the secret at nowMs (tests and the console's own checks use the library the same way). */
export function totpCode(secret: string, nowMs: number): string {
  return totp(secret, '').generate({ timestamp: nowMs });
}

/** Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx` (16 symbols of 32: 80 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 16; i++) code += (i > 0 && i % 4 === 0 ? '-' : '') + RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code;
  });
}

/** What is stored of a recovery code: any case, dashes optional, as typed. */
export function recoveryCodeHash(operatorId: string, code: string): string {
  const normalized = code.toLowerCase().replaceAll('-', '');
  return createHash('sha256').update(`${operatorId}:${normalized}`).digest('base64url');
}
