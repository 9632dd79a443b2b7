/**
 * Runs several middlewares as one Express layer. Express 5's router costs time per layer per
 * request (matching, parameter processing, prefix trimming), so the 14 layers a cached catalog
 * page passed through cost more than its cache lookup and send together (docs/performance.md,
 * "Several middlewares as one Express layer"). The order and semantics are those of consecutive app.use calls:
 * next() goes on to the following middleware, next(err) and a thrown or rejected middleware
 * skip the rest and go to Express's error handlers, and next() after the last one leaves the
 * group.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** One middleware that runs `middlewares` in order, as if each were added with app.use. */
export function compose(name: string, middlewares: RequestHandler[]): RequestHandler {
  if (!name || !Array.isArray(middlewares) || middlewares.length === 0) throw new Error('compose: a name and at least one middleware are required');
  for (const mw of middlewares) if (typeof mw !== 'function' || mw.length > 3) throw new Error(`compose(${name}): only (req, res, next) middlewares can be grouped`);
  const group = function (req: Request, res: Response, done: NextFunction): void {
    let index = 0;
    let settled = false;
    const next = (err?: unknown): void => {
      if (settled) return;
      // next('route') and next('router') leave the group, like they leave a router.
      if (err !== undefined && err !== null && err !== 'route' && err !== 'router') {
        settled = true;
        return done(err);
      }
      if (err !== undefined || index === middlewares.length) {
        settled = true;
        return done();
      }
      const mw = middlewares[index++]!;
      try {
        const result = mw(req, res, next) as unknown;
        if (result instanceof Promise) result.catch((error: unknown) => next(error ?? new Error('middleware rejected')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
  return Object.defineProperty(group, 'name', { value: name });
}
