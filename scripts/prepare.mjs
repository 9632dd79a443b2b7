// npm runs `prepare` after every install, including production ones (`npm ci --omit=dev`) that have
// no TypeScript: there nothing can be compiled, so say so and skip instead of failing the install
// (a production deployment ships the dist/ it built; README "Running in production"). With
// TypeScript present, it builds the client and the server, and a build error fails the install.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
try {
  require.resolve('typescript');
} catch {
  console.log('prepare: TypeScript is not installed (production install); skipping the build');
  process.exit(0);
}
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.client.json'], { stdio: 'inherit' });
execFileSync(process.execPath, [join(import.meta.dirname, 'build.mjs')], { stdio: 'inherit' });
