import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

describe('generated/ and client/generated/ (committed output of npm run generate)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is what openapi/ generates today', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'generated-'));
    dirs.push(fresh);
    await run(join(root, 'node_modules/.bin/tsx'), ['scripts/generate.ts', '--out', fresh], { cwd: root, timeout: 60_000 });

    const expected = await filesUnder(fresh);
    expect(expected, 'generate.ts wrote nothing').toContain('generated/openapi.json');
    expect(expected).toContain('client/generated/api.ts');
    for (const dir of new Set(expected.map((name) => name.slice(0, name.lastIndexOf('/'))))) {
      const committed = (await filesUnder(join(root, dir))).map((name) => `${dir}/${name}`);
      expect(committed, `${dir}/ holds other files than \`npm run generate\` writes`).toEqual(expected.filter((name) => name.startsWith(`${dir}/`)));
    }

    const stale: string[] = [];
    for (const name of expected) {
      const [want, have] = await Promise.all([readFile(join(fresh, name), 'utf8'), readFile(join(root, name), 'utf8')]);
      if (want !== have) stale.push(name);
    }
    expect(stale, 'stale generated files: run `npm run generate` and commit the result').toEqual([]);
  });
});
