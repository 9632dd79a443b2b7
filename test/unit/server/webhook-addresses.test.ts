import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress, WebhookUrlRefused } from '../../../server/webhooks/address-guard.js';
import { signatureHeader } from '../../../server/webhooks/signing.js';
import { verifyWebhook } from '../../../client/index.js';

// Each row: an address and whether webhooks may reach it without WEBHOOK_ALLOW_PRIVATE.
const addresses: Array<[string, boolean]> = [
  ['93.184.215.14', true],
  ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
  ['127.0.0.1', false],
  ['10.1.2.3', false],
  ['172.16.0.1', false],
  ['192.168.1.1', false],
  ['100.64.0.1', false], // CGNAT
  ['169.254.169.254', false], // cloud metadata (link-local)
  ['0.0.0.0', false],
  ['224.0.0.1', false], // multicast
  ['255.255.255.255', false],
  ['::1', false],
  ['::', false],
  ['::ffff:127.0.0.1', false], // IPv4-mapped
  ['::ffff:7f00:1', false],
  ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
  ['fd00:ec2::254', false], // unique local (AWS metadata over IPv6)
  ['fe80::1', false],
  ['ff02::1', false],
  ['not an address', false],
];

describe('webhook address guard', () => {
  it.each(addresses)('%s public: %s', (address, ok) => {
    expect(isPublicAddress(address)).toBe(ok);
  });

  const refuse = { allowPrivate: false, allowedHosts: [] };
  it.each([
    ['http://93.184.215.14/hook', 'must be an https URL'],
    ['https://127.0.0.1/hook', 'private'],
    ['https://[::ffff:10.0.0.1]/hook', 'private'],
    ['https://user:pw@93.184.215.14/hook', 'user name'],
    ['https://localhost/hook', 'private'],
    ['no url', 'not a URL'],
  ])('refuses %s by default', async (url, why) => {
    await expect(checkWebhookUrl(refuse, url)).rejects.toThrow(WebhookUrlRefused);
    await expect(checkWebhookUrl(refuse, url)).rejects.toThrow(why);
  });

  it('lets a private address through when configuration allows it, or its host is allowlisted', async () => {
    await expect(checkWebhookUrl({ allowPrivate: true, allowedHosts: [] }, 'http://127.0.0.1:8080/hook')).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl({ allowPrivate: false, allowedHosts: ['localhost'] }, 'http://localhost:8080/hook')).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl({ allowPrivate: false, allowedHosts: ['localhost'] }, 'https://127.0.0.1/hook')).rejects.toThrow(WebhookUrlRefused);
  });
});

describe('webhook signatures', () => {
  it('signs with every key, each verifiable by the client alone', async () => {
    const body = '{"type":"episode.added","timestamp":"2026-11-18T09:30:00.000Z","data":{}}';
    const header = signatureHeader(['a2V5LW9uZQ==', 'a2V5LXR3bw=='], 'evt_1', 1_795_000_000, body);
    expect(header.split(' ')).toHaveLength(2);
    for (const secret of ['whsec_a2V5LW9uZQ==', 'whsec_a2V5LXR3bw==']) {
      const h = { 'webhook-id': 'evt_1', 'webhook-timestamp': '1795000000', 'webhook-signature': header };
      await expect(verifyWebhook(h, body, secret, { now: () => 1_795_000_000_000 })).resolves.toMatchObject({ type: 'episode.added' });
    }
  });
});
