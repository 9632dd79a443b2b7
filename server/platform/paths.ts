/**
 * Files the server reads at run time, found from the package's root: the same paths whether the
 * server runs from its TypeScript sources (server/) or compiled (dist/server/).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'generated'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package root above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot(import.meta.dirname);
/** The bundled partner contract (`npm run generate`). */
export const CONTRACT_BUNDLE = join(PACKAGE_ROOT, 'generated/openapi.json');
/** The HTML shell of the reference page. */
export const REFERENCE_TEMPLATE = join(PACKAGE_ROOT, 'docs/reference.html');
/** The bundled studio contract (`npm run generate`). */
export const STUDIO_CONTRACT_BUNDLE = join(PACKAGE_ROOT, 'generated/studio/openapi.json');
/** The studio console's bundle (`npm run build:console`), served by the studio listener at `/`. */
export const CONSOLE_DIST = join(PACKAGE_ROOT, 'console/dist');
