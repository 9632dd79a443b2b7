/**
 * Response headers that are the same on every response, worked out once at start. Helmet's
 * configured middleware is run against a recording response when the app is built; what it set
 * is then set on each response in one pass, instead of through helmet's chain of a dozen nested
 * middlewares per request (docs/performance.md#security-headers). The values are helmet's own, so its defaults and
 * our configuration stay the single source.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Runs a header-setting middleware once and returns one that sets the same headers on every response. */
export function fixedHeaders(name: string, middleware: RequestHandler): RequestHandler {
  if (!name || typeof middleware !== 'function') throw new Error('fixedHeaders: a name and a middleware are required');
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(header: string, value: string | number | readonly string[]) {
      set.set(header, value);
      removed.delete(header.toLowerCase());
      return recorder;
    },
    removeHeader(header: string) {
      set.delete(header);
      removed.add(header.toLowerCase());
    },
  };
  let done = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(`fixedHeaders(${name}): the middleware failed`);
    done = true;
  });
  // A middleware that answers later, or per request, cannot be recorded once.
  if (!done) throw new Error(`fixedHeaders(${name}): the middleware must call next() synchronously`);
  const headers = [...set];
  const removals = [...removed];
  return Object.defineProperty(
    function fixedHeadersMiddleware(_req: Request, res: Response, next: NextFunction): void {
      for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
      for (let i = 0; i < removals.length; i++) res.removeHeader(removals[i]!);
      next();
    },
    'name',
    { value: name },
  );
}
