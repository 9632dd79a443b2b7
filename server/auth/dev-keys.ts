/**
 * Development signing keys. Outside production, when no keys are configured, the first start
 * generates them and keeps them in the store's settings, so tokens, stream URLs and page cursors
 * survive a restart and every instance on the same database agrees. Production refuses to start
 * without configured keys (server/config.ts).
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { SecretKey, Settings } from '../store/index.js';
import type { StreamKey } from '../streaming/signer.js';

/** The stored development JWT key, generated on first use. */
export async function devJwtKeys(store: Settings): Promise<JWK[]> {
  const existing = await store.getSetting('dev_jwt_signing_key');
  if (existing) return [JSON.parse(existing) as JWK];
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'dev-1' };
  return [JSON.parse(await store.setSettingIfAbsent('dev_jwt_signing_key', JSON.stringify(jwk))) as JWK];
}

/** The stored development stream-signing key, generated on first use. */
export async function devStreamKeys(store: Settings): Promise<StreamKey[]> {
  const secret = await store.setSettingIfAbsent('dev_stream_signing_key', randomBytes(32).toString('base64url'));
  return [{ id: 'dev-1', secret: Buffer.from(secret, 'base64url') }];
}

/** The stored development key page cursors are signed with, generated on first use. */
export async function devCursorKeys(store: Settings): Promise<SecretKey[]> {
  const secret = await store.setSettingIfAbsent('dev_cursor_signing_key', randomBytes(32).toString('base64url'));
  return [{ id: 'dev-1', secret: Buffer.from(secret, 'base64url') }];
}
