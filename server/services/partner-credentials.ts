/**
 * Partner credentials and the development seed's first partner. Changes made by people (the admin
 * CLI, the studio API) go through server/services/partners.ts, which also records them.
 */
import { generateApiKey, generateApiSecret, generatePartnerId, hashSecret } from '../auth/secrets.js';
import type { NewPartnerInput, PartnerRecord, Provisioning } from '../store/index.js';

export interface NewPartner {
  partner: PartnerRecord;
  /** Shown once to the studio; only its hash is stored. */
  apiSecret: string;
}

/** Fresh credentials for a new partner: its record's input, and the secret shown once. */
export async function freshCredentials(name: string, now: string): Promise<{ input: NewPartnerInput; apiSecret: string }> {
  const apiSecret = generateApiSecret();
  return { input: { id: generatePartnerId(), name, apiKey: generateApiKey(), secretHash: await hashSecret(apiSecret), now }, apiSecret };
}

/** Creates a partner with fresh credentials. */
export async function createPartner(store: Provisioning, name: string, now: string): Promise<NewPartner> {
  const { input, apiSecret } = await freshCredentials(name, now);
  return { partner: await store.createPartner(input), apiSecret };
}

/**
 * Creates a partner with fresh credentials only if the store has none yet, atomically: of several
 * instances starting together on one new database, exactly one creates it. Undefined otherwise.
 */
export async function createFirstPartner(store: Provisioning, name: string, now: string): Promise<NewPartner | undefined> {
  const { input, apiSecret } = await freshCredentials(name, now);
  const partner = await store.createFirstPartner(input);
  return partner && { partner, apiSecret };
}

/** Replaces a partner's secret; the old secret and every token issued before stop working at once. */
export async function regenerateSecret(store: Provisioning, partnerId: string, now: string): Promise<NewPartner | undefined> {
  const apiSecret = generateApiSecret();
  const partner = await store.rotateSecret(partnerId, await hashSecret(apiSecret), now);
  return partner ? { partner, apiSecret } : undefined;
}
