/**
 * Where webhooks may go (docs/decisions/0116-webhook-outbound-safety.md): never to a private,
 * loopback, link-local (cloud metadata), CGNAT, multicast, documentation or reserved address, nor
 * to an IPv4-mapped or NAT64 IPv6 address (which could carry any of these), unless
 * WEBHOOK_ALLOW_PRIVATE=1 or the host is in WEBHOOK_ALLOWED_HOSTS. Checked at registration and again
 * at every connection, on the address the connection is made to (the lookup of every request is
 * this one), so a name that resolves elsewhere later (DNS rebinding) is refused then.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** True when address (a literal) is one webhooks may reach without the private allowance. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  // IPv4-mapped (::ffff:0:0/96) in any spelling, as the URL parser writes it: never reached, whatever
  // the IPv4 address (BlockList's own rule for it would match every IPv4 address too).
  if (new URL(`http://[${address}]/`).hostname.startsWith('[::ffff:')) return false;
  return !blocked.check(address, 'ipv6');
}

export interface AddressPolicy {
  allowPrivate: boolean;
  allowedHosts: string[];
}

/** The hosts the policy lets reach any address. */
export function hostAllowed(policy: AddressPolicy, host: string): boolean {
  return policy.allowPrivate || policy.allowedHosts.includes(host.toLowerCase());
}

/** Thrown (or passed to the connection) when a webhook URL or its address is refused. */
export class WebhookUrlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlRefused';
  }
}

/**
 * A dns lookup for http.request that resolves as usual, then refuses a host whose addresses are
 * not all public: the connection is made only to an address checked here.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = hostAllowed(policy, hostname) ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new WebhookUrlRefused(`${hostname} resolves to ${bad.address}, a private or reserved address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new WebhookUrlRefused(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves the URL's host as a connection would, refusing what guardedLookup would refuse. */
export async function checkAddress(policy: AddressPolicy, host: string): Promise<void> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare)) {
    if (!hostAllowed(policy, bare) && !isPublicAddress(bare)) throw new WebhookUrlRefused(`${bare} is a private or reserved address`);
    return;
  }
  await new Promise<void>((resolve, reject) =>
    guardedLookup(policy)(bare, { all: true }, (err) => (err ? reject(err instanceof WebhookUrlRefused ? err : new WebhookUrlRefused(`${bare} does not resolve`)) : resolve())),
  );
}

/** Checks a URL an endpoint is registered with: http(s), no credentials, a host that may be reached. */
export async function checkWebhookUrl(policy: AddressPolicy, raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused('not a URL');
  }
  if (raw.length > 2048) throw new WebhookUrlRefused('longer than 2048 characters');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && hostAllowed(policy, url.hostname.replace(/^\[|\]$/g, '')))) {
    throw new WebhookUrlRefused('must be an https URL');
  }
  if (url.username || url.password) throw new WebhookUrlRefused('must not carry a user name or password');
  await checkAddress(policy, url.hostname);
  return url;
}
