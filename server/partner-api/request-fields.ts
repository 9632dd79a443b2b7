/**
 * What the partner API's steps hand to later ones, declared once, each with the step that sets it
 * (the shared steps' fields: server/http/request-fields.ts).
 */
import type { RateLimitInfo } from 'express-rate-limit';
import '../http/request-fields.js';
import type { EpisodeDoc, Grant, PartnerRecord } from '../store/index.js';

/** The caller, once known (server/partner-api/caller.ts). */
export interface AuthenticatedPartner {
  id: string;
  record: PartnerRecord;
  /** The credential version of what authenticated the request: the secret matched, or the one the token was issued from. */
  credentialVersion: number;
  /** The verified bearer token; absent on authenticate, where the partner proved its API secret. */
  token?: { issuedAt: number; expiresAt: number; jti: string };
}

declare global {
  namespace Express {
    interface Request {
      /**
       * The partner a bearer token names once its signature and claims verified, before its
       * state is read (server/partner-api/authenticate.ts): usage counting's partner for a
       * request the store could not answer (server/partner-api/count-usage.ts).
       */
      tokenPartnerId?: string;
      /** The caller: the partner behind the bearer token, or behind api_key and api_secret on authenticate (server/partner-api/caller.ts). */
      partner?: AuthenticatedPartner;
      /** This request's count in the limit of failed authentications of its address (server/partner-api/failed-authentications.ts). */
      failedAuthentications?: RateLimitInfo;
      /** The store's content version, read with the partner's state (server/partner-api/authenticate.ts). */
      contentVersion?: number;
      /** The caller's grants on the series the request is about (server/partner-api/require-grant.ts). */
      seriesGrants?: { seriesId: string; grants: Grant[] };
      /** The episode the request is about, as the grant check read it (server/partner-api/require-grant.ts). */
      episode?: EpisodeDoc;
    }
    interface Response {
      /** Set by resolveStream once a stream URL was issued, for usage counting (server/partner-api/count-usage.ts). */
      streamResolved?: boolean;
    }
  }
}
