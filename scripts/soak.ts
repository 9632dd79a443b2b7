/**
 * `tsx scripts/soak.ts --base http://host:3000 --api-key pk_... --api-secret sk_... [--metrics http://host:9464/metrics | --pid N] [--minutes 60] [--concurrency 8] [--interval-ms 60000]`:
 * a soak against a running instance. Partner reads (catalog pages, series, searches) at a fixed
 * concurrency for the whole duration; every interval (a minute by default) one line with the
 * instance's RSS (from /proc of --pid on this machine, else process_resident_memory_bytes from
 * --metrics), the peak RSS so far, and the partners' request count, errors, p50 and p99 over that
 * interval. The budget it is read against: 300 MB RSS, and the same p99 in the first minute as the
 * tenth (docs/performance.md). A measurement, not a test.
 */
import { parseArgs } from 'node:util';
import { memory } from './lib/process-stats.js';

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
const catalog = (await (await fetch(`${base}/api/partner/content/catalog?limit=50`, { headers })).json()) as { items: Array<{ id: string }>; next_cursor: string | null };
const paths = [
  '/api/partner/content/catalog?limit=20',
  '/api/partner/content/catalog?limit=50&sort=updated_at',
  ...(catalog.next_cursor ? [`/api/partner/content/catalog?limit=50&cursor=${encodeURIComponent(catalog.next_cursor)}`] : []),
  ...['harbour', 'the', 'lig', 'kestrel bay'].map((q) => `/api/partner/content/search?q=${encodeURIComponent(q)}`),
  ...catalog.items.map((s) => `/api/partner/content/series/${s.id}`),
];

let window: number[] = [];
let errors = 0;
let peak = 0;
const started = performance.now();
const end = started + durationMs;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const report = setInterval(() => {
  void (async () => {
    const ms = window.sort((a, b) => a - b);
    const erred = errors;
    window = [];
    errors = 0;
    const rss = await rssMb();
    peak = Math.max(peak, rss);
    const minute = Math.round((performance.now() - started) / intervalMs);
    console.log(JSON.stringify({ minute, rssMb: rss, peakRssMb: peak, requests: ms.length, errors: erred, p50: Math.round(percentile(ms, 50) * 10) / 10, p99: Math.round(percentile(ms, 99) * 10) / 10 }));
  })();
}, intervalMs);

const tokenRefresh = setInterval(() => void token().then((t) => (headers = { Authorization: `Bearer ${t}` })), 12 * 3_600_000);
await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    for (let i = worker; performance.now() < end; i++) {
      const t = performance.now();
      try {
        const res = await fetch(base + paths[i % paths.length]!, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      window.push(performance.now() - t);
    }
  }),
);
clearInterval(tokenRefresh);
// The last interval's line, then done.
await new Promise((r) => setTimeout(r, 50));
clearInterval(report);
console.log(JSON.stringify({ done: true, minutes: Number(values.minutes), peakRssMb: Math.max(peak, await rssMb()) }));
