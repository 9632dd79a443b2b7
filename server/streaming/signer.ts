/**
 * Signed stream URLs. A URL names the episode's manifest on the studio's CDN and carries the
 * partner, the expiry and the key id, signed with HMAC-SHA256 over all of them, so a leaked URL
 * can be traced to its partner and cannot be altered or extended. Several keys verify (looked up
 * by `kid`), the first signs: keys rotate without breaking URLs already handed out.
 * `verifyStreamUrl` is what the CDN edge runs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

export type StreamFormat = 'hls' | 'dash';

export interface StreamKey {
  id: string;
  secret: Buffer;
}

export interface StreamSignerConfig {
  /** https origin (and optional path prefix) of the CDN, e.g. https://cdn.halcyon-studios.example */
  baseUrl: string;
  /** First signs; all verify. */
  keys: StreamKey[];
  /** URL lifetime, 60 to 86400 seconds. */
  ttlSeconds: number;
  clock: Clock;
}

export interface SignedStream {
  url: string;
  expiresAt: number;
}

export type StreamVerification =
  | { ok: true; partnerId: string; episodeId: string; format: StreamFormat; expiresAt: number; keyId: string }
  | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' | 'expired' };

export interface StreamSigner {
  readonly ttlSeconds: number;
  sign(input: { episodeId: string; format: StreamFormat; partnerId: string }): SignedStream;
  verify(url: string): StreamVerification;
}

const MANIFEST: Record<StreamFormat, string> = { hls: 'master.m3u8', dash: 'manifest.mpd' };
const PATH = /\/v1\/episodes\/(ep_[0-9a-z]{10})\/(master\.m3u8|manifest\.mpd)$/;

function mac(secret: Buffer, path: string, partnerId: string, exp: number, kid: string): Buffer {
  return createHmac('sha256', secret).update(`${path}\n${partnerId}\n${exp}\n${kid}`).digest();
}

/** Verifies a signed stream URL with the given keys at `nowMs`; for the CDN edge and `admin stream verify`. */
export function verifyStreamUrl(url: string, keys: StreamKey[], nowMs: number): StreamVerification {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const p = parsed.searchParams;
  const partnerId = p.get('partner');
  const expText = p.get('exp');
  const kid = p.get('kid');
  const sig = p.get('sig');
  const match = PATH.exec(parsed.pathname);
  if (!match || !partnerId || !expText || !/^\d{1,12}$/.test(expText) || !kid || !sig) return { ok: false, reason: 'malformed' };
  const key = keys.find((k) => k.id === kid);
  if (!key) return { ok: false, reason: 'unknown_key' };
  const exp = Number(expText);
  const expected = mac(key.secret, parsed.pathname, partnerId, exp, kid);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  const format: StreamFormat = match[2] === MANIFEST.hls ? 'hls' : 'dash';
  return { ok: true, partnerId, episodeId: match[1]!, format, expiresAt: exp, keyId: kid };
}

/** Builds the signer; throws at start on an unusable configuration. */
export function createStreamSigner(config: StreamSignerConfig): StreamSigner {
  const base = new URL(config.baseUrl);
  if (base.protocol !== 'https:') throw new Error('streams: the CDN base URL must be https');
  if (config.keys.length === 0) throw new Error('streams: at least one signing key is required');
  if (!(config.ttlSeconds >= 60 && config.ttlSeconds <= 86_400)) throw new Error('streams: the URL lifetime must be 60 to 86400 seconds');
  const prefix = base.pathname.replace(/\/+$/, '');
  const signing = config.keys[0]!;
  return {
    ttlSeconds: config.ttlSeconds,
    sign({ episodeId, format, partnerId }) {
      const exp = Math.floor(config.clock.now() / 1000) + config.ttlSeconds;
      const path = `${prefix}/v1/episodes/${episodeId}/${MANIFEST[format]}`;
      const sig = mac(signing.secret, path, partnerId, exp, signing.id).toString('base64url');
      const url = new URL(path, base.origin);
      url.search = new URLSearchParams({ partner: partnerId, exp: String(exp), kid: signing.id, sig }).toString();
      return { url: url.toString(), expiresAt: exp };
    },
    verify(url) {
      return verifyStreamUrl(url, config.keys, config.clock.now());
    },
  };
}
