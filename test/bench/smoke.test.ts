/**
 * `npm run bench` still works: a smoke run (a second per target on a 60-series catalog, output to
 * a temporary directory) produces numbers for every operation and target. It asserts that the
 * benchmark measured something, never how fast: speeds are for docs/benchmarks.md, not for tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runBench(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/bench.ts'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    // Bounded: the whole group (server, Prism, load generator) goes if the bench hangs.
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

interface Row {
  operation: string;
  target: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  peakRssMb: number;
  non2xx: number;
  rounds?: unknown[];
}

describe('npm run bench -- --smoke', () => {
  it('measures the server, the bare Express ceiling and Prism for every operation', async () => {
    const out = join(dir, 'bench.json');
    const { code, output } = await runBench(['--smoke', '--duration', '1', '--rounds', '2', '--out', out], 170_000);
    expect(code, output).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      rows: Row[];
      variantRows: Array<Row & { variant: string }>;
      ratios: Record<string, { serverOverBare: number | null; serverOverPrism: number | null }>;
      budget: Array<{ line: string; measured: string; met: boolean | null }>;
      server: { startupMs: number; idleRssMb: number; peakRssMb: number };
      catalog: { series: number; episodes: number };
    };
    const cells = result.rows.map((r) => `${r.operation}/${r.target}`).sort();
    for (const op of ['getCatalog', 'getSeries', 'searchCatalog', 'resolveStream']) {
      for (const target of ['server', 'bare', 'prism']) expect(cells).toContain(`${op}/${target}`);
      expect(result.ratios[op]!.serverOverBare).toBeGreaterThan(0);
      expect(result.ratios[op]!.serverOverPrism).toBeGreaterThan(0);
    }
    expect(cells).toContain('catalogPaging/server');
    // The bare route served as the server is, for comparison: getCatalog only.
    expect(cells.filter((c) => c.endsWith('/bare-app'))).toEqual(['getCatalog/bare-app']);
    for (const row of result.rows) {
      expect(row.requests, `${row.operation}/${row.target}`).toBeGreaterThan(0);
      expect(row.non2xx, `${row.operation}/${row.target} answered non-2xx`).toBe(0);
      for (const n of [row.rps, row.p50, row.p99, row.peakRssMb]) expect(Number.isFinite(n)).toBe(true);
      expect(row.peakRssMb).toBeGreaterThan(0);
    }
    expect(result.budget.map((b) => b.line)).toHaveLength(7);
    // Targets are measured in interleaved rounds; getCatalog and search again with the response cache off.
    for (const row of result.rows) expect(row.rounds, `${row.operation}/${row.target}`).toHaveLength(2);
    expect(result.variantRows.map((r) => `${r.operation}/${r.variant}`).sort()).toEqual(['getCatalog/RESPONSE_CACHE_MB=0', 'searchCatalog/RESPONSE_CACHE_MB=0']);
    for (const row of result.variantRows) expect(row.non2xx).toBe(0);
    expect(result.server.startupMs).toBeGreaterThan(0);
    expect(result.server.peakRssMb).toBeGreaterThan(0);
    expect(result.catalog.series).toBe(60);
  }, 180_000);
});
