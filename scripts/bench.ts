/**
 * `npm run bench`: measures the real server against its ceilings, side by side, in one run.
 *
 * 1. A generated catalog (scripts/generate-catalog.ts, cached under .tmp/bench/ by size).
 * 2. The real server started as `npm start` starts it (the compiled server under node, see
 *    package.json), PORT=0, rate limits raised with BENCH_RATE_LIMIT_MULTIPLIER, authenticated
 *    once as the catalog's bench partner. With --baseline DIR, a second server started the same
 *    way from DIR's build (DIR/dist/server/main.js: another checkout, built with `npm run build`)
 *    on the same catalog, measured in the same interleaved rounds: what a change costs.
 * 3. The ceiling: scripts/bench-bare.ts, a bare Express 5 app serving the exact bytes the server
 *    answered for every benchmarked URL. The mock: Prism on the same contract.
 * 4. For each operation and target, autocannon in a second process (scripts/bench-load.ts) on
 *    127.0.0.1: warm-up, then the measured window. RSS and CPU of the target's processes are
 *    sampled from /proc meanwhile (scripts/lib/bench-sampling.ts).
 * 5. Requests per second, p50/p99, peak RSS, the ratios server/bare and server/Prism, the budget
 *    lines, the change against the baseline, and at catalog scale start-up time, memory, paging,
 *    lookup and search latency; written as JSON (docs/bench/<name>.json) and as a table in
 *    docs/benchmarks.md (scripts/lib/bench-report.ts).
 *
 *   npm run bench                      # 10,000 series (~150k episodes), 3 interleaved rounds of 5 s per target
 *   npm run bench -- --scale           # 100,000 series, 1.1M episodes
 *   npm run bench -- --smoke           # a second per target on a tiny catalog, output to .tmp/
 *   npm run bench -- --database postgres://postgres@127.0.0.1:5432/pcas_bench
 *   npm run bench -- --baseline ../main --ops getCatalog --name baseline   # this checkout against ../main
 *
 * The benchmark is a script, never a test: test/bench/smoke.test.ts only proves it still runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ensureCatalog, type CatalogManifest } from './generate-catalog.js';
import { authenticate, buildMixes, get, type Operation } from './lib/bench-mixes.js';
import { readOptions } from './lib/bench-options.js';
import { budget, compareBaseline, ratios, writeMarkdown, type Result, type Row, type Target, type VariantRow } from './lib/bench-report.js';
import { machineOf, gitCommit } from './lib/machine.js';
import { combineRounds, load, sequentialLatency, type LoadSettings, type Measured } from './lib/bench-sampling.js';
import { mb, memory, servingPid } from './lib/process-stats.js';
import { freePort, start, startNodeArgs, stopAll, type Child } from './lib/processes.js';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const HOST = '127.0.0.1';

const { help, settings, smoke, name, databaseUrl, ops, targets, baselineDir, outJson, outMd, workDir, smokeDir } = readOptions(process.argv.slice(2), root);
if (help) {
  console.log(readFileSync(import.meta.filename, 'utf8').split('*/')[0]);
  process.exit(0);
}

// The server is measured compiled, as `npm start` runs it: build first when sources changed.
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
const loadSettings: LoadSettings = { root, workDir, connections: settings.connections, durationSeconds: settings.durationSeconds };

/** Scale-report mixes that have no ceiling to compare with: only the servers run them. */
const SERVER_ONLY: Operation[] = ['catalogPaging'];
/**
 * `bare-app`: the bare route served the way the server is (server/http/app-server.ts: requests made
 * with Express's prototypes, so Express's per-request prototype change costs nothing). Not the
 * ceiling of the budget, which is a bare Express route as one writes it; measured for getCatalog
 * only, to show what that construction alone is worth.
 */
const BARE_APP_ONLY: Operation[] = ['getCatalog'];

const log = (line: string) => console.log(line);

