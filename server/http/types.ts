/**
 * Everything one step of the request chain hands to a later one, declared once: the fields the
 * chain sets on a request (and the one a handler sets on its response), each with the step that
 * sets it. Steps and handlers read these, never untyped `res.locals` keys.
 */
import type { RateLimitInfo } from 'express-rate-limit';
import type { OperationPolicy } from '../contract/load.js';
import type { OperatorRecord, SessionRecord } from '../store/operator-types.js';
import type { EpisodeDoc, Grant, PartnerRecord } from '../store/types.js';

/** The studio operator behind a live session (server/studio/session.ts). */
export interface SignedInOperator {
  record: OperatorRecord;
  session: SessionRecord;
}

/** The caller, once known (server/http/caller.ts). */
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
      /** Its path parameters, decoded (server/http/operation.ts). */
      pathParams?: Readonly<Record<string, string>>;
      /** The caller: the partner behind the bearer token, or behind api_key and api_secret on authenticate (server/http/caller.ts). */
      partner?: AuthenticatedPartner;
      /** This request's count in the limit of failed authentications of its address (server/http/failed-authentications.ts). */
      failedAuthentications?: RateLimitInfo;
      /** The store's content version, read with the partner's state (server/http/authenticate.ts). */
      contentVersion?: number;
      /** The caller's grants on the series the request is about (server/http/grants.ts). */
      seriesGrants?: { seriesId: string; grants: Grant[] };
      /** The episode the request is about, as the grant check read it (server/http/grants.ts). */
      episode?: EpisodeDoc;
      /** Studio API: the signed-in operator (server/studio/session.ts). */
      operator?: SignedInOperator;
    }
    interface Response {
      /** Set by resolveStream once a stream URL was issued, for usage counting (server/http/count-usage.ts). */
      streamResolved?: boolean;
    }
  }
}
