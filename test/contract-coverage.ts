/**
 * Contract coverage, as a vitest global setup: every (operationId, status) pair the real server
 * answered in tests is recorded by test/helpers/server.ts; after the run, each pair the contract
 * documents must have been observed. Enforced when CONTRACT_COVERAGE=require (set by `npm test`),
 * so running a single test file stays possible.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, '.tmp/contract-coverage');

function documentedPairs(): string[] {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  };
  const pairs: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      for (const status of Object.keys(op.responses ?? {})) pairs.push(`${op.operationId} ${status}`);
    }
  }
  return pairs;
}

function observedPairs(): Set<string> {
  const seen = new Set<string>();
  if (!existsSync(DIR)) return seen;
  for (const file of readdirSync(DIR)) {
    for (const line of readFileSync(join(DIR, file), 'utf8').split('\n')) {
      if (!line) continue;
      const [op, status] = JSON.parse(line) as [string, number];
      seen.add(`${op} ${status}`);
    }
  }
  return seen;
}

export function setup(): void {
  rmSync(DIR, { recursive: true, force: true });
}

export function teardown(): void {
  if (process.env.CONTRACT_COVERAGE !== 'require') return;
  const seen = observedPairs();
  const missing = documentedPairs().filter((p) => !seen.has(p));
  if (missing.length > 0) {
    throw new Error(`contract coverage: no test produced these documented (operationId, status) pairs:\n  ${missing.join('\n  ')}`);
  }
  console.log(`contract coverage: all ${documentedPairs().length} documented (operationId, status) pairs were produced by tests`);
}
