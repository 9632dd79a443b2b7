/** What the middleware chain attaches to a request. */
import type { RateLimitInfo } from 'express-rate-limit';
import type { OperationPolicy } from '../contract.js';
import type { Grant, PartnerRecord } from '../store/types.js';

export interface AuthenticatedPartner {
  id: string;
  record: PartnerRecord;
  /** The verified bearer token; absent on authenticate, where the partner proved its API secret. */
  token?: { issuedAt: number; expiresAt: number; jti: string };
}

declare global {
  namespace Express {
    interface Request {
      /** The request id (server/http/request-id.ts). */
      id: string;
      /** The contract operation addressed (server/http/operation.ts). */
      operation?: OperationPolicy;
      /** The partner behind the bearer token, or behind api_key and api_secret on authenticate (server/http/credentials.ts). */
      partner?: AuthenticatedPartner;
      /** This request's count in the limit of failed authentications of its address (server/http/failed-authentications.ts). */
      failedAuthentications?: RateLimitInfo;
      /** The store's content version, read with the partner's state (server/http/authenticate.ts). */
      contentVersion?: number;
      /** The caller's grants on the series the request is about (server/http/grants.ts). */
      seriesGrants?: { seriesId: string; grants: Grant[] };
    }
  }
}
