// `npm run build`: compiles the server and the admin CLI (tsconfig.build.json) to dist/server/, which
// `npm start` and `npm run admin` run with plain node. Plain JavaScript, so it runs where nothing
// can load TypeScript.
//
//   node scripts/build.mjs             # always compiles
//   node scripts/build.mjs --if-stale  # compiles only when a source is newer than the last build
//                                      # (npm start and npm test run this first)
//
// Without TypeScript installed (a production install, `npm ci --omit=dev`) it cannot compile: an
// existing build is used as it is, and a missing one is an error that says what to do.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist/server');
const stamp = join(out, '.built');
const ifStale = process.argv.includes('--if-stale');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function stale() {
  if (!existsSync(stamp)) return true;
  const sources = ['server', 'generated', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) => newest(join(root, p)));
  return Math.max(...sources) > statSync(stamp).mtimeMs;
}

if (ifStale && !stale()) process.exit(0);

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  if (existsSync(join(out, 'main.js'))) {
    if (ifStale) process.exit(0);
    console.error('build: TypeScript is not installed (production install); using the existing build in dist/server');
    process.exit(0);
  }
  console.error('build: dist/server is missing and TypeScript is not installed. Build where dev dependencies are installed (npm ci && npm run build), then ship dist/ with the package; see docs/operations.md, "Running one instance".');
  process.exit(1);
}

// From scratch into a folder of its own, so files of deleted sources do not linger, then swapped in
// with renames: a server starting meanwhile finds the old build or the new one, never half of one.
if (ifStale) console.error('build: compiling the server (sources changed since the last build)');
const work = join(root, 'dist', `.build-${process.pid}`);
rmSync(work, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', work], { stdio: 'inherit', cwd: root });
  writeFileSync(join(work, 'server/.built'), `${new Date().toISOString()}\n`);
  const old = `${work}-old`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(join(work, 'server'), out);
  rmSync(old, { recursive: true, force: true });
} finally {
  rmSync(work, { recursive: true, force: true });
}
