/**
 * `npm run docs`: writes the partner reference (server/reference/build-reference.ts), one self-contained HTML
 * page that renders offline, and the studio API's beside it as studio.html (never in the partner
 * kit). Usage: tsx scripts/build-docs.ts [--out <file>]  (default: dist/docs/index.html)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildReference } from '../server/reference/build-reference.js';
import { STUDIO_CONTRACT_BUNDLE } from '../server/platform/paths.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(import.meta.dirname, '../dist/docs/index.html'));
const { html } = await buildReference();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
console.log(`built ${out} (${Math.ceil(Buffer.byteLength(html) / 1024)} KiB, no external resources)`);
const studioOut = join(dirname(out), 'studio.html');
writeFileSync(studioOut, (await buildReference(STUDIO_CONTRACT_BUNDLE)).html);
console.log(`built ${studioOut} (the studio API's reference)`);
