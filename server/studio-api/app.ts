/**
 * createStudioApp(deps) builds the studio API's Express app (server/main.ts serves it on its own
 * listener, STUDIO_HOST:STUDIO_PORT). Its chain uses the shared steps of server/http/ and the
 * limiters of server/limits/, in the order a request meets them:
 *
 *   request id, access log, Host check, security headers, no-store on the API,
 *   Host allowlist (421 for a name not the listener's)             (every request)
 *   http/operation.ts      the studio contract operation and its path parameters
 *   session.ts             the signed-in operator (401 without a live session)
 *   limits/rate-limit.ts   the operation's x-rate-limit-group, per operator (429 past it)
 *   guards.ts              CSRF token and Origin on changes, then the operation's x-required-role
 *   http/json-body.ts      only for operations that take one, once the caller may call it
 *   http/validator.ts      the studio contract
 *   sign-in-limits.ts      sign-in attempts per address and per account
 *   the handler            handlers/
 *   security-refusals.ts   every 403 recorded as a security event (services/security-events.ts)
 *   http/problem.ts        every error as an RFC 9457 problem document
 */
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { OidcConfig } from '../config.js';
import { loadStudioContract, type StudioContract } from '../contract/studio.js';
import { ApiError } from '../http/errors.js';
import { accessLog } from '../http/access-log.js';
import { compose } from '../http/compose.js';
import { mountOperations } from '../http/mount-operations.js';
import { allowHosts, LOOPBACK_HOSTS, requireHost } from '../http/host-header.js';
import { jsonBody } from '../http/json-body.js';
import { storeDeadline } from '../http/store-deadline.js';
import { ClockedMemoryStore, type CreateLimitStore } from '../limits/limit-store.js';
import { resolveOperation } from '../http/operation.js';
import { problemHandler } from '../http/problem.js';
import { rateLimits } from '../limits/rate-limit.js';
import { requestId } from '../http/request-id.js';
import { apiSecurityHeaders, noStore } from '../http/security-headers.js';
import { contractValidator } from '../http/validator.js';
import { CONSOLE_DIST, STUDIO_CONTRACT_BUNDLE } from '../platform/paths.js';
import type { OperationHandler } from '../http/operation-handler.js';
import type { Metrics } from '../platform/metrics.js';
import { securityEvents } from '../services/index.js';
import type { StudioApiStore } from './handlers/handler-deps.js';
import { serveConsole } from './console.js';
import { requireRole, requireSameOrigin } from './guards.js';
import { accountHandlers } from './handlers/account.js';
import { catalogHandlers } from './handlers/catalog.js';
import { jobHandlers } from './handlers/jobs.js';
import { grantHandlers } from './handlers/grants.js';
import { oidcHandlers } from './handlers/oidc.js';
import { operatorHandlers } from './handlers/operators.js';
import { partnerHandlers } from './handlers/partners.js';
import { sessionHandlers } from './handlers/session.js';
import type { StudioHandlerDeps } from './handlers/handler-deps.js';
import { usageAuditHandlers } from './handlers/usage-audit.js';
import { exportHandlers } from './handlers/exports.js';
import { webhookHandlers } from './handlers/webhooks.js';
import { oidcSignIn } from './oidc.js';
import { recordRefusals } from './security-refusals.js';
import { sessions as createSessions } from './session.js';
import { signInLimits } from './sign-in-limits.js';
import type { AddressPolicy } from '../webhooks/address-guard.js';

export interface StudioAppDeps {
  /** What the studio API reads and changes: its sign-in's operators and sessions, and what its services use. */
  store: StudioApiStore;
  clock: Clock;
  logger: Logger;
  contract?: StudioContract;
  /** A limit store per limiter (Redis with REDIS_URL); defaults to one in-process store each. */
  createLimitStore?: CreateLimitStore;
  trustProxy?: boolean | number | string;
  /** Origins the dashboard is served from besides the listener's own (STUDIO_ORIGINS). */
  origins?: readonly string[];
  /** The `Host` names the listener answers (STUDIO_ALLOWED_HOSTS); defaults to its loopback names. */
  allowedHosts?: readonly string[];
  /** OpenID Connect sign-in; undefined: local accounts only. */
  oidc?: OidcConfig | undefined;
  /** Owners must enrol a second factor before anything else (STUDIO_REQUIRE_MFA_FOR_OWNERS). */
  requireMfaForOwners?: boolean;
  /** Called for each request refused because the store is unavailable. */
  onStoreUnavailable?: () => void;
  /** The process's metrics: security events are counted in `studio_security_events_total`. */
  metrics?: Metrics | undefined;
  /** Where webhook endpoints may point; default: public addresses only. */
  webhookPolicy?: AddressPolicy;
  /** The console's bundle; defaults to console/dist of this package. */
  consoleDir?: string;
}

