/**
 * express-openapi-validator over the bundled contract: every request and every JSON response of a
 * partner operation is validated. Unknown query parameters are rejected and formats are checked in
 * full. Security is enforced earlier by bearerAuth (the validator only checks that a header is
 * present), so its own security check is off. A response that breaks the contract becomes a 500
 * problem (logged by the problem handler) instead of reaching the partner.
 */
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Contract } from '../contract.js';

/** The validator middleware chain for the contract's operations. */
export function contractValidator(contract: Contract, prefix = '/api/partner'): RequestHandler[] {
  return OpenApiValidator.middleware({
    // The validator resolves and annotates the document in place: give it its own copy.
    apiSpec: structuredClone(contract.document) as never,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
    validateResponses: { removeAdditional: false, coerceTypes: false },
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    ignoreUndocumented: false,
    ignorePaths: (path: string) => !path.startsWith(prefix),
  }) as RequestHandler[];
}
