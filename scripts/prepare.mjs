// npm runs `prepare` after every install, including production ones (`npm ci --omit=dev`) that have
// no TypeScript: there the compiled client cannot be built, so say so and skip instead of failing
// the install. With TypeScript present, a build error fails the install as it should.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url).resolve('typescript');
} catch {
  console.log('prepare: TypeScript is not installed (production install); skipping the client build');
  process.exit(0);
}
execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.client.json'], { stdio: 'inherit' });
