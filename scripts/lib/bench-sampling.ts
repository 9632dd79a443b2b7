/**
 * Load and sampling for `npm run bench`: one measured window of load on a target (autocannon in
 * its own process, scripts/bench-load.ts) while this process samples the target's memory and CPU
 * from /proc; the rounds of a target combined into one row; and single-connection latency per URL.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from '../bench-load.js';
import { CLOCK_TICKS, cpuTicks, descendants, mb, memory } from './process-stats.js';
import { sleep } from './processes.js';

export interface Sample {
  /** Peak RSS of the largest process of the tree (the one serving), MB. */
  peakRssMb: number;
  /** Peak RSS of the whole tree (launchers included), MB. */
  peakTreeRssMb: number;
  /** CPU used by the tree over the window, in percent of one core. */
  cpuPercent: number;
  /** CPU milliseconds the tree spent per request; robust to a busy machine. */
  cpuMsPerRequest?: number;
}

export type Measured = LoadResult & Sample;

/** What every window of a run shares. */
export interface LoadSettings {
  root: string;
  /** Where the job file of the load generator is written. */
  workDir: string;
  connections: number;
  durationSeconds: number;
}

/** RSS peaks sampled every 100 ms and CPU time over the window, of rootPid and its descendants. */
function sampler(rootPid: number): { stop(): Sample } {
  let peak = 0;
  let peakTree = 0;
  const pids = () => descendants(rootPid);
  const cpu0 = pids().reduce((s, p) => s + cpuTicks(p), 0);
  const t0 = performance.now();
  const tick = () => {
    let tree = 0;
    for (const p of pids()) {
      const { rssKb } = memory(p);
      tree += rssKb;
      peak = Math.max(peak, rssKb);
    }
    peakTree = Math.max(peakTree, tree);
  };
  tick();
  const timer = setInterval(tick, 100);
  return {
    stop() {
      clearInterval(timer);
      tick();
      const cpu = pids().reduce((s, p) => s + cpuTicks(p), 0) - cpu0;
      const seconds = (performance.now() - t0) / 1000;
      return { peakRssMb: mb(peak), peakTreeRssMb: mb(peakTree), cpuPercent: Math.round((cpu / CLOCK_TICKS / seconds) * 100) };
    },
  };
}

const perRequest = (cpuPercent: number, rps: number) => (rps > 0 ? Math.round((cpuPercent * 10 * 1000) / rps) / 1000 : 0);

let jobs = 0;

/**
 * One window of load on the target at url (warm-up, then the measured seconds), sampling the
 * process tree of watchPid during the measured seconds only.
 */
export async function load(
  settings: LoadSettings,
  target: { url: string; paths: string[]; headers: Record<string, string>; watchPid: number; distinct?: boolean; rate?: number },
  warmupSeconds: number,
): Promise<Measured> {
  const job: LoadJob = {
    url: target.url,
    paths: target.paths,
    headers: target.headers,
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds,
    distinct: target.distinct ?? false,
    ...(target.rate !== undefined ? { rate: target.rate } : {}),
  };
  // Several loads may run at once (bench-varied.ts's mixed run): one job file each.
  const jobFile = join(settings.workDir, `load-${process.pid}-${++jobs}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  const child = spawn(join(settings.root, 'node_modules/.bin/tsx'), [join(settings.root, 'scripts/bench-load.ts'), jobFile], { cwd: settings.root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), (warmupSeconds + settings.durationSeconds + 60) * 1000);
  await Promise.race([sleep(warmupSeconds * 1000), new Promise((r) => child.once('exit', r))]);
  const s = sampler(target.watchPid);
  const code = await new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', r)));
  clearTimeout(timer);
  const sample = s.stop();
  rmSync(jobFile, { force: true });
  if (code !== 0) throw new Error(`load generator failed (${code}): ${stderr}`);
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
  return { ...result, ...sample, cpuMsPerRequest: perRequest(sample.cpuPercent, result.rps) };
}

/**
 * One row from a target's rounds: requests per second over all measured seconds, the median
 * round's p50 and p99 (each round's are kept in `rounds`), peak memory, mean CPU.
 */
export function combineRounds(results: Measured[]): Measured & { rounds: Array<{ rps: number; p50: number; p99: number; cpuMsPerRequest?: number }> } {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const sum = (f: (r: Measured) => number) => results.reduce((a, r) => a + f(r), 0);
  const requests = sum((r) => r.requests);
  const durationSeconds = sum((r) => r.durationSeconds);
  const rps = Math.round(requests / durationSeconds);
  const cpuPercent = Math.round(sum((r) => r.cpuPercent * r.durationSeconds) / durationSeconds);
  return {
    requests,
    durationSeconds,
    rps,
    p50: median(results.map((r) => r.p50)),
    p90: median(results.map((r) => r.p90)),
    p99: median(results.map((r) => r.p99)),
    max: Math.max(...results.map((r) => r.max)),
    mean: Math.round((sum((r) => r.mean * r.requests) / Math.max(1, requests)) * 100) / 100,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    bytesPerSecond: Math.round(sum((r) => r.bytesPerSecond * r.durationSeconds) / durationSeconds),
    peakRssMb: Math.max(...results.map((r) => r.peakRssMb)),
    peakTreeRssMb: Math.max(...results.map((r) => r.peakTreeRssMb)),
    cpuPercent,
    cpuMsPerRequest: perRequest(cpuPercent, rps),
    rounds: results.map((r) => ({ rps: r.rps, p50: r.p50, p99: r.p99, cpuMsPerRequest: r.cpuMsPerRequest })),
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Single-connection latency of each URL, for the slowest-query table. */
export async function sequentialLatency(base: string, paths: string[], headers: Record<string, string>, repeat: number): Promise<Array<{ path: string; medianMs: number; maxMs: number }>> {
  const out = [];
  for (const path of paths) {
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out.push({ path, medianMs: round1(times[Math.floor(times.length / 2)]!), maxMs: round1(times[times.length - 1]!) });
  }
  return out;
}
