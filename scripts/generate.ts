/**
 * Derives everything generated from the contract in openapi/: the bundled document
 * (generated/openapi.json) and its TypeScript types (generated/api.ts).
 * Usage: tsx scripts/generate.ts [--out <dir>]  (default: generated/)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = resolve(import.meta.dirname, '..');
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : join(root, 'generated');
const NOTICE = 'DO NOT EDIT: generated from openapi/ by `npm run generate`.';

mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'contract-'));
try {
  const bundled = join(tmp, 'openapi.json');
  execFileSync(join(root, 'node_modules/.bin/redocly'), ['bundle', 'openapi/openapi.yaml', '-o', bundled], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const doc = JSON.parse(readFileSync(bundled, 'utf8')) as Record<string, unknown>;
  // JSON has no comments: the notice travels as a vendor extension at the top of the document.
  const withNotice = { 'x-generated': NOTICE, ...doc };
  writeFileSync(join(outDir, 'openapi.json'), JSON.stringify(withNotice, null, 2) + '\n');

  const ast = await openapiTS(doc as never, { alphabetize: false, immutable: false });
  writeFileSync(join(outDir, 'api.ts'), `// ${NOTICE}\n/* eslint-disable */\n${astToString(ast)}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`generated ${join(outDir, 'openapi.json')} and ${join(outDir, 'api.ts')}`);
