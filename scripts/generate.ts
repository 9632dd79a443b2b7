/**
 * Derives everything generated from the contract in openapi/:
 *   generated/openapi.json    the bundled document, with each operation's code samples (x-codeSamples)
 *   generated/openapi.yaml    the same document as YAML (served at /openapi.yaml, shipped in the kit)
 *   generated/api.ts          its TypeScript types (openapi-typescript), for the server
 *   generated/postman.json    a Postman v2.1 collection of it
 *   client/generated/api.ts   the same types inside the client package, which ships them
 *   generated/studio/         the studio API contract (openapi/studio/): openapi.json, openapi.yaml and
 *                             api.ts, the same way; no code samples or Postman collection (partners never see it)
 * Usage: tsx scripts/generate.ts [--out <dir>]  (default: the repository; <dir> gets the same layout)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import yaml from 'js-yaml';
import openapiTS, { astToString } from 'openapi-typescript';
import { withCodeSamples } from './code-samples.js';
import { toPostman } from './postman.js';

const root = resolve(import.meta.dirname, '..');
const outFlag = process.argv.indexOf('--out');
const outRoot = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : root;
const NOTICE = 'DO NOT EDIT: generated from openapi/ by `npm run generate`.';

/** What `npm run generate` writes, relative to the repository (or --out). */
const GENERATED_FILES = [
  'generated/openapi.json',
  'generated/openapi.yaml',
  'generated/api.ts',
  'generated/postman.json',
  'client/generated/api.ts',
  'generated/studio/openapi.json',
  'generated/studio/openapi.yaml',
  'generated/studio/api.ts',
];

/** The bundled document of the contract rooted at `entry` (relative to the repository). */
function bundle(entry: string, tmp: string): Record<string, unknown> {
  const bundled = join(tmp, 'bundled.json');
  execFileSync(join(root, 'node_modules/.bin/redocly'), ['bundle', entry, '-o', bundled], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return JSON.parse(readFileSync(bundled, 'utf8')) as Record<string, unknown>;
}

async function typesOf(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as never, { alphabetize: false, immutable: false });
  return `// ${NOTICE}\n/* eslint-disable */\n${astToString(ast)}`;
}

const tmp = mkdtempSync(join(tmpdir(), 'contract-'));
const files = new Map<string, string>();
try {
  const doc = bundle('openapi/openapi.yaml', tmp);
  // JSON has no comments: the notice travels as a vendor extension at the top of the document.
  const published = withCodeSamples({ 'x-generated': NOTICE, ...doc });
  files.set('generated/openapi.json', JSON.stringify(published, null, 2) + '\n');
  files.set('generated/openapi.yaml', `# ${NOTICE}\n${yaml.dump(published, { lineWidth: -1, noRefs: true })}`);

  const types = await typesOf(doc);
  files.set('generated/api.ts', types);
  files.set('client/generated/api.ts', types);

  files.set('generated/postman.json', JSON.stringify(await toPostman(published), null, 2) + '\n');

  const studio = { 'x-generated': NOTICE, ...bundle('openapi/studio/openapi.yaml', tmp) };
  files.set('generated/studio/openapi.json', JSON.stringify(studio, null, 2) + '\n');
  files.set('generated/studio/openapi.yaml', `# ${NOTICE}\n${yaml.dump(studio, { lineWidth: -1, noRefs: true })}`);
  files.set('generated/studio/api.ts', await typesOf(studio));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
for (const name of GENERATED_FILES) {
  const target = join(outRoot, name);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, files.get(name)!);
}
console.log(`generated ${GENERATED_FILES.join(', ')}${outRoot === root ? '' : ` under ${outRoot}`}`);
