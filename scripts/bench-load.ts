/**
 * The load generator of `npm run bench`, run as its own process so the load never shares an
 * event loop with the server it measures. It takes one JSON job (a file path argument), runs
 * autocannon against 127.0.0.1 only, and prints one JSON line with the result.
 *
 * Job: { url, paths: string[], headers, connections, durationSeconds, warmupSeconds }
 * Every connection cycles through `paths` in order, so a mix of queries is spread evenly.
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
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  /** Mean requests per second over the measured window. */
  rps: number;
  /** Latency percentiles of 2xx responses, in milliseconds (autocannon's 1 ms resolution). */
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

function run(job: LoadJob, seconds: number): Promise<autocannon.Result> {
  const base = new URL(job.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error(`bench-load: refusing to load ${base.hostname}; only 127.0.0.1`);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: seconds,
        headers: job.headers,
        requests: job.paths.map((path) => ({ method: 'GET', path })),
        timeout: 10,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
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
  if (job.warmupSeconds > 0) await run(job, job.warmupSeconds);
  const r = await run(job, job.durationSeconds);
  const l = r.latency as autocannon.Histogram & { p50: number; p90: number; p99: number };
  const out: LoadResult = {
    requests: r.requests.total,
    durationSeconds: r.duration,
    rps: Math.round(r.requests.total / r.duration),
    p50: l.p50,
    p90: l.p90,
    p99: l.p99,
    max: l.max,
    mean: Math.round(l.average * 100) / 100,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSecond: Math.round(r.throughput.total / r.duration),
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((err: unknown) => {
  console.error(`bench-load: ${(err as Error).message}`);
  process.exit(1);
});
