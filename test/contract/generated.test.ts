import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('generated/ (committed output of npm run generate)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is what openapi/ generates today', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'generated-'));
    dirs.push(fresh);
    await run(join(root, 'node_modules/.bin/tsx'), ['scripts/generate.ts', '--out', fresh], { cwd: root, timeout: 60_000 });

    const expected = (await readdir(fresh)).sort();
    const committed = (await readdir(join(root, 'generated'))).sort();
    expect(expected.length, 'generate.ts wrote nothing').toBeGreaterThan(0);
    expect(committed, 'generated/ holds other files than `npm run generate` writes').toEqual(expected);

    const stale: string[] = [];
    for (const name of expected) {
      const [want, have] = await Promise.all([readFile(join(fresh, name), 'utf8'), readFile(join(root, 'generated', name), 'utf8')]);
      if (want !== have) stale.push(`generated/${name}`);
    }
    expect(stale, 'stale generated files: run `npm run generate` and commit the result').toEqual([]);
  });
});
