/**
 * Vitest global setup: a folder of this run where the first kit test file to ask builds the
 * partner kit (test/kit/shared-kit.ts), removed when the run ends. Nothing is built unless a test
 * asks, so runs without kit tests pay nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/kit/shared-kit.ts builds this run's partner kit. */
    kitRunDir: string;
  }
}

let dir: string | undefined;

export function setup(project: TestProject): void {
  dir = mkdtempSync(join(tmpdir(), 'partner-kit-run-'));
  project.provide('kitRunDir', dir);
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
