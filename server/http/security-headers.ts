/**
 * Security headers of JSON API responses (both listeners): the OWASP REST set (a CSP that allows
 * nothing, no framing, nosniff, HSTS, no referrer, same-origin resource policy), through helmet.
 * Helmet's document-only headers (COOP, Origin-Agent-Cluster, DNS prefetch, IE and Flash switches)
 * go on the HTML references only: on every JSON response they cost about as much to send as the
 * rest of the request's policy (docs/decisions/0032-security-headers.md). The
 * headers are the same on every response, so helmet works them out once (http/fixed-headers.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { fixedHeaders } from './fixed-headers.js';

export const apiSecurityHeaders = fixedHeaders('apiSecurityHeaders', helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: 'deny' },
}));

/**
 * Middleware factory: `Cache-Control: no-store` on every response under prefix, refusals included:
 * an API whose answers are one signed-in person's view (partners' keys, operators, the audit
 * trail) must not be kept by the browser's cache or a proxy (OWASP ASVS 8.2.1).
 */
export function noStore(prefix: string) {
  if (!prefix.startsWith('/')) throw new Error('noStore: prefix must be a path');
  return function noStoreMiddleware(req: Request, res: Response, next: NextFunction): void {
    if (req.path === prefix || req.path.startsWith(`${prefix}/`)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
