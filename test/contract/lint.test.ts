import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The two linters of `npm run lint:api`, minus its regeneration step: test/contract/generated.test.ts
// already fails when generated/ is stale, and a test must not rewrite the tree.
const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

interface Problem {
  severity: string;
  ruleId: string;
  message: string;
  location?: { pointer?: string }[];
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Outcome> {
  return new Promise((done) => {
    execFile(command, args, { cwd: root, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

describe('npm run lint:api', () => {
  // Each API of redocly.yaml on its own: with several, redocly prints one JSON report per API back to back.
  it.each(['partner', 'studio'])('redocly lint (redocly.yaml rules on the %s contract) finds no error and no warning', async (api) => {
    const { code, stdout, stderr } = await run(bin('redocly'), ['lint', api, '--format=json']);
    let report: { totals: { errors: number; warnings: number }; problems: Problem[] };
    try {
      report = JSON.parse(stdout) as typeof report;
    } catch {
      throw new Error(`redocly lint printed no JSON report (exit code ${code}):\n${stdout}\n${stderr}`);
    }
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code, stderr).toBe(0);
  });

  // The same ruleset on both bundles; .spectral.yaml's overrides name the bundle each one is for.
  it.each(['generated/openapi.json', 'generated/studio/openapi.json'])('spectral (OWASP ruleset on %s) finds no error and no warning', async (bundle) => {
    const { code, stdout, stderr } = await run(bin('spectral'), [
      'lint',
      bundle,
      '--ruleset',
      '.spectral.yaml',
      '--fail-severity=warn',
    ]);
    expect({ code, output: `${stdout}${stderr}`.trim() }).toEqual({
      code: 0,
      output: "No results with a severity of 'warn' or higher found!",
    });
  });
});
