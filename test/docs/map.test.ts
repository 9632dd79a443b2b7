/**
 * The docs are a map, and a map must not rot: every repository path README.md and docs/ cite
 * (`server/…`, `scripts/…`, `test/…`, `client/…`, `console/…`, in code spans and code blocks)
 * exists, every relative link reaches a file, and every #anchor a heading or an `<a id>` of it.
 * Decision records keep their shape. Build outputs (`…/dist…`) are not in a checkout, so they are
 * not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const text = new Map(PAGES.map((page) => [page, readFileSync(page, 'utf8')]));
const name = (page: string) => relative(ROOT, page);

/** Inline code spans and fenced code blocks: where the docs name files. */
function codeOf(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!);
  return [...blocks, ...spans];
}

const CITED = /(?<![\w./-])((?:server|scripts|test|client|console)\/[\w./-]*)/g;

/** Repository paths a page cites, without trailing punctuation. */
function citedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const code of codeOf(markdown)) {
    for (const m of code.matchAll(CITED)) {
      const path = m[1]!.replace(/[.,:;]+$/, '');
      if (!/(^|\/)dist(\/|$)/.test(path)) paths.add(path);
    }
  }
  return [...paths];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** Relative links of a page, outside code: [text](target) and ![alt](target). */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the docs as a map', () => {
  it('reads README.md and the pages of docs/', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    expect(citedPaths('see `server/http/grants.ts`, `scripts/lib/` and `console/dist/`\n```sh\ntsx scripts/bench-store.ts --series 1\n```')).toEqual([
      'scripts/bench-store.ts',
      'server/http/grants.ts',
      'scripts/lib/',
    ]);
    expect(slug('The partner kit, the mock and the walkthrough')).toBe('the-partner-kit-the-mock-and-the-walkthrough');
    expect(slug('Method: `npm run bench`')).toBe('method-npm-run-bench');
  });

  it.each(PAGES.map((page) => [name(page), page]))('%s cites only paths that exist', (_name, page) => {
    const missing = citedPaths(text.get(page)!).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it.each(PAGES.map((page) => [name(page), page]))('%s links only to files and anchors that exist', (_name, page) => {
    const broken: string[] = [];
    for (const link of linksOf(text.get(page)!)) {
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const target = file === '' ? page : resolve(dirname(page), decodeURIComponent(file));
      if (!existsSync(target)) {
        broken.push(link);
        continue;
      }
      if (anchor === undefined || statSync(target).isDirectory() || !target.endsWith('.md')) continue;
      const anchors = anchorsOf(text.get(target) ?? readFileSync(target, 'utf8'));
      if (!anchors.has(anchor)) broken.push(link);
    }
    expect(broken).toEqual([]);
  });
});

describe('the decision records', () => {
  const dir = join(ROOT, 'docs/decisions');
  const records = readdirSync(dir).filter((file) => /^\d{4}-[a-z0-9-]+\.md$/.test(file));
  const index = readFileSync(join(dir, 'README.md'), 'utf8');

  it('are numbered without gaps, one file each', () => {
    expect(records.length).toBeGreaterThan(80);
    expect(records.map((file) => Number(file.slice(0, 4)))).toEqual(records.map((_, i) => i + 1));
  });

  it.each(records)('%s has its title, Context, Decision and Consequences, and a line in the index', (file) => {
    const record = readFileSync(join(dir, file), 'utf8');
    expect(record).toMatch(new RegExp(`^# ${Number(file.slice(0, 4))}\\. \\S`));
    expect([...record.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Context', 'Decision', 'Consequences']);
    expect(index).toContain(`](${file})`);
  });
});