process.on('exit', () => {
  if (smokeDir) rmSync(smokeDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** Started in its own group, output to a file (a pipe read here would add our CPU to the measurement). */
function startTarget(label: string, command: string, argv: string[], ready: RegExp | (() => Promise<RegExpExecArray | undefined>), options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Child> {
  return start({ name: label, command, args: argv, cwd: options.cwd ?? root, env: options.env, ready, logFile: join(workDir, `${label}.log`), readyTimeoutMs: 120_000, stopTimeoutMs: 15_000 });
}

/**
 * The server as `npm start` runs it (package.json "start": the compiled server under plain node,
 * one process, V8's young generation capped at 4 MB per semi-space and its heaps' growth held down), from this checkout or from
 * the baseline's: the same flags, the same catalog, the same environment.
 */
function startServer(manifest: CatalogManifest, logLevel: string, env: Record<string, string> = {}, checkout = root): Promise<Child> {
  const argv = startNodeArgs(root, checkout);
  // The search queue holds every connection's search: this bench measures what a search costs,
  // not load shedding (bench:varied's mixed run measures that), and a 503 would end the run.
  const serverEnv = { PORT: '0', HOST, DATABASE_URL: manifest.databaseUrl, BENCH_RATE_LIMIT_MULTIPLIER: '1000000', SEARCH_QUEUE_LENGTH: String(Math.max(32, settings.connections * 2)), LOG_LEVEL: logLevel, METRICS_PORT: '0', STUDIO_PORT: '0', NODE_ENV: 'development', ...env };
  return startTarget(`${checkout === root ? 'server' : 'baseline'}-${logLevel}`, process.execPath, argv, /listening on http:\/\/localhost:(\d+)/, { cwd: checkout, env: serverEnv });
}

/** Every URL must answer 200, or the numbers would be of error pages. */
async function expectOk(label: string, base: string, paths: string[], headers: Record<string, string>): Promise<void> {
  for (const path of paths) {
    const r = await get(base, path, headers);
    if (r.status !== 200) throw new Error(`${label} answered ${r.status} to ${path}: ${r.body.toString().slice(0, 300)}`);
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  log(`bench "${name}": ${settings.series} series, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.rounds} interleaved rounds of ${settings.durationSeconds} s per target`);
  const manifest = await ensureCatalog(
    { series: settings.series, episodesPerSeason: settings.episodesPerSeason, databaseUrl },
    { log },
  );
  log(`catalog: ${manifest.series} series, ${manifest.episodes} episodes (${manifest.engine})`);

  const server = await startServer(manifest, settings.logLevel);
  const base = `http://${HOST}:${server.ready[1]}`;
  const serverPid = servingPid(server.pid);
  const idle = memory(serverPid);
  log(`server ready in ${server.startMs} ms, RSS ${mb(idle.rssKb)} MB`);
  const headers = { authorization: `Bearer ${await authenticate(base, manifest)}` };
  const mixes = await buildMixes(base, headers, manifest, smoke ? 2 : 10);

  // Every URL once through the server: it must answer 200, and its bytes feed the ceiling.
  const recorded: Record<string, { contentType: string; body: string }> = {};
  for (const op of ops) {
    for (const path of mixes[op]) {
      const r = await get(base, path, headers);
      if (r.status !== 200) throw new Error(`server answered ${r.status} to ${path}: ${r.body.toString().slice(0, 300)}`);
      recorded[path] = { contentType: r.contentType, body: r.body.toString('base64') };
    }
  }
  const responsesFile = join(workDir, `bare-responses-${process.pid}.json`);
  writeFileSync(responsesFile, JSON.stringify(recorded));

  // Each target: where it listens, which process tree to sample, the headers it is sent.
  const running = new Map<Target, { url: string; pid: number; headers: Record<string, string> }>([['server', { url: base, pid: server.pid, headers }]]);
  if (baselineDir && targets.includes('baseline')) {
    const baseline = await startServer(manifest, settings.logLevel, {}, baselineDir);
    const url = `http://${HOST}:${baseline.ready[1]}`;
    const baselineHeaders = { authorization: `Bearer ${await authenticate(url, manifest)}` };
    await expectOk('the baseline', url, ops.flatMap((op) => mixes[op]), baselineHeaders);
    running.set('baseline', { url, pid: baseline.pid, headers: baselineHeaders });
    log(`baseline ${baselineDir} ready in ${baseline.startMs} ms`);
  }
  const bareArgs = ['scripts/bench-bare.ts', responsesFile];
  if (targets.includes('bare')) {
    const bare = await startTarget('bare', tsx, bareArgs, /bare listening on (http:\/\/\S+)/);
    running.set('bare', { url: bare.ready[1]!, pid: bare.pid, headers });
  }
  if (targets.includes('bare-app') && ops.some((o) => BARE_APP_ONLY.includes(o))) {
    const bareApp = await startTarget('bare-app', tsx, [...bareArgs, '--app-prototypes'], /bare listening on (http:\/\/\S+)/);
    running.set('bare-app', { url: bareApp.ready[1]!, pid: bareApp.pid, headers });
  }
  let prism: Child | undefined;
  if (targets.includes('prism')) {
    const url = `http://${HOST}:${await freePort(HOST)}`;
    const argv = ['mock', '--host', HOST, '--port', url.split(':')[2]!, '--verboseLevel', settings.prismLogLevel, 'generated/openapi.json'];
    // Below info Prism announces nothing: it is ready when it answers.
    const answers = () =>
      fetch(`${url}/api/partner/content/catalog`, { headers: { authorization: 'Bearer x' } }).then(
        (r) => (r.status === 200 ? /(.*)/.exec(url)! : undefined),
        () => undefined,
      );
    prism = await startTarget('prism', join(root, 'node_modules/.bin/prism'), argv, answers);
    await expectOk('Prism', url, ops.filter((o) => !SERVER_ONLY.includes(o)).flatMap((op) => mixes[op]), headers);
    running.set('prism', { url, pid: prism.pid, headers });
  }

  const rows: Row[] = [];
  const loadBefore = loadavg()[0]!;
  for (const op of ops) {
    const rounds = new Map<Target, Measured[]>();
    for (let round = 0; round < settings.rounds; round++) {
      // The server and the baseline take turns going first, so neither always meets what the other left behind.
      const order = running.has('baseline') && round % 2 === 1 ? targets.map((t) => (t === 'server' ? 'baseline' : t === 'baseline' ? 'server' : t)) : targets;
      for (const target of order) {
        const t = running.get(target);
        if (!t || (SERVER_ONLY.includes(op) && target !== 'server' && target !== 'baseline') || (target === 'bare-app' && !BARE_APP_ONLY.includes(op))) continue;
        // The first round warms the target up fully; later ones only refill the connections.
        const r = await load(loadSettings, { url: t.url, paths: mixes[op], headers: t.headers, watchPid: t.pid }, round === 0 ? settings.warmupSeconds : Math.min(1, settings.warmupSeconds));
        rounds.set(target, [...(rounds.get(target) ?? []), r]);
        log(`  ${op.padEnd(14)} ${target.padEnd(8)} round ${round + 1}: ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${r.cpuMsPerRequest} ms/req`);
      }
    }
    for (const [target, results] of rounds) {
      const r = combineRounds(results);
      rows.push({ operation: op, target, urls: mixes[op].length, ...r });
      log(`  ${op.padEnd(14)} ${target.padEnd(8)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  RSS ${r.peakRssMb} MB  CPU ${r.cpuPercent}% (${r.cpuMsPerRequest} ms/req)${r.non2xx || r.errors ? `  non-2xx ${r.non2xx} errors ${r.errors}` : ''}`);
    }
  }
  const loadAfter = loadavg()[0]!;

  const serverHwm = mb(memory(serverPid).hwmKb);
  const prismHwm = prism ? mb(memory(servingPid(prism.pid)).hwmKb) : undefined;
  await stopAll();

  // The same operations on servers started differently: the production default log level (when
  // the run used another), and the response cache off, so every request is rebuilt and validated.
  const variantRows: VariantRow[] = [];
  let searchQueries: Result['searchQueries'] = [];
  const variants: Array<{ variant: string; logLevel: string; env: Record<string, string> }> = [
    ...(settings.infoLog && settings.logLevel !== 'info' ? [{ variant: 'LOG_LEVEL=info', logLevel: 'info', env: {} }] : []),
    ...(settings.uncached ? [{ variant: 'RESPONSE_CACHE_MB=0', logLevel: settings.logLevel, env: { RESPONSE_CACHE_MB: '0' } }] : []),
  ];
  for (const v of variants) {
    const vServer = await startServer(manifest, v.logLevel, v.env);
    const vBase = `http://${HOST}:${vServer.ready[1]}`;
    const vHeaders = { authorization: `Bearer ${await authenticate(vBase, manifest)}` };
    for (const op of ['getCatalog', 'searchCatalog'] as const) {
      if (!ops.includes(op)) continue;
      const r = await load(loadSettings, { url: vBase, paths: mixes[op], headers: vHeaders, watchPid: vServer.pid }, settings.warmupSeconds);
      variantRows.push({ operation: op, target: 'server', variant: v.variant, urls: mixes[op].length, ...r });
      log(`  ${op.padEnd(14)} server (${v.variant}) ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${r.cpuMsPerRequest} ms/req`);
    }
    // Per-query latency of the search mix at one connection, each query built afresh: which are slow.
    if (v.env.RESPONSE_CACHE_MB === '0' && ops.includes('searchCatalog')) searchQueries = await sequentialLatency(vBase, mixes.searchCatalog, vHeaders, smoke ? 1 : 7);
    await vServer.stop();
  }
  rmSync(responsesFile, { force: true });

  const baseline = baselineDir ? compareBaseline(rows, baselineDir, gitCommit(baselineDir)) : undefined;
  const result: Result = {
    name,
    date: startedAt.toISOString(),
    machine: machineOf(loadBefore, loadAfter),
    settings: { ...settings, engine: manifest.engine, rateLimitMultiplier: 1_000_000 },
    catalog: { series: manifest.series, episodes: manifest.episodes, engine: manifest.engine, importSeconds: manifest.importSeconds },
    server: { startupMs: server.startMs, idleRssMb: mb(idle.rssKb), peakRssMb: serverHwm },
    prism: prismHwm === undefined ? undefined : { peakRssMb: prismHwm },
    rows,
    variantRows,
    ratios: ratios(rows),
    baseline,
    searchQueries,
    budget: budget(rows, variantRows, manifest, serverHwm, baseline),
  };
  mkdirSync(dirname(outJson), { recursive: true });
  writeFileSync(outJson, JSON.stringify(result, null, 2) + '\n');
  log(`results: ${outJson}`);
  if (outMd) {
    writeMarkdown(outMd, result);
    log(`table: ${outMd} (section "${name}")`);
  }
  for (const b of result.budget) log(`  budget ${b.met === null ? 'n/a ' : b.met ? 'MET ' : 'MISS'} ${b.line}: ${b.measured}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`bench: ${(err as Error).stack ?? err}`);
    process.exit(1);
  },
);
