import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationCode } from '../../../client/index.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_c2VjcmV0LW9mLWFub3RoZXItZW5kcG9pbnQ=';
const ID = 'evt_2f1c8a7e5b3d4c9fa0e1d2c3b4a59687';
const TS = 1_795_000_000;
const BODY = '{"type":"series.withdrawn","timestamp":"2026-11-18T09:30:00.000Z","data":{"series_id":"ser_7hx2k9qmbd"}}';
const sign = (secret: string, id = ID, ts = TS, body = BODY) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${id}.${ts}.${body}`).digest('base64')}`;
const headers = (signature: string, over: Record<string, string> = {}) => ({ 'webhook-id': ID, 'webhook-timestamp': String(TS), 'webhook-signature': signature, ...over });
const at = (seconds: number) => () => seconds * 1000;

// Each row: the headers, the body and the clock, and the outcome: verified or the error's code.
const table: Array<[string, Record<string, string>, string, () => number, 'ok' | WebhookVerificationCode]> = [
  ['a valid signature', headers(sign(SECRET)), BODY, at(TS), 'ok'],
  ['one of several signatures (a roll signs with both keys)', headers(`${sign(OTHER)} ${sign(SECRET)}`), BODY, at(TS), 'ok'],
  ['a signature of another secret', headers(sign(OTHER)), BODY, at(TS), 'invalid_signature'],
  ['a body changed after signing', headers(sign(SECRET)), BODY.replace('7hx', '8hx'), at(TS), 'invalid_signature'],
  ['another event id', headers(sign(SECRET), { 'webhook-id': 'evt_other' }), BODY, at(TS), 'invalid_signature'],
  ['an unknown signature version', headers(sign(SECRET).replace('v1,', 'v2,')), BODY, at(TS), 'invalid_signature'],
  ['a signature that is not base64', headers('v1,@@@'), BODY, at(TS), 'invalid_signature'],
  ['a timestamp 5 minutes late: accepted', headers(sign(SECRET)), BODY, at(TS + 300), 'ok'],
  ['a timestamp over 5 minutes old', headers(sign(SECRET)), BODY, at(TS + 301), 'timestamp_out_of_tolerance'],
  ['a timestamp over 5 minutes ahead', headers(sign(SECRET)), BODY, at(TS - 301), 'timestamp_out_of_tolerance'],
  ['a timestamp that is not a number', headers(sign(SECRET), { 'webhook-timestamp': '17e8' }), BODY, at(TS), 'invalid_timestamp'],
  ['no signature header', { 'webhook-id': ID, 'webhook-timestamp': String(TS) }, BODY, at(TS), 'missing_headers'],
];

describe('verifyWebhook', () => {
  it.each(table)('%s', async (_name, h, body, now, outcome) => {
    const result = verifyWebhook(h, body, SECRET, { now });
    if (outcome === 'ok') {
      await expect(result).resolves.toMatchObject({ id: ID, timestamp: TS, type: 'series.withdrawn', data: { series_id: 'ser_7hx2k9qmbd' } });
    } else {
      await expect(result).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(result).rejects.toMatchObject({ code: outcome });
    }
  });

  it('reads Headers, mixed-case header names and a byte body alike', async () => {
    const upper = Object.fromEntries(Object.entries(headers(sign(SECRET))).map(([k, v]) => [k.toUpperCase(), v]));
    await expect(verifyWebhook(upper, new TextEncoder().encode(BODY), SECRET, { now: at(TS) })).resolves.toMatchObject({ id: ID });
    await expect(verifyWebhook(new Headers(headers(sign(SECRET))), BODY, SECRET, { now: at(TS) })).resolves.toMatchObject({ id: ID });
  });

  it("matches the Standard Webhooks specification's example", async () => {
    const spec = { 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
    await expect(verifyWebhook(spec, '{"test": 2432232314}', SECRET, { now: at(1614265330) }).then((v) => v.id)).resolves.toBe('msg_p5jXN8AQM9LWM0D4loKWxJek');
  });
});
