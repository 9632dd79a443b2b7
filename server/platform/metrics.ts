/**
 * Prometheus metrics (prom-client), served on their own port (METRICS_PORT) so they never share
 * the partners' listener: request counts and latency by operation and status, rate-limit
 * rejections by group, failed authentications by credential and partner, the studio's security
 * events by type, the usage buffer's depth, and the default process metrics.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  requests: Counter<'operation' | 'status'>;
  latency: Histogram<'operation' | 'status'>;
  rateLimited: Counter<'group'>;
  /** By credential (api_key, bearer) and the partner the key or token named (`unknown` for none): bounded by the partners. */
  failedAuthentications: Counter<'credential' | 'partner'>;
  responseCache: Counter<'result'>;
  /** The studio's security events (server/services/security-events.ts) by type: bounded by the types. */
  securityEvents: Counter<'event'>;
  /** Reports the value of the usage buffer depth at scrape time. */
  watchUsageBuffer(depth: () => number): void;
}

/** A registry with the service's metrics and the default process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let depth: () => number = () => 0;
  new Gauge({
    name: 'partner_api_usage_buffer_groups',
    help: 'Usage-count groups buffered in memory, not yet written to the store',
    registers: [registry],
    collect() {
      this.set(depth());
    },
  });
  return {
    registry,
    requests: new Counter({ name: 'partner_api_requests_total', help: 'Requests answered, by operation and status', labelNames: ['operation', 'status'], registers: [registry] }),
    latency: new Histogram({
      name: 'partner_api_request_duration_seconds',
      help: 'Time to answer, by operation and status',
      labelNames: ['operation', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    rateLimited: new Counter({ name: 'partner_api_rate_limited_total', help: 'Requests refused with 429, by rate-limit group', labelNames: ['group'], registers: [registry] }),
    failedAuthentications: new Counter({
      name: 'partner_api_failed_authentications_total',
      help: 'Failed authentications (wrong or unknown API key or secret, missing, invalid, expired or revoked token), by credential and the partner it named',
      labelNames: ['credential', 'partner'],
      registers: [registry],
    }),
    responseCache: new Counter({
      name: 'partner_api_response_cache_total',
      help: 'Cacheable Content reads answered from validated cached bytes (hit) or built by their handler (miss)',
      labelNames: ['result'],
      registers: [registry],
    }),
    securityEvents: new Counter({
      name: 'studio_security_events_total',
      help: 'Studio security events (sign-ins, failed sign-ins, lockouts, refusals, password and session events), by event type',
      labelNames: ['event'],
      registers: [registry],
    }),
    watchUsageBuffer(fn) {
      depth = fn;
    },
  };
}

/** Middleware factory: counts and times every request by its contract operation. */
export function measureRequests(metrics: Metrics) {
  if (!metrics) throw new Error('measureRequests: metrics are required');
  // prom-client hashes a label object on every call; the (operation, status) pairs are few, so
  // each pair's children are looked up once and kept.
  const children = new Map<string, { count: { inc(): void }; latency: { observe(seconds: number): void } }>();
  const childrenOf = (operation: string, status: number) => {
    const key = `${operation} ${status}`;
    let pair = children.get(key);
    if (!pair) {
      const labels = { operation, status: String(status) };
      pair = { count: metrics.requests.labels(labels), latency: metrics.latency.labels(labels) };
      children.set(key, pair);
    }
    return pair;
  };
  return function measureRequestsMiddleware(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    res.once('finish', () => {
      const pair = childrenOf(req.operation?.operationId ?? 'none', res.statusCode);
      pair.count.inc();
      pair.latency.observe((performance.now() - started) / 1000);
    });
    next();
  };
}

/**
 * Serves `GET /metrics` on its own listener. `refuse` (server/http/host-header.ts) answers a request
 * for another host name first, so a DNS-rebinding page cannot read a loopback listener's metrics.
 */
export function createMetricsServer(metrics: Metrics, refuse: (req: IncomingMessage, res: ServerResponse) => boolean): Server {
  if (typeof refuse !== 'function') throw new Error('createMetricsServer: refuse (the Host check) is required');
  return createServer(async (req, res) => {
    if (refuse(req, res)) return;
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
    res.end(await metrics.registry.metrics());
  });
}
