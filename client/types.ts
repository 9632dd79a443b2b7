/**
 * Names for the contract's types, taken from the generated openapi-typescript output so they can
 * never drift from openapi/: what partners import next to the client.
 */
import type { components, operations } from './generated/api.js';

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type AccessToken = Schemas['AccessToken'];
export type TokenStatus = Schemas['TokenStatus'];
export type Grant = Schemas['Grant'];
export type Genre = Schemas['Genre'];
export type Entitlement = Schemas['Entitlement'];
export type EntitlementList = Schemas['EntitlementList'];
export type SeriesSummary = Schemas['SeriesSummary'];
export type SeriesList = Schemas['SeriesList'];
export type ChangeEvent = Schemas['ChangeEvent'];
export type EventType = Schemas['EventType'];
export type ChangesPage = Schemas['ChangesPage'];
export type Series = Schemas['Series'];
export type Season = Schemas['Season'];
export type Episode = Schemas['Episode'];
export type EpisodeList = Schemas['EpisodeList'];
export type SearchHit = Schemas['SearchHit'];
export type SeriesHit = Schemas['SeriesHit'];
export type EpisodeHit = Schemas['EpisodeHit'];
export type SearchResults = Schemas['SearchResults'];
export type StreamFormat = Schemas['StreamFormat'];
export type StreamLocation = Schemas['StreamLocation'];
export type UsageReport = Schemas['UsageReport'];
export type UsageRow = Schemas['UsageRow'];
export type UsageGroupBy = Schemas['UsageGroupBy'];

export type EntitlementsQuery = Query<'listEntitlements'>;
export type CatalogQuery = Query<'getCatalog'>;
export type ChangesQuery = Query<'listChanges'>;
export type SearchQuery = Query<'searchCatalog'>;
export type EpisodesQuery = Query<'listEpisodes'>;
export type StreamQuery = Query<'resolveStream'>;
export type UsageQuery = Query<'getUsage'>;
export type WebhookDeliveriesQuery = Query<'listWebhookDeliveries'>;
