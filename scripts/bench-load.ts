/**
 * The load generator of `npm run bench`, run as its own process so the load never shares an
 * event loop with the server it measures. It takes one JSON job (a file path argument), runs
 * autocannon against 127.0.0.1 only, and prints one JSON line with the result: what the target
 * answered in the measured window, after the warm-up, on the connections the warm-up opened.
 *
 * Job: { url, paths: string[], headers, connections, durationSeconds, warmupSeconds, distinct?, rate? }
 * Every connection cycles through `paths` in order, so a mix of queries is spread evenly; with
 * `distinct`, the connections share one pass through `paths` instead, so no two requests ask
 * the same URL until it wraps around (the varied mixes, which the response cache must not answer).
 * With `rate`, the connections together send at most that many requests per second (autocannon's
 * overallRate): two servers compared at one rate spend their CPU on the same requests, so a
 * difference in CPU per request is what each request costs, not a difference in how many
 * requests an event-loop turn takes in.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  distinct?: boolean;
  /** Requests per second across all connections; as fast as the target answers when absent. */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  /** Mean requests per second over the measured window. */
  rps: number;
  /** Latency percentiles of the window's 2xx responses, in milliseconds (autocannon's per-response time, to 0.1 ms). */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
}

/** The value below which `q` of the sorted values fall (nearest rank). */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * One autocannon run of warm-up + window on the same connections; only responses completed in
 * the window count. Separate runs would open fresh connections for the window, and against a
 * target that is saturated, a new connection's first request waits for the event loop to take
 * it in (about one connection per pass over the busy ones: seconds when each request costs
 * milliseconds, for any Node server), which is connection set-up, not the steady state a
 * partner's keep-alive client sees.
 */
function run(job: LoadJob): Promise<LoadResult> {
  const base = new URL(job.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error(`bench-load: refusing to load ${base.hostname}; only 127.0.0.1`);
  const latencies: number[] = [];
  let requests = 0;
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let next = 0;
  const started = performance.now();
  const windowStart = started + job.warmupSeconds * 1000;
  let windowEnd = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.warmupSeconds + job.durationSeconds,
        headers: job.headers,
        requests: job.distinct ? [{ method: 'GET', setupRequest: (req: autocannon.Request) => ({ ...req, path: job.paths[next++ % job.paths.length]! }) }] : job.paths.map((path) => ({ method: 'GET', path })),
        timeout: 10,
        ...(job.rate !== undefined ? { overallRate: job.rate } : {}),
      },
      (err) => {
        if (err) return reject(err);
        windowEnd = performance.now();
        const seconds = (windowEnd - windowStart) / 1000;
        latencies.sort((a, b) => a - b);
        const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
        resolve({
          requests,
          durationSeconds: Math.round(seconds * 100) / 100,
          rps: Math.round(requests / seconds),
          p50: round1(percentile(latencies, 0.5)),
          p90: round1(percentile(latencies, 0.9)),
          p99: round1(percentile(latencies, 0.99)),
          max: round1(latencies[latencies.length - 1] ?? 0),
          mean: Math.round(mean * 100) / 100,
          non2xx,
          errors,
          timeouts,
          bytesPerSecond: Math.round(bytes / seconds),
        });
      },
    );
    const inWindow = () => performance.now() >= windowStart;
    instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      if (!inWindow()) return;
      requests += 1;
      if (statusCode >= 200 && statusCode < 300) {
        latencies.push(responseTime);
        bytes += resBytes;
      } else non2xx += 1;
    });
    instance.on('reqError', (error: Error) => {
      if (!inWindow()) return;
      errors += 1;
      if (/timed out/.test(error.message)) timeouts += 1;
    });
  });
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadJob;
  if (job.paths.length === 0) throw new Error('bench-load: no paths');
  // Bounded: autocannon stops at its duration; this is the backstop if a target hangs.
  const guard = setTimeout(() => {
    console.error('bench-load: did not finish in time');
    process.exit(3);
  }, (job.warmupSeconds + job.durationSeconds + 30) * 1000);
  guard.unref();
  const out = await run(job);
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((err: unknown) => {
  console.error(`bench-load: ${(err as Error).message}`);
  process.exit(1);
});
