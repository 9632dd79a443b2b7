/**
 * The server's layout as docs/architecture.md draws it, kept by a test: arrows only point down
 * (an API slice never imports the other slice, and nothing below the slices imports either), the
 * entry and its wiring are the only files at server/'s top, `server/` never imports `scripts/`,
 * the store is entered only by its index and knows nothing of HTTP, and no source file reaches
 * 250 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every relative import of a file, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(ROOT, resolve(dirname(file), s)));
}

/** The folder of server/ a path is in ('' for server/'s top, undefined outside server/). */
function area(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'server') return undefined;
  return parts.length > 2 ? parts[1]! : '';
}

const files = sources(SERVER).map((f) => relative(ROOT, f));
/** Everything else that could import the server: the scripts and the tests. */
const outside = [...sources(join(ROOT, 'scripts')), ...sources(join(ROOT, 'test'))].map((f) => relative(ROOT, f));

const STORE = 'server/store/';
const STORE_DOOR = 'server/store/index.js';
/** The store's own tests, which may reach the engine internals they test. */
const STORE_TESTS = ['test/store/', 'test/unit/store/'];

/** True when file, outside the store, imports target, a file of the store other than its index. */
function reachesIntoStore(file: string, target: string): boolean {
  return !file.startsWith(STORE) && !STORE_TESTS.some((dir) => file.startsWith(dir)) && target.startsWith(STORE) && target !== STORE_DOOR;
}
const SLICES = ['partner-api', 'studio-api'];
/** What may import a slice: the wiring at server/'s top, and the slice itself. */
const WIRING = new Set(['server/main.ts', 'server/runtime.ts', 'server/config.ts']);

describe('server layout', () => {
  it('has only the entry and its wiring at its top', () => {
    const loose = readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(loose.sort()).toEqual(['config.ts', 'main.ts', 'runtime.ts']);
  });

  it.each(SLICES)('lets only the wiring and the slice itself import %s', (slice) => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => area(target) === slice && area(file) !== slice && !WIRING.has(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never imports scripts/ from server/', () => {
    const offenders = files.flatMap((file) => importsOf(file).filter((t) => t.startsWith('scripts/')).map((t) => `${file} -> ${t}`));
    expect(offenders).toEqual([]);
  });

  it('lets code outside the store import only its index', () => {
    const offenders = [...files, ...outside].flatMap((file) =>
      importsOf(join(ROOT, file))
        .filter((target) => reachesIntoStore(file, target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never imports server/http/ from the store', () => {
    const offenders = files
      .filter((file) => file.startsWith(STORE))
      .flatMap((file) => importsOf(join(ROOT, file)).filter((t) => t.startsWith('server/http/')).map((t) => `${file} -> ${t}`));
    expect(offenders).toEqual([]);
  });

  it('keeps every server and client source under 250 lines', () => {
    const clientFiles = sources(join(ROOT, 'client')).filter((f) => !f.includes('/generated/') && !f.includes('/dist/') && !f.includes('node_modules'));
    const long = [...files.map((f) => join(ROOT, f)), ...clientFiles]
      .map((f) => ({ f: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines >= 250)
      .map(({ f, lines }) => `${f}: ${lines}`);
    expect(long).toEqual([]);
  });

  it('sees the imports it checks (a slice importing the other would be caught)', () => {
    // The checks above pass vacuously if importsOf finds nothing: the partner app imports its handlers.
    expect(importsOf(join(SERVER, 'partner-api/app.ts'))).toContain('server/partner-api/handlers/content.js');
    expect(area('server/studio-api/handlers/catalog.ts')).toBe('studio-api');
    expect(area('server/main.ts')).toBe('');
  });

  it('sees the store imports it checks (an import of a store internal would be caught)', () => {
    // The wiring imports the store's door, the store its own files, and a test its helpers.
    expect(importsOf(join(SERVER, 'runtime.ts'))).toContain(STORE_DOOR);
    expect(importsOf(join(SERVER, 'store/index.ts'))).toContain('server/store/errors.js');
    expect(importsOf(join(ROOT, 'test/store/sqlite.test.ts'))).toContain('server/store/sqlite/store.js');
    expect(outside.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.startsWith(STORE)).length).toBeGreaterThan(30);
    expect(reachesIntoStore('server/search/backends.ts', 'server/store/sqlite/store.js')).toBe(true);
    expect(reachesIntoStore('scripts/bench-store.ts', 'server/store/shared/catalog-read.js')).toBe(true);
    expect(reachesIntoStore('test/server/cursors.test.ts', 'server/store/cursor.js')).toBe(true);
    expect(reachesIntoStore('server/search/backends.ts', STORE_DOOR)).toBe(false);
    expect(reachesIntoStore('server/store/index.ts', 'server/store/sqlite/store.js')).toBe(false);
    expect(reachesIntoStore('test/unit/store/catalog-plan.test.ts', 'server/store/shared/catalog-read.js')).toBe(false);
  });
});
