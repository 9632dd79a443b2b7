/**
 * The command line of `npm run bench` (its usage is the header of scripts/bench.ts): the run's
 * settings, operations and targets, and where it writes.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATIONS, type Operation } from './bench-mixes.js';
import type { BenchSettings, Target } from './bench-report.js';

export interface BenchOptions {
  help: boolean;
  settings: BenchSettings;
  smoke: boolean;
  name: string;
  /** DATABASE_URL of the catalog; by default a cached file per size (smoke runs: a temporary one). */
  databaseUrl: string | undefined;
  ops: Operation[];
  /** In the order each round measures them. */
  targets: Target[];
  /** Another checkout whose build is measured as the `baseline` target. */
  baselineDir: string | undefined;
  outJson: string;
  outMd: string | undefined;
  /** Logs and job files; removed after a smoke run. */
  workDir: string;
  smokeDir: string | undefined;
}

export function readOptions(argv: string[], root: string): BenchOptions {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '50' },
      series: { type: 'string' },
      'episodes-per-season': { type: 'string' },
      scale: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      database: { type: 'string' },
      baseline: { type: 'string' },
      name: { type: 'string' },
      out: { type: 'string' },
      md: { type: 'string' },
      'no-md': { type: 'boolean', default: false },
      'log-level': { type: 'string', default: 'warn' },
      'prism-log-level': { type: 'string', default: 'info' },
      'no-info-log': { type: 'boolean', default: false },
      'no-uncached': { type: 'boolean', default: false },
      rounds: { type: 'string' },
      ops: { type: 'string' },
      targets: { type: 'string', default: 'bare,server,prism,bare-app' },
      help: { type: 'boolean', default: false },
    },
  });
  const { smoke, scale } = args;
  const settings: BenchSettings = {
    connections: Number(args.connections),
    /** Measured seconds per round; the targets' rounds are interleaved. */
    durationSeconds: Number(args.duration ?? (smoke ? 1 : 5)),
    rounds: Number(args.rounds ?? (smoke ? 1 : 3)),
    warmupSeconds: Number(args.warmup ?? (smoke ? 0 : 3)),
    series: Number(args.series ?? (smoke ? 60 : scale ? 100_000 : 10_000)),
    episodesPerSeason: args['episodes-per-season'] !== undefined ? Number(args['episodes-per-season']) : scale ? 5 : undefined,
    logLevel: args['log-level'],
    /** Prism's own default, as `npm run mock` runs it. */
    prismLogLevel: args['prism-log-level'],
    infoLog: !smoke && !args['no-info-log'],
    /** Also measure getCatalog and search with the response cache off. */
    uncached: !args['no-uncached'],
  };
  const name = args.name ?? (smoke ? 'smoke' : scale ? 'scale' : 'default') + (args.database?.startsWith('postgres') ? '-postgres' : '');
  const smokeDir = smoke && !args.help ? mkdtempSync(join(tmpdir(), 'pcas-bench-')) : undefined;
  const workDir = smokeDir ?? join(root, '.tmp/bench');
  mkdirSync(workDir, { recursive: true });

  const baselineDir = args.baseline === undefined ? undefined : resolve(args.baseline);
  if (baselineDir && !existsSync(join(baselineDir, 'dist/server/main.js'))) {
    throw new Error(`--baseline ${baselineDir}: no dist/server/main.js there; build it first (npm run build in that checkout)`);
  }
  const ops = (args.ops ? args.ops.split(',') : [...OPERATIONS]) as Operation[];
  for (const op of ops) if (!OPERATIONS.includes(op)) throw new Error(`unknown operation ${op}`);
  const targets = args.targets.split(',') as Target[];
  // The baseline runs next to the server in every round, so both meet the machine alike.
  if (baselineDir && !targets.includes('baseline')) targets.splice(targets.indexOf('server') + 1, 0, 'baseline');

  return {
    help: args.help,
    settings,
    smoke,
    name,
    databaseUrl: args.database ?? (smokeDir ? join(smokeDir, 'catalog.db') : undefined),
    ops,
    targets,
    baselineDir,
    outJson: resolve(args.out ?? (smokeDir ? join(smokeDir, 'bench.json') : join(root, `docs/bench/${name}.json`))),
    outMd: args['no-md'] || smoke ? undefined : resolve(args.md ?? join(root, 'docs/benchmarks.md')),
    workDir,
    smokeDir,
  };
}

/** The `--env NAME=value` options of the benchmark scripts, as an environment; the value is everything after the first '=' (NODE_OPTIONS values hold more). */
export function envAssignments(pairs: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((kv) => {
      const at = kv.indexOf('=');
      if (at < 1) throw new RangeError(`--env takes NAME=value, got ${kv}`);
      return [kv.slice(0, at), kv.slice(at + 1)];
    }),
  );
}
