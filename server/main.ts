/**
 * The one entry that listens: `npm start`. Reads the configuration, builds the runtime, serves,
 * and shuts down gracefully on SIGTERM/SIGINT: answer every request from then on with
 * `Connection: close`, stop accepting, let in-flight requests finish within SHUTDOWN_TIMEOUT_MS,
 * flush usage counts and close the store within SHUTDOWN_STORE_TIMEOUT_MS (spooling to a local
 * file the counts the store did not take: server/usage/spool.ts), exit.
 */
import { createAppServer } from './http/app-server.js';
import { drainConnections } from './platform/connection-drain.js';
import { ConfigError, loadConfig, redactUrl, type Config } from './config.js';
import { createLogger } from './platform/logger.js';
import { createMetricsServer } from './platform/metrics.js';
import { refuseOtherHosts } from './http/host-header.js';
import { createRuntime, type Runtime } from './runtime.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.logLevel);
let runtime: Runtime;
try {
  runtime = await createRuntime(config, { logger });
} catch (err) {
  // A key that does not import, a store that cannot open: one line for the operator, details in the log.
  logger.fatal({ err }, 'start-up failed');
  console.error(`cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const server = createAppServer(runtime.app, { onRefusal: runtime.onParserRefusal });
const connections = drainConnections(server);
// Bounded waits for slow or stalled clients; keep-alive longer than typical load balancers' idle timeout.
server.requestTimeout = 30_000;
server.headersTimeout = 10_000;
server.keepAliveTimeout = 65_000;

// The studio API on a listener of its own, loopback unless STUDIO_HOST says otherwise.
const studioServer = createAppServer(runtime.studioApp, { onRefusal: runtime.onParserRefusal });
const studioConnections = drainConnections(studioServer);
studioServer.requestTimeout = server.requestTimeout;
studioServer.headersTimeout = server.headersTimeout;
studioServer.listen(config.studioPort, config.studioHost, () => {
  const address = studioServer.address();
  const port = typeof address === 'object' && address ? address.port : config.studioPort;
  logger.info({ port, host: config.studioHost }, 'studio API listening');
  process.stdout.write(`Studio API listening on http://${config.studioHost}:${port} (reference: /docs; first operator: npm run admin -- operator create --email <email> --role owner)\n`);
});

const metricsServer = config.metricsPort ? createMetricsServer(runtime.metrics, refuseOtherHosts(config.metricsAllowedHosts, 'METRICS_ALLOWED_HOSTS')) : undefined;
metricsServer?.listen(config.metricsPort, config.metricsHost, () => {
  logger.info({ port: config.metricsPort, host: config.metricsHost }, 'metrics listening');
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://localhost:${port}`;
  logger.info({ port, engine: runtime.store.engine }, 'listening');
  // Listening first, so the load balancer sees /readyz 503 (warming up) rather than a refused connection.
  void runtime.warmUp();
  const demo = runtime.seed.demoPartner;
  const lines = [
    `Partner Catalog API listening on ${base} (store: ${runtime.store.engine} ${redactUrl(config.databaseUrl)}${config.redis ? `; rate limits: redis ${redactUrl(config.redis.url)}` : ''})`,
    `Reference: ${base}/docs`,
  ];
  if (!demo) lines.push('Partners: npm run admin -- partner list  (create one with: npm run admin -- partner create --name "<name>")');
  if (demo) {
    lines.push(
      '',
      'A demo partner was created. Its secret is shown only this once:',
      `  partner_id  ${demo.partner.id}`,
      `  api_key     ${demo.partner.apiKey}`,
      `  api_secret  ${demo.apiSecret}`,
      '',
      'First call:',
      `  TOKEN=$(curl -s ${base}${runtime.contract.prefix}/auth -H 'Content-Type: application/json' \\`,
      `    -d '{"api_key":"${demo.partner.apiKey}","api_secret":"${demo.apiSecret}"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
      `  curl -s ${base}${runtime.contract.prefix}/content/catalog -H "Authorization: Bearer $TOKEN"`,
    );
  }
  // Printed to stdout, not the log: the demo secret must not be kept in log storage.
  process.stdout.write(lines.join('\n') + '\n');
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  runtime.drain();
  // Keep-alive clients move to a new connection after their current answer, even while the
  // listener stays open for the readiness delay.
  connections.start();
  studioConnections.start();
  if (config.shutdownReadinessDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownReadinessDelayMs));
  const closed = Promise.all([
    new Promise<void>((resolve) => server.close(() => resolve())),
    new Promise<void>((resolve) => studioServer.close(() => resolve())),
  ]);
  server.closeIdleConnections();
  studioServer.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn('in-flight requests did not finish in time; closing their connections');
    server.closeAllConnections();
    studioServer.closeAllConnections();
  }, config.shutdownTimeoutMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
  metricsServer?.close();
  await runtime.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
