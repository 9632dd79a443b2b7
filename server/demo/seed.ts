/**
 * First start on an empty store: the demo catalog, and outside production a demo partner whose
 * key and secret are returned once for printing, so a newcomer's first authenticated call takes a
 * minute. The demo partner's grants mirror the contract's examples: read and stream on most
 * series, read only on some (Paper Harbour among them), nothing on a few.
 */
import { createFirstPartner, type NewPartner } from '../services/partner-credentials.js';
import { demoCatalog } from './catalog.js';
import type { CatalogReads, CatalogWrites, Grant, PartnerReads, Provisioning } from '../store/index.js';

export interface SeedResult {
  seededCatalog: boolean;
  demoPartner: NewPartner | undefined;
}

const READ_ONLY = new Set(['ser_3fz8w1rtnc']);

/** Seeds an empty store; does nothing to a store that has a catalog or partners already. */
export async function seedIfEmpty(store: CatalogReads & CatalogWrites & PartnerReads & Provisioning, options: { production: boolean; now: string }): Promise<SeedResult> {
  let seededCatalog = false;
  if ((await store.countSeries()) === 0) {
    await store.importCatalog(demoCatalog(), options.now);
    seededCatalog = true;
  }
  let demoPartner: NewPartner | undefined;
  // Listing first spares every later start the secret's hashing; creating is atomic, so of
  // several instances starting together on a new database exactly one creates the partner.
  if (!options.production && (await store.listPartners()).length === 0) demoPartner = await createFirstPartner(store, 'Demo Partner', options.now);
  if (demoPartner) {
    const all = await store.listAllSeries({ limit: 100 });
    for (const [i, series] of all.items.entries()) {
      if (i % 7 === 6) continue; // a few series stay ungranted, to show 403
      const grants: Grant[] = READ_ONLY.has(series.id) || i % 5 === 4 ? ['read'] : ['read', 'stream'];
      await store.setGrants(demoPartner.partner.id, series.id, grants, options.now);
    }
  }
  return { seededCatalog, demoPartner };
}
