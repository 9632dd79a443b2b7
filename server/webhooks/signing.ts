/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/): `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` under the base64-decoded secret; one per key, space
 * separated, so a receiver that knows either key of a roll verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A fresh signing key, base64 (24 random bytes, as Standard Webhooks' libraries make them). */
export function newSigningKey(): string {
  return randomBytes(24).toString('base64');
}

/** The `webhook-signature` header for a message signed with each of keys (base64). */
export function signatureHeader(keys: string[], id: string, timestamp: number, body: string): string {
  return keys.map((key) => `v1,${createHmac('sha256', Buffer.from(key, 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}

/** The payload Standard Webhooks describes: type, timestamp and the event as the partner sees it. */
export function payload(type: string, occurredAt: string, data: string): string {
  return `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(occurredAt)},"data":${data}}`;
}
