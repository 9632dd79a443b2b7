/**
 * The partner kit (`npm run kit`), built once per test run for every kit test file: the first file
 * to ask builds it while holding a lock (a folder made atomically), the others wait for it to be
 * ready. One build also means one `npm pack`, which compiles client/dist: two at once would write
 * the same files.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const WAIT_MS = 240_000;

/** The folder of this run's partner kit, built on first use. */
export async function sharedKit(): Promise<string> {
  const dir = inject('kitRunDir');
  const kit = join(dir, 'kit');
  const ready = join(dir, 'ready');
  const failed = join(dir, 'failed');
  try {
    mkdirSync(join(dir, 'lock'));
  } catch {
    // Another file builds it: wait for its word (polled: it is another process).
    for (const start = Date.now(); Date.now() - start < WAIT_MS; await new Promise((r) => setTimeout(r, 200))) {
      if (existsSync(ready)) return kit;
      if (existsSync(failed)) throw new Error(`building the partner kit failed in another test file: ${readFileSync(failed, 'utf8')}`);
    }
    throw new Error(`the partner kit was not ready within ${WAIT_MS / 1000} s`);
  }
  try {
    await run('npm', ['run', '--silent', 'kit', '--', '--out', kit], { cwd: root, timeout: 180_000 });
    writeFileSync(ready, '');
    return kit;
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}
