/**
 * Security headers of JSON API responses (both listeners): the OWASP REST set (a CSP that allows
 * nothing, no framing, nosniff, HSTS, no referrer, same-origin resource policy), through helmet.
 * Helmet's document-only headers (COOP, Origin-Agent-Cluster, DNS prefetch, IE and Flash switches)
 * go on the HTML references only: on every JSON response they cost about as much to send as the
 * rest of the request's policy (docs/decisions/0032-security-headers.md). The
 * headers are the same on every response, so helmet works them out once (http/fixed-headers.ts).
 */
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