/** Builds the studio API app. */
export function createStudioApp(deps: StudioAppDeps): Express {
  const { store, clock, logger } = deps;
  const contract = deps.contract ?? loadStudioContract();
  const requireMfaForOwners = deps.requireMfaForOwners ?? false;
  const sessions = createSessions({ store, clock, ttlMs: contract.sessionTtlMs, idleMs: contract.idleTimeoutMs, requireMfaForOwners, allowedBeforeMfaEnrolment: contract.allowedBeforeMfaEnrolment });
  const oidc = deps.oidc && oidcSignIn(deps.oidc, { store, clock, stateTtlMs: contract.oidcStateTtlMs });
  const security = securityEvents({ store, clock, logger, counter: deps.metrics?.securityEvents });
  const webhookPolicy = deps.webhookPolicy ?? { allowPrivate: false, allowedHosts: [] };
  const handlerDeps: StudioHandlerDeps = { store, clock, sessions, contract, oidc, security, requireMfaForOwners, webhookPolicy };
  const handlers: Record<string, OperationHandler> = {
    ...sessionHandlers(handlerDeps),
    ...oidcHandlers(handlerDeps),
    ...partnerHandlers(handlerDeps),
    ...grantHandlers(handlerDeps),
    ...catalogHandlers(handlerDeps),
    ...jobHandlers(handlerDeps),
    ...usageAuditHandlers(handlerDeps),
    ...exportHandlers(handlerDeps),
    ...operatorHandlers(handlerDeps),
    ...accountHandlers(handlerDeps),
    ...webhookHandlers(handlerDeps),
  };
  const createLimitStore: CreateLimitStore = deps.createLimitStore ?? ((prefix) => new ClockedMemoryStore(clock, prefix));

  const app = express();
  app.disable('x-powered-by');
  // No ETag and no 304: the studio's reads are private, current answers, never revalidated from a
  // cache. Express answers 304 to `If-None-Match: *` even without an ETag, so the conditional
  // headers are dropped from studio API requests (the contract documents no 304).
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(compose('everyRequest', [storeDeadline(), requestId(), accessLog({ logger, operatorId: (req) => req.operator?.record.id }), requireHost(), apiSecurityHeaders, noStore(contract.prefix), allowHosts(deps.allowedHosts ?? LOOPBACK_HOSTS)]));
  app.use(contract.prefix, (req, _res, next) => {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  });
  mountOperations(app, {
    name: 'studioApi',
    prefix: contract.prefix,
    operations: contract.operations,
    handlers,
    steps: [
      resolveOperation(contract.operations, contract.prefix),
      sessions.resolveOperator,
      // Right once the operator is known, so refused changes (CSRF, role) count too.
      rateLimits({ groups: contract.groups, createLimitStore, storePrefix: 'rl:studio-', key: (req) => `operator:${req.operator?.record.id}` }).afterBearer,
      requireSameOrigin({ origins: deps.origins ?? [] }),
      requireRole(),
      // Only once the caller may call the operation: a large body (a catalog file) is read for a signed-in editor, never for anyone.
      jsonBody(contract.defaultBodyBytes),
      ...contractValidator(contract),
      signInLimits({ ...contract.signInLimits, createLimitStore, security }),
    ],
  });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  let reference: Promise<{ html: string; contentSecurityPolicy: string }> | undefined;
  app.get('/docs', helmet(), async (_req, res) => {
    reference ??= import('../reference/build-reference.js').then((m) => m.buildReference(STUDIO_CONTRACT_BUNDLE));
    const { html, contentSecurityPolicy } = await reference;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.type('html').send(html);
  });
  app.get('/openapi.json', (_req, res) => void res.json(contract.document));
  app.use(serveConsole({ dir: deps.consoleDir ?? CONSOLE_DIST, reserved: ['/api', '/docs', '/healthz', '/openapi.json'] }));
  app.use(() => {
    throw new ApiError('not_found', `No such resource. The studio API lives under ${contract.prefix}; see /docs.`);
  });
  app.use(recordRefusals(security));
  app.use(problemHandler({ logger, onStoreUnavailable: deps.onStoreUnavailable }));
  return app;
}
