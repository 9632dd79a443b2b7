/** Partner lifecycle shared by the admin CLI and the development seed. */
import { generateApiKey, generateApiSecret, generatePartnerId, hashSecret } from './auth/secrets.js';
import type { PartnerRecord, Store } from './store/types.js';

export interface NewPartner {
  partner: PartnerRecord;
  /** Shown once to the studio; only its hash is stored. */
  apiSecret: string;
}

/** Creates a partner with fresh credentials. */
export async function createPartner(store: Store, name: string, now: string): Promise<NewPartner> {
  const apiSecret = generateApiSecret();
  const partner = await store.createPartner({
    id: generatePartnerId(),
    name,
    apiKey: generateApiKey(),
    secretHash: await hashSecret(apiSecret),
    now,
  });
  return { partner, apiSecret };
}

/** Replaces a partner's secret; the old secret and every token issued before stop working at once. */
export async function regenerateSecret(store: Store, partnerId: string, now: string): Promise<NewPartner | undefined> {
  const apiSecret = generateApiSecret();
  const partner = await store.rotateSecret(partnerId, await hashSecret(apiSecret), now);
  return partner ? { partner, apiSecret } : undefined;
}
