/**
 * Verifies a webhook the studio sent (Standard Webhooks, https://www.standardwebhooks.com/):
 * `webhook-signature` holds one or more `v1,<base64 HMAC-SHA256>` of
 * `${webhook-id}.${webhook-timestamp}.${raw body}` under the endpoint's secret (`whsec_` + base64
 * key); any one matching verifies (during a secret roll the studio signs with both keys). With
 * WebCrypto only: no dependency, in Node 22+, Deno, Bun, browsers and edge runtimes.
 */

export type WebhookVerificationCode = 'missing_headers' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'invalid_signature' | 'invalid_secret';

/** Why a webhook was refused: `code` is stable, branch on it. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, in seconds (default 300): older messages are refused as replays. */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch (default Date.now); tests inject it. */
  now?: () => number;
}

/** The verified message: the event id (`webhook-id`, to deduplicate: delivery is at least once), its type and payload. */
export interface VerifiedWebhook<T = unknown> {
  id: string;
  timestamp: number;
  type: string;
  data: T;
  /** The whole payload: `{ type, timestamp, data }`. */
  payload: { type: string; timestamp: string; data: T };
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Compares in time independent of where the first difference is (the length of an HMAC is no secret). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Verifies headers and rawBody (the body exactly as received, before any JSON parsing) against
 * secret; answers the parsed message, or throws WebhookVerificationError.
 */
export async function verifyWebhook<T = unknown>(headers: HeaderSource, rawBody: string | Uint8Array, secret: string, options: VerifyWebhookOptions = {}): Promise<VerifiedWebhook<T>> {
  const id = header(headers, 'webhook-id');
  const timestampText = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestampText || !signatures) throw new WebhookVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required');
  if (!/^\d{1,12}$/.test(timestampText)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not a Unix time in seconds');
  const timestamp = Number(timestampText);
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookVerificationError('timestamp_out_of_tolerance', `webhook-timestamp is more than ${tolerance} s from now`);
  let key: Uint8Array;
  try {
    key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  } catch {
    throw new WebhookVerificationError('invalid_secret', 'the secret is not whsec_ and base64');
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const cryptoKey = await crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(`${id}.${timestampText}.${body}`)));
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    try {
      return sameBytes(base64ToBytes(value), expected);
    } catch {
      return false;
    }
  });
  if (!matches) throw new WebhookVerificationError('invalid_signature', 'no signature of webhook-signature matches');
  const payload = JSON.parse(body) as VerifiedWebhook<T>['payload'];
  return { id, timestamp, type: payload.type, data: payload.data, payload };
}
