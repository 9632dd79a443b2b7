/**
 * Validation: express-openapi-validator over the bundled contract, so every request and every
 * JSON response of a partner operation is checked. Unknown query parameters are rejected,
 * formats are checked in full, and the parameter schemas' `default`s are filled in (handlers
 * read page sizes, sorts and formats from there, never from literals of their own). Security is
 * enforced earlier by caller resolution (the validator only checks that a header is present), so
 * its own security check is off. A response that breaks the contract becomes a 500 problem
 * (logged by the problem handler) instead of reaching the partner. Then what the validator lets
 * through but JavaScript cannot hold is read defensively (http/query-values.ts).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Contract } from '../contract/load.js';
import { fastFormats } from './fast-formats.js';
import { queryValues } from './query-values.js';
import { validatorRequire } from './validator-require.js';

/**
 * express-openapi-validator (5.x) matches a request to its route by compiling every documented
 * route with path-to-regexp on every request (openapi.metadata.js lookupRoute): 3.5% of a
 * getSeries request's CPU. The compiled pattern depends only on the route and two flags, so the
 * validator's copy of pathToRegexp is memoized, once, here; it reads the function from the
 * module at call time. The RegExps carry no `g` flag, so sharing them keeps no state.
 */
function memoizeValidatorRouteCompilation(): void {
  type Compile = ((path: unknown, options?: Record<string, unknown>) => unknown) & { memoized?: true };
  const ptr = validatorRequire('path-to-regexp') as { pathToRegexp: Compile };
  if (ptr.pathToRegexp.memoized) return;
  const compile = ptr.pathToRegexp;
  const compiled = new Map<string, unknown>();
  const memoized = Object.assign(
    (path: unknown, options?: Record<string, unknown>) => {
      // Only the plain string-route calls the validator makes are memoized; anything else compiles as before.
      if (typeof path !== 'string' || (options && Object.keys(options).some((k) => k !== 'sensitive' && k !== 'strict'))) return compile(path, options);
      const key = `${options?.sensitive ? 1 : 0}${options?.strict ? 1 : 0}${path}`;
      let result = compiled.get(key);
      if (result === undefined) {
        result = compile(path, options);
        if (compiled.size < 1000) compiled.set(key, result);
      }
      return result;
    },
    { memoized: true as const },
  );
  ptr.pathToRegexp = memoized;
}

/**
 * HEAD is GET without a body (RFC 9110), but express-openapi-validator knows only the methods
 * the contract lists and answers HEAD with 405. Node decided that a HEAD response has no body
 * when the request arrived, so the request goes on as the GET it stands for: validated, answered
 * and logged as GET, with headers only on the wire.
 */
function headAsGet(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
}

/** The validator middleware chain for the contract's operations. */
export function contractValidator(contract: Pick<Contract, 'document' | 'prefix'>): RequestHandler[] {
  memoizeValidatorRouteCompilation();
  return [headAsGet, ...contractValidatorOf(contract, contract.prefix), queryValues()];
}

function contractValidatorOf(contract: Pick<Contract, 'document'>, prefix: string): RequestHandler[] {
  return OpenApiValidator.middleware({
    // The validator resolves and annotates the document in place: give it its own copy.
    apiSpec: structuredClone(contract.document) as never,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
    validateResponses: { removeAdditional: false, coerceTypes: false },
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    // ajv-formats' own answers, allocation-free for the date-times the server writes (http/fast-formats.ts).
    formats: fastFormats(),
    ignoreUndocumented: false,
    ignorePaths: (path: string) => !path.startsWith(prefix),
  }) as RequestHandler[];
}
