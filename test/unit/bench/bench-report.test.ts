/**
 * `npm run bench` writes its run into docs/benchmarks.md between the run name's markers
 * (scripts/lib/bench-report.ts): the page keeps its hand-written text, a run replaces its own
 * section in place, and a new run name is appended at the end, under "Latest results".
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMarkdown, type Result } from '../../../scripts/lib/bench-report.js';
import { combineRounds, type Measured } from '../../../scripts/lib/bench-sampling.js';

const PAGE = resolve(import.meta.dirname, '../../../docs/benchmarks.md');
const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const markers = (name: string) => [`<!-- bench:${name}:begin -->`, `<!-- bench:${name}:end -->`] as const;

function result(name: string, rps: number): Result {
  const measured: Measured = { requests: rps * 5, durationSeconds: 5, rps, p50: 1, p90: 1.5, p99: 2, max: 3, mean: 1, non2xx: 0, errors: 0, timeouts: 0, bytesPerSecond: 1, peakRssMb: 100, peakTreeRssMb: 100, cpuPercent: 90 };
  return {
    name,
    date: '2026-12-01T10:00:00.000Z',
    machine: { cpu: 'AMD EPYC', cores: 2, memoryGb: 24, kernel: '6.1', node: 'v24.21.0', loadAverageBefore: 1, loadAverageAfter: 1 },
    settings: { connections: 50, durationSeconds: 5, rounds: 1, warmupSeconds: 3, series: 60, episodesPerSeason: undefined, logLevel: 'warn', prismLogLevel: 'info', infoLog: false, uncached: false, engine: 'sqlite', rateLimitMultiplier: 1_000_000 },
    catalog: { series: 60, episodes: 900, engine: 'sqlite', importSeconds: 1 },
    server: { startupMs: 1000, idleRssMb: 100, peakRssMb: 120 },
    prism: undefined,
    rows: [{ operation: 'getCatalog', target: 'server', urls: 1, ...combineRounds([measured]) }],
    variantRows: [],
    ratios: { getCatalog: { serverOverBare: null, serverOverPrism: null } },
    baseline: undefined,
    searchQueries: [],
    budget: [{ line: 'getCatalog p99 <= 50 ms', measured: '2 ms', met: true }],
  };
}

describe('docs/benchmarks.md and the bench report', () => {
  const page = readFileSync(PAGE, 'utf8');

  it('holds each run section between its markers, after the hand-written latest results', () => {
    const latest = page.indexOf('\n## Latest results\n');
    expect(latest).toBeGreaterThan(0);
    for (const name of ['scale', 'scale-postgres']) {
      const [begin, end] = markers(name);
      expect(page.indexOf(begin), name).toBeGreaterThan(latest);
      expect(page.indexOf(end), name).toBeGreaterThan(page.indexOf(begin));
      expect(page.split(begin)).toHaveLength(2);
    }
    // Nothing hand-written after the last section: a new run name is appended there.
    expect(page.trimEnd().endsWith(markers('scale-postgres')[1])).toBe(true);
  });

  it('replaces a run in place and keeps every other line of the page', () => {
    const copy = join(dir, 'replace.md');
    copyFileSync(PAGE, copy);
    writeMarkdown(copy, result('scale', 12_345));
    const written = readFileSync(copy, 'utf8');
    const [begin, end] = markers('scale');
    const outside = (text: string) => text.slice(0, text.indexOf(begin)) + text.slice(text.indexOf(end));
    expect(outside(written)).toBe(outside(page));
    const section = written.slice(written.indexOf(begin), written.indexOf(end));
    expect(section).toContain('### Run `scale`: 60 series, 900 episodes (sqlite)');
    expect(section).toContain('| getCatalog | **server** | 12345 |');
  });

  it('appends a new run name at the end of the page', () => {
    const copy = join(dir, 'append.md');
    copyFileSync(PAGE, copy);
    writeMarkdown(copy, result('change', 777));
    const written = readFileSync(copy, 'utf8');
    expect(written.startsWith(page.trimEnd())).toBe(true);
    const [begin, end] = markers('change');
    expect(written.indexOf(begin)).toBeGreaterThan(page.trimEnd().length - 1);
    expect(written.trimEnd().endsWith(end)).toBe(true);
  });
});
