/**
 * createApp(deps) builds the Express app and never listens (server/main.ts does). The partner
 * API's chain, one file per step under server/http/, in the order a request meets them:
 *
 *   request id, access log, Host check, security headers, metrics     (every request)
 *   operation.ts      the contract operation and its path parameters
 *   count-usage.ts    usage analytics, when the response finishes
 *   JSON body         only for operations that take one
 *   caller.ts         the caller from a bearer token (authenticate.ts verifies it); for
 *                     authenticate, its attempt counted against the client address instead
 *   rate-limit.ts     the partner's group limit, once the caller is known
 *   response-cache.ts validated bytes of an identical earlier read
 *   validator.ts      the contract, then query values JavaScript cannot hold
 *   caller.ts         the caller from the API key and secret (authenticate), then its rate limit
 *   grants.ts         the grant the operation needs on the series it is about
 *   the handler       server/routes/
 *   problem.ts        every error as an RFC 9457 problem document
 *
 * Each step reads what an earlier one set through the typed fields of server/http/types.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { TokenService } from './auth/tokens.js';
import type { Clock } from './clock.js';
import { loadContract, type Contract } from './contract/load.js';
import { ApiError } from './errors.js';
import { accessLog } from './http/access-log.js';
import { resolveCaller } from './http/caller.js';
import { compose } from './http/compose.js';
import { failedAuthentications } from './http/failed-authentications.js';
import { requireHost } from './http/host-header.js';
import { jsonBody } from './http/json-body.js';
import { apiSecurityHeaders } from './http/security-headers.js';
import { countUsage } from './http/count-usage.js';
import { requireGrant } from './http/grants.js';
import { ClockedMemoryStore, type CreateLimitStore } from './http/limit-store.js';
import { resolveOperation } from './http/operation.js';
import { problemHandler } from './http/problem.js';
import { rateLimits } from './http/rate-limit.js';
import { readinessProbe } from './http/readiness.js';
import { requestId } from './http/request-id.js';
import { responseCache } from './http/response-cache.js';
import './http/types.js';
import { contractValidator } from './http/validator.js';
import { authHandlers } from './routes/auth.js';
import { contentHandlers } from './routes/content.js';
import { streamingHandlers } from './routes/streaming.js';
import type { HandlerDeps, OperationHandler } from './routes/types.js';
import { usageHandlers } from './routes/usage.js';
import { measureRequests, type Metrics } from './metrics.js';
import { PACKAGE_ROOT } from './paths.js';
import type { StreamSigner } from './streaming/signer.js';
import type { SearchExecutor } from './search/executor.js';
import type { Store } from './store/types.js';
import type { UsageRecorder } from './usage/recorder.js';

export interface AppDeps {
  store: Store;
  /** Where searches run, within the search capacity (server/search/). */
  search: SearchExecutor;
  tokens: TokenService;
  streams: StreamSigner;
  clock: Clock;
  logger: Logger;
  recorder: UsageRecorder;
  contract?: Contract;
  /** A limit store per limiter; defaults to one in-process store each. */
  createLimitStore?: CreateLimitStore;
  /** Express `trust proxy`: false (default), a hop count, or addresses/subnets of trusted proxies. */
  trustProxy?: boolean | number | string;
  /** Bench-only: multiplies every rate limit. */
  limitMultiplier?: number;
  /** True while shutting down, so /readyz takes the instance out of rotation. */
  isDraining?: () => boolean;
  metrics?: Metrics;
  /** Bytes of validated Content responses kept for repeated requests (server/http/response-cache.ts); 0: none. */
  responseCacheBytes?: number;
  /** /readyz answers 503 when the store has not answered within this (server/http/readiness.ts). */
  readinessTimeoutMs: number;
  /** Called for each partner request refused because the store is unavailable. */
  onStoreUnavailable?: () => void;
}

/** Grant checks (a resource and the partner's grants on it) remembered per content version: about 1.5 KB each. */
const GRANT_MEMO_ENTRIES = 5_000;

