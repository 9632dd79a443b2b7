/**
 * `tsx scripts/soak.ts --base http://host:3000 --api-key pk_... --api-secret sk_... [--metrics http://host:9464/metrics | --pid N] [--minutes 60] [--concurrency 8] [--interval-ms 60000] [--seed 1]`:
 * a soak against a running instance. Partner reads at a fixed concurrency for the whole duration,
 * varied as partners send them (scripts/lib/soak-mix.ts: catalog walks, searches, series); every interval (a minute by default) one line with the
 * instance's RSS (from /proc of --pid on this machine, else process_resident_memory_bytes from
 * --metrics), the peak RSS so far, and the partners' request count, errors, p50 and p99 over that
 * interval, and the p99 of each kind. The budget it is read against: 300 MB RSS, and the same p99 in the first minute as the
 * tenth (docs/performance.md). A measurement, not a test.
 */
import { parseArgs } from 'node:util';
import { memory } from './lib/process-stats.js';
import { soakMix } from './lib/soak-mix.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    'api-key': { type: 'string' },
    'api-secret': { type: 'string' },
    metrics: { type: 'string' },
    pid: { type: 'string' },
    minutes: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '8' },
    'interval-ms': { type: 'string', default: '60000' },
    seed: { type: 'string', default: '1' },
  },
});
const { base, metrics } = values;
if (!base || !values['api-key'] || !values['api-secret'] || (!metrics && !values.pid)) {
  console.error('usage: tsx scripts/soak.ts --base URL --api-key KEY --api-secret SECRET (--metrics URL | --pid N) [--minutes 60] [--concurrency 8] [--interval-ms 60000]');
  process.exit(2);
}
const durationMs = Number(values.minutes) * 60_000;
const intervalMs = Number(values['interval-ms']);
const concurrency = Number(values.concurrency);

async function rssMb(): Promise<number> {
  if (values.pid) return Math.round(memory(Number(values.pid)).rssKb / 102.4) / 10;
  const text = await (await fetch(metrics!)).text();
  const bytes = Number(/^process_resident_memory_bytes (\S+)/m.exec(text)?.[1] ?? NaN);
  return Math.round(bytes / 104_857.6) / 10;
}

async function token(): Promise<string> {
  const res = await fetch(`${base}/api/partner/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ api_key: values['api-key'], api_secret: values['api-secret'] }) });
  if (res.status !== 200) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

// Tokens live 24 hours at most: a soak longer than that authenticates again.
let headers = { Authorization: `Bearer ${await token()}` };
const mix = soakMix(Number(values.seed), concurrency);
const kindOf = (path: string) => (path.includes('/search?') ? 'search' : path.includes('/catalog?') ? 'catalog' : 'series');

let window: Array<{ kind: string; ms: number }> = [];
let errors = 0;
let peak = 0;
const started = performance.now();
const end = started + durationMs;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

const report = setInterval(() => {
  void (async () => {
    const taken = window;
    const erred = errors;
    window = [];
    errors = 0;
    const rss = await rssMb();
    peak = Math.max(peak, rss);
    const minute = Math.round((performance.now() - started) / intervalMs);
    const all = taken.map((t) => t.ms).sort((a, b) => a - b);
    const p99By: Record<string, number> = {};
    for (const kind of ['catalog', 'search', 'series']) p99By[kind] = round(percentile(taken.filter((t) => t.kind === kind).map((t) => t.ms).sort((a, b) => a - b), 99));
    console.log(JSON.stringify({ minute, rssMb: rss, peakRssMb: peak, requests: all.length, errors: erred, p50: round(percentile(all, 50)), p99: round(percentile(all, 99)), p99By }));
  })();
}, intervalMs);

const tokenRefresh = setInterval(() => void token().then((t) => (headers = { Authorization: `Bearer ${t}` })), 12 * 3_600_000);
await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    while (performance.now() < end) {
      const path = mix.next(worker);
      const t = performance.now();
      try {
        const res = await fetch(base + path, { headers });
        const body = await res.text();
        // A series met on a walk can lose its grant meanwhile: 404 is an answer, not an error.
        if (res.status !== 200 && res.status !== 404) errors++;
        mix.answered(worker, path, res.status, body);
      } catch {
        errors++;
      }
      window.push({ kind: kindOf(path), ms: performance.now() - t });
    }
  }),
);
clearInterval(tokenRefresh);
// The last interval's line, then done.
await new Promise((r) => setTimeout(r, 50));
clearInterval(report);
console.log(JSON.stringify({ done: true, minutes: Number(values.minutes), peakRssMb: Math.max(peak, await rssMb()) }));
