// `npm run build:console`: bundles the studio console (console/, a workspace) with Vite into
// console/dist/, which the studio listener serves at `/`. npm install and npm test run it with
// --if-stale: it rebuilds only when a console source, the studio contract's generated types or the
// lockfile is newer than the last bundle.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const consoleDir = join(root, 'console');
const built = join(consoleDir, 'dist/index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

if (process.argv.includes('--if-stale') && existsSync(built)) {
  const sources = ['console/src', 'console/index.html', 'console/vite.config.ts', 'console/package.json', 'generated/studio/api.ts', 'package-lock.json'];
  if (Math.max(...sources.map((p) => newest(join(root, p)))) <= statSync(built).mtimeMs) process.exit(0);
}

let vite;
try {
  // vite's exports map does not list its bin: find it from its package.json.
  vite = join(dirname(createRequire(join(consoleDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
} catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND') throw error;
  if (existsSync(built)) process.exit(0);
  console.error('build-console: console/dist is missing and Vite is not installed. Build where dev dependencies are installed (npm ci && npm run build:console).');
  process.exit(1);
}
console.error('build-console: bundling the studio console');
execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: consoleDir, stdio: 'inherit' });
