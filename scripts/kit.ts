/**
 * The partner kit: what a partner needs to integrate without the studio's repository, in one folder.
 *   openapi.json, openapi.yaml        the bundled contract (generated/)
 *   reference.html                    the offline reference (server/reference/build-reference.ts)
 *   <client>.tgz                      the typed client, packed from client/ (`npm pack`)
 *   partner-catalog.postman_collection.json   the Postman collection (generated/postman.json)
 *   README.md                         curl, the mock, the client, Postman, what the API promises (docs/partner-integration.md)
 * Usage: npm run kit [-- --out <dir>]  (default: dist/partner-kit; the folder is replaced)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildReference } from '../server/reference/build-reference.js';

const root = resolve(import.meta.dirname, '..');
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : join(root, 'dist/partner-kit');
const POSTMAN_FILE = 'partner-catalog.postman_collection.json';

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const name of ['openapi.json', 'openapi.yaml']) copyFileSync(join(root, 'generated', name), join(out, name));
copyFileSync(join(root, 'generated/postman.json'), join(out, POSTMAN_FILE));
writeFileSync(join(out, 'reference.html'), (await buildReference()).html);

// prepack compiles the client first, so the tarball holds what client/ says now.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--workspace', 'client', '--pack-destination', out, '--json', '--silent'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
) as Array<{ name: string; version: string; filename: string }>;
const client = packed[0];
if (!client) throw new Error('npm pack wrote no tarball');

const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')) as { info: { title: string; version: string } };
const slots: Record<string, string> = {
  title: contract.info.title,
  apiVersion: contract.info.version,
  clientPackage: client.name,
  clientVersion: client.version,
  clientTarball: client.filename,
  postmanFile: POSTMAN_FILE,
};
// The page is the repository's partner documentation too: its comments are for the repository's readers.
const page = readFileSync(join(root, 'docs/partner-integration.md'), 'utf8').replace(/<!--[\s\S]*?-->\n*/g, '');
const readme = page.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
  const value = slots[name];
  if (value === undefined) throw new Error(`docs/partner-integration.md has an unknown slot {{${name}}}`);
  return value;
});
writeFileSync(join(out, 'README.md'), readme);
console.log(`built the partner kit in ${out}`);