/** The partner API's largest request body (authenticate's credentials). */
const PARTNER_BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the partner API app. */
export function createApp(deps: AppDeps): Express {
  const { store, logger, clock } = deps;
  const contract = deps.contract ?? loadContract();
  const handlerDeps: HandlerDeps = { store, search: deps.search, tokens: deps.tokens, clock, streams: deps.streams };
  const handlers: Record<string, OperationHandler> = {
    ...authHandlers(handlerDeps),
    ...contentHandlers(handlerDeps),
    ...streamingHandlers(handlerDeps),
    ...usageHandlers(handlerDeps),
  };
  for (const op of contract.operations) {
    if (!handlers[op.operationId]) throw new Error(`createApp: no handler for contract operation ${op.operationId}`);
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  // Few Express layers on purpose: each costs more per request than most middlewares (http/compose.ts).
  app.use(
    compose('everyRequest', [
      requestId(),
      accessLog({ logger }),
      requireHost(),
      apiSecurityHeaders,
      ...(deps.metrics ? [measureRequests(deps.metrics)] : []),
    ]),
  );

  const createLimitStore: CreateLimitStore = deps.createLimitStore ?? ((prefix) => new ClockedMemoryStore(clock, prefix));
  const failures = failedAuthentications({
    limit: contract.failedAuthentication,
    createLimitStore,
    logger,
    metrics: deps.metrics,
    limitMultiplier: deps.limitMultiplier,
  });
  const limits = rateLimits({
    groups: contract.groups,
    createLimitStore,
    limitMultiplier: deps.limitMultiplier,
    onLimited: (group) => deps.metrics?.rateLimited.inc({ group }),
  });
  const caller = resolveCaller({ tokens: deps.tokens, store, failures });

  const partnerApi = compose('partnerApi', [
    resolveOperation(contract.operations, contract.prefix),
    countUsage({ recorder: deps.recorder }),
    jsonBody(PARTNER_BODY_LIMIT_BYTES),
    caller.fromToken,
    failures.guardCredentials,
    limits.afterBearer,
    responseCache({
      maxBytes: deps.responseCacheBytes ?? 0,
      onLookup: (hit) => deps.metrics?.responseCache.inc({ result: hit ? 'hit' : 'miss' }),
    }),
    ...contractValidator(contract),
    caller.fromCredentials,
    limits.afterCredentials,
    // With the response cache off, every request is checked against the store afresh too.
    requireGrant({ store, memoEntries: deps.responseCacheBytes ? GRANT_MEMO_ENTRIES : 0 }),
    async function dispatchOperation(req: Request, res: Response, next: NextFunction) {
      const handler = req.operation && handlers[req.operation.operationId];
      if (!handler) return next();
      await handler(req, res);
    },
  ]);
  app.use(function partnerApiOnly(req: Request, res: Response, next: NextFunction) {
    if (!req.path.startsWith(contract.prefix)) return next();
    partnerApi(req, res, next);
  });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', readinessProbe({ store, timeoutMs: deps.readinessTimeoutMs, isDraining: deps.isDraining }));

  // The partner reference and the contract it renders, from the same bundled document.
  let reference: Promise<{ html: string; contentSecurityPolicy: string }> | undefined;
  app.get('/docs', helmet(), async (_req, res) => {
    reference ??= import('./docs/reference.js').then((m) => m.buildReference());
    const { html, contentSecurityPolicy } = await reference;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.type('html').send(html);
  });
  app.get('/openapi.json', (_req, res) => void res.json(contract.document));
  // The same contract as YAML and as a Postman collection, both written by `npm run generate`.
  app.get('/openapi.yaml', generatedFile('openapi.yaml', 'application/yaml; charset=utf-8'));
  app.get('/postman.json', generatedFile('postman.json', 'application/json; charset=utf-8'));
  app.use(() => {
    throw new ApiError('not_found', `No such resource. The partner API lives under ${contract.prefix}; see /docs.`);
  });
  app.use(problemHandler({ logger, onStoreUnavailable: deps.onStoreUnavailable }));
  return app;
}

/** Answers with a file of generated/, read once on first request. */
function generatedFile(name: string, contentType: string) {
  let body: Promise<Buffer> | undefined;
  return async (_req: Request, res: Response) => {
    body ??= readFile(join(PACKAGE_ROOT, 'generated', name));
    res.type(contentType).send(await body);
  };
}
