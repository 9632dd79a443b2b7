/** What the middleware chain attaches to a request. */
import type { OperationPolicy } from '../contract.js';
import type { Grant, PartnerRecord } from '../store/types.js';

export interface AuthenticatedPartner {
  id: string;
  record: PartnerRecord;
  token: { issuedAt: number; expiresAt: number; jti: string };
}

declare global {
  namespace Express {
    interface Request {
      /** The request id (server/http/request-id.ts). */
      id: string;
      /** The contract operation addressed (server/http/operation.ts). */
      operation?: OperationPolicy;
      /** The partner behind the bearer token, or behind api_key on authenticate. */
      partner?: AuthenticatedPartner;
      /** The store's content version, read with the partner's state (server/http/authenticate.ts). */
      contentVersion?: number;
      /** The caller's grants on the series the request is about (server/http/grants.ts). */
      seriesGrants?: { seriesId: string; grants: Grant[] };
    }
  }
}
