/**
 * Mounts one API's contract operations on its app: the API's steps in order, then the handler of
 * the operation they resolved, as one Express layer (server/http/compose.ts) that only requests
 * under the API's prefix enter. Both the partner and the studio app mount their operations here.
 */
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { OperationPolicy } from '../contract/load.js';
import { compose } from './compose.js';
import type { OperationHandler } from './operation-handler.js';

export interface MountOptions {
  /** Names the composed layer (stack traces, profiles). */
  name: string;
  /** The path every operation of the API lives under. */
  prefix: string;
  /** The contract's operations: each must have a handler, or the app is not built. */
  operations: readonly Pick<OperationPolicy, 'operationId'>[];
  /** The API's request chain up to its handler, in order; its first step resolves req.operation. */
  steps: RequestHandler[];
  handlers: Record<string, OperationHandler>;
}

/** Adds the API's chain to app; throws at build time when an operation of the contract has no handler. */
export function mountOperations(app: Express, options: MountOptions): void {
  const { name, prefix, operations, steps, handlers } = options;
  if (!prefix.startsWith('/')) throw new Error(`mountOperations(${name}): the prefix must start with /`);
  for (const op of operations) {
    if (!handlers[op.operationId]) throw new Error(`${name}: no handler for contract operation ${op.operationId}`);
  }
  const chain = compose(name, [
    ...steps,
    async function dispatchOperation(req: Request, res: Response, next: NextFunction) {
      const handler = req.operation && handlers[req.operation.operationId];
      if (!handler) return next();
      await handler(req, res);
    },
  ]);
  app.use(function underPrefixOnly(req: Request, res: Response, next: NextFunction) {
    if (!req.path.startsWith(prefix)) return next();
    chain(req, res, next);
  });
}
