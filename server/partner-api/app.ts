/**
 * createApp(deps) builds the partner API's Express app and never listens (server/main.ts does).
 * Its chain, in the order a request meets it (shared steps in server/http/, the partner API's own
 * beside this file, limits in server/limits/):
 *
 *   request id, access log, Host check, security headers, metrics     (every request)
 *   http/operation.ts          the contract operation and its path parameters
 *   count-usage.ts             usage analytics, when the response finishes
 *   JSON body                  only for operations that take one
 *   caller.ts                  the caller from a bearer token (authenticate.ts verifies it); for
 *                              authenticate, its attempt counted against the client address instead
 *   limits/rate-limit.ts       the partner's group limit, once the caller is known
 *   response-cache.ts          validated bytes of an identical earlier read
 *   http/validator.ts          the contract, then query values JavaScript cannot hold
 *   caller.ts                  the caller from the API key and secret (authenticate), then its rate limit
 *   require-grant.ts           the grant the operation needs on the series it is about
 *   the handler                handlers/
 *   http/problem.ts            every error as an RFC 9457 problem document
 *
 * Each step reads what an earlier one set through the typed fields of request-fields.ts and
 * server/http/request-fields.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { TokenService } from '../auth/tokens.js';
import type { Clock } from '../platform/clock.js';
import { loadContract, type Contract } from '../contract/load.js';
import { ApiError } from '../http/errors.js';
import { accessLog } from '../http/access-log.js';
import { resolveCaller } from './caller.js';
import { compose } from '../http/compose.js';
import { mountOperations } from '../http/mount-operations.js';
import { failedAuthentications } from './failed-authentications.js';
import { requireHost } from '../http/host-header.js';
import { jsonBody } from '../http/json-body.js';
import { storeDeadline } from '../http/store-deadline.js';
import { apiSecurityHeaders } from '../http/security-headers.js';
import { countUsage } from './count-usage.js';
import { requireGrant } from './require-grant.js';
import { ClockedMemoryStore, type CreateLimitStore } from '../limits/limit-store.js';
import { resolveOperation } from '../http/operation.js';
import { problemHandler } from '../http/problem.js';
import { rateLimits } from '../limits/rate-limit.js';
import { readinessProbe, type StoreReadiness } from '../http/readiness.js';
import { requestId } from '../http/request-id.js';
import { responseCache } from './response-cache.js';
import './request-fields.js';
import { contractValidator } from '../http/validator.js';
import { authHandlers } from './handlers/auth.js';
import { contentHandlers } from './handlers/content.js';
import { streamingHandlers } from './handlers/streaming.js';
import type { OperationHandler } from '../http/operation-handler.js';
import type { HandlerDeps } from './handlers/handler-deps.js';
import { usageHandlers } from './handlers/usage.js';
import { webhookHandlers } from './handlers/webhooks.js';
import { measureRequests, type Metrics } from '../platform/metrics.js';
import { PACKAGE_ROOT } from '../platform/paths.js';
import { changeFeed } from '../services/index.js';
import type { StreamSigner } from '../streaming/signer.js';
import type { SearchExecutor } from '../search/executor.js';
import type { CatalogReads, ChangeFeed, Credentials, GrantReads, UsageReports, Webhooks } from '../store/index.js';
import type { UsageRecorder } from '../usage/recorder.js';

/** The store's doors the partner API uses (server/store/interfaces.ts). */
export type PartnerApiStore = Credentials & CatalogReads & GrantReads & UsageReports & ChangeFeed & Pick<Webhooks, 'listWebhookDeliveries'>;

export interface AppDeps {
  /** What the partner API reads: its steps' and handlers' doors. */
  store: PartnerApiStore;
  /** Where searches run, within the search capacity (server/search/). */
  search: SearchExecutor;
  tokens: TokenService;
  streams: StreamSigner;
  clock: Clock;
  logger: Logger;
  recorder: UsageRecorder;
  /** Days the change feed keeps events (CHANGE_FEED_RETENTION_DAYS); default 30. */
  changeFeedRetentionDays?: number;
  contract?: Contract;
  /** A limit store per limiter; defaults to one in-process store each. */
  createLimitStore?: CreateLimitStore;
  /** Express `trust proxy`: false (default), a hop count, or addresses/subnets of trusted proxies. */
  trustProxy?: boolean | number | string;
  /** Bench-only: multiplies every rate limit. */
  limitMultiplier?: number;
  /** True while shutting down, so /readyz takes the instance out of rotation. */
  isDraining?: () => boolean;
  /** True until the warm-up has ended: /readyz answers 503 meanwhile. */
  isWarming?: () => boolean;
  metrics?: Metrics;
  /** Bytes of validated Content responses kept for repeated requests (server/partner-api/response-cache.ts); 0: none. */
  responseCacheBytes?: number;
  /** Whether the store answers, kept by the runtime (server/http/readiness.ts): /readyz answers from it. */
  readiness: Pick<StoreReadiness, 'ready'>;
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
  const changeFeedRetentionDays = deps.changeFeedRetentionDays ?? changeFeed.DEFAULT_RETENTION_DAYS;
  const handlerDeps: HandlerDeps = { store, search: deps.search, tokens: deps.tokens, clock, streams: deps.streams, changeFeedRetentionDays };
  const handlers: Record<string, OperationHandler> = {
    ...authHandlers(handlerDeps),
    ...contentHandlers(handlerDeps),
    ...streamingHandlers(handlerDeps),
    ...usageHandlers(handlerDeps),
    ...webhookHandlers({ store }),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  // Few Express layers on purpose: each costs more per request than most middlewares (http/compose.ts).
  app.use(
    compose('everyRequest', [
      storeDeadline(),
      requestId(),
      accessLog({ logger, partnerId: (req) => req.partner?.id }),
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
    key: partnerLimitKey,
    onLimited: (group) => deps.metrics?.rateLimited.inc({ group }),
  });
  const caller = resolveCaller({ tokens: deps.tokens, store, failures, clock });

  mountOperations(app, {
    name: 'partnerApi',
    prefix: contract.prefix,
    operations: contract.operations,
    handlers,
    steps: [
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
    ],
  });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', readinessProbe({ readiness: deps.readiness, isDraining: deps.isDraining, isWarming: deps.isWarming }));

  // The partner reference and the contract it renders, from the same bundled document.
  let reference: Promise<{ html: string; contentSecurityPolicy: string }> | undefined;
  app.get('/docs', helmet(), async (_req, res) => {
    reference ??= import('../reference/build-reference.js').then((m) => m.buildReference());
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

/** A partner's requests count against its own limits; a request without a known partner, against its client address (IPv6 by /56). */
function partnerLimitKey(req: Request): string {
  return req.partner ? `partner:${req.partner.id}` : `ip:${ipKeyGenerator(req.ip ?? 'unknown', 56)}`;
}
