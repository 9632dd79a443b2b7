/**
 * Contract coverage, as a vitest global setup: every (operationId, status) pair the real server
 * answered in tests is recorded by test/helpers/server.ts; after the run, each pair the contract
 * documents must have been observed. Enforced when CONTRACT_COVERAGE=require (set by `npm test`),
 * so running a single test file stays possible.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/helpers/server.ts records the pairs of this run. */
    contractCoverageDir: string;
  }
}

const ROOT = join(import.meta.dirname, '..');
// One directory per run, so concurrent runs in the same checkout do not mix or wipe records.
const DIR = join(ROOT, '.tmp/contract-coverage', randomUUID());

/** Every documented pair of both contracts, the partner API's and the studio API's (operationIds are unique across both). */
function documentedPairs(): string[] {
  const pairs: string[] = [];
  for (const file of ['generated/openapi.json', 'generated/studio/openapi.json']) pairs.push(...pairsOf(file));
  return pairs;
}

function pairsOf(file: string): string[] {
  const doc = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as {
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

export function setup(project: TestProject): void {
  mkdirSync(DIR, { recursive: true });
  project.provide('contractCoverageDir', DIR);
}

export function teardown(): void {
  const seen = observedPairs();
  rmSync(DIR, { recursive: true, force: true });
  if (process.env.CONTRACT_COVERAGE !== 'require') return;
  const missing = documentedPairs().filter((p) => !seen.has(p));
  if (missing.length > 0) {
    // Vitest reports an error thrown here but still exits 0: set the exit code ourselves.
    process.exitCode = 1;
    throw new Error(`contract coverage: no test produced these documented (operationId, status) pairs:\n  ${missing.join('\n  ')}`);
  }
  console.log(`contract coverage: all ${documentedPairs().length} documented (operationId, status) pairs were produced by tests`);
}
