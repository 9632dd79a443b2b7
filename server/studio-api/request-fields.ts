/**
 * What the studio API's steps hand to later ones, declared once (the shared steps' fields:
 * server/http/request-fields.ts).
 */
import '../http/request-fields.js';
import type { OperatorRecord, SessionRecord } from '../store/index.js';

/** The studio operator behind a live session (server/studio-api/session.ts). */
export interface SignedInOperator {
  record: OperatorRecord;
  session: SessionRecord;
}

declare global {
  namespace Express {
    interface Request {
      /** The signed-in operator (server/studio-api/session.ts). */
      operator?: SignedInOperator;
    }
  }
}
