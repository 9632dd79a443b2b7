/**
 * `tsx scripts/bench-webhooks.ts [--partners P] [--events E] [--writers W] [--database URL] [--env K=V ...]`:
 * webhook delivery through real processes. Imports a small catalog into a fresh store (a temporary
 * SQLite file, or the empty PostgreSQL database of --database), creates P partners each with an
 * endpoint (the admin CLI, as the studio does) at a local receiver answering 204, starts the
 * server as `npm start` does (its delivery loop on, settings as deployed unless --env says), then
 * grants the partners E series in all, in turn, from W concurrent writers, one change at a time as the
 * studio's API makes them, each writing its `series.granted` event. Prints events written per
 * second, delivered per second (first to last delivery, and the backlog left when the writes
 * stopped: the delivery loop's own pace), and the lag from an event's time to its
 * delivery (p50, p99), and checks that every event arrived exactly once, in the order of the
 * partner's change feed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoCatalogBatches, demoSeriesId } from '../server/demo/catalog.js';
import { createPartner } from '../server/services/partner-credentials.js';
import { openStore } from '../server/store/index.js';
import { envAssignments } from './lib/bench-options.js';
import { start, startNodeArgs, stopAll } from './lib/processes.js';

const { values: args } = parseArgs({
  options: {
    partners: { type: 'string', default: '10' },
    events: { type: 'string', default: '20000' },
    writers: { type: 'string', default: '8' },
    database: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const [partnerCount, eventCount, writers] = [args.partners, args.events, args.writers].map(Number) as [number, number, number];
const perPartner = Math.ceil(eventCount / partnerCount);
const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
const databaseUrl = args.database ?? join(dir, 'catalog.db');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

// The receiver: when each event arrived, and the event ids each partner got, in arrival order.
const arrivals = new Map<string, { at: number; occurredAt: number; partner: string }>();
const order = new Map<string, string[]>();
let duplicates = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    const partner = new URL(req.url!, 'http://x').searchParams.get('partner')!;
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
    if (arrivals.has(id)) duplicates++;
    else arrivals.set(id, { at: Date.now(), occurredAt: Date.parse(event.timestamp), partner });
    const ids = order.get(partner) ?? [];
    ids.push(id);
    order.set(partner, ids);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

try {
  const store = await openStore(databaseUrl);
  if ((await store.countSeries()) > 0) throw new Error(`${databaseUrl} already holds a catalog: give the bench an empty database`);
  const now = new Date().toISOString();
  for (const batch of demoCatalogBatches({ series: perPartner, episodesPerSeason: 1 })) await store.importCatalog(batch, now);
  const partners: string[] = [];
  for (let p = 0; p < partnerCount; p++) partners.push((await createPartner(store, `Hook Partner ${p}`, now)).partner.id);
  for (const partner of partners) {
    const cli = spawnSync(process.execPath, ['dist/server/cli/admin.js', 'webhook', 'create', partner, '--url', `${receiverUrl}?partner=${partner}`, '--events', 'series.granted', '--json'], {
      cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE: '1' }, encoding: 'utf8',
    });
    if (cli.status !== 0) throw new Error(`webhook create: ${cli.stderr}`);
  }

  const env = { PORT: '0', METRICS_PORT: '0', STUDIO_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: databaseUrl, USAGE_SPOOL_DIR: dir, WEBHOOK_ALLOW_PRIVATE: '1', ...envAssignments(args.env) };
  await start({ command: process.execPath, args: startNodeArgs(root), cwd: root, env, ready: /listening on (http:\/\/localhost:\d+)/, readyTimeoutMs: 120_000, name: 'server', logFile: join(dir, 'server.log') });

  const feedStarts = await Promise.all(partners.map((p) => store.changesCursor(p, new Date().toISOString())));
  // The writes: change j grants partner j mod P a series, W changes in flight at once.
  const jobs = Array.from({ length: eventCount }, (_, j) => ({ partner: partners[j % partnerCount]!, series: demoSeriesId(Math.floor(j / partnerCount)) }));
  const written = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: writers }, async () => {
    for (let j = next++; j < jobs.length; j = next++) await store.setGrants(jobs[j]!.partner, jobs[j]!.series, ['read'], new Date().toISOString());
  }));
  const writeMs = performance.now() - written;
  const writeEnd = Date.now();
  const deliveredDuringWrites = arrivals.size;
  while (arrivals.size < jobs.length && Date.now() - writeEnd < 600_000) await new Promise((r) => setTimeout(r, 100));
  // In order: each partner got its events as its change feed lists them.
  const feedOrder = async (partner: string, cursor: string) => {
    const ids: string[] = [];
    for (let page = await readFeed(partner, cursor); page.events.length > 0; page = await readFeed(partner, page.nextCursor)) ids.push(...page.events.map((e) => e.id));
    return ids;
  };
  const readFeed = (partnerId: string, cursor: string) => store.listChanges({ partnerId, cursor, limit: 100, now: new Date().toISOString(), retainedSince: new Date(0).toISOString() });
  const feeds = await Promise.all(partners.map((p, i) => feedOrder(p, feedStarts[i]!)));
  await store.close();

  const times = [...arrivals.values()];
  const first = Math.min(...times.map((t) => t.at));
  const last = Math.max(...times.map((t) => t.at));
  const lags = times.map((t) => t.at - t.occurredAt).sort((a, b) => a - b);
  const inOrder = partners.every((p, i) => JSON.stringify(order.get(p) ?? []) === JSON.stringify(feeds[i]));
  const result = {
    engine: databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite', partners: partnerCount, events: jobs.length, writers,
    writtenPerSecond: Math.round(jobs.length / (writeMs / 1000)), delivered: arrivals.size, duplicates, inOrder,
    deliveredPerSecond: Math.round(arrivals.size / (Math.max(1, last - first) / 1000)), drainAfterWritesMs: last - writeEnd,
    // Once the writes stop, the backlog alone: what one instance delivers when writes do not limit it.
    drainPerSecond: Math.round((arrivals.size - deliveredDuringWrites) / (Math.max(1, last - writeEnd) / 1000)),
    lagP50Ms: percentile(lags, 0.5), lagP99Ms: percentile(lags, 0.99),
  };
  console.log(JSON.stringify(result));
  console.log(`${result.engine}: ${result.events} events written at ${result.writtenPerSecond}/s, delivered ${result.delivered} at ${result.deliveredPerSecond}/s, the backlog after the writes at ${result.drainPerSecond}/s (${duplicates} twice, in order: ${inOrder}); lag p50 ${result.lagP50Ms} ms, p99 ${result.lagP99Ms} ms`);
} finally {
  await stopAll();
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
