/**
 * What the shared steps of the request chain hand to later ones, declared once. Each API declares
 * the fields of its own steps beside them (server/partner-api/request-fields.ts,
 * server/studio-api/request-fields.ts). Steps and handlers read these, never untyped `res.locals` keys.
 */
import type { OperationPolicy } from '../contract/load.js';

declare global {
  namespace Express {
    interface Request {
      /** The request id (server/http/request-id.ts). */
      id: string;
      /** The contract operation addressed (server/http/operation.ts). */
      operation?: OperationPolicy;
      /** Its path parameters, decoded (server/http/operation.ts). */
      pathParams?: Readonly<Record<string, string>>;
    }
  }
}
