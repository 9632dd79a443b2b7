/**
 * Records each (operationId, status) the real server answers in tests, for the contract coverage
 * check (test/contract-coverage.ts): responses of the app as they finish, and refusals of Node's
 * HTTP parser by the operation their request line names, as the app would have resolved it.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import { inject } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { loadStudioContract } from '../../server/contract/studio.js';
import { resolveOperation } from '../../server/http/operation.js';

/** Notes that the server answered `status` to a request for `operationId` (nothing when there is none). */
export function recordCoverage(operationId: string | undefined, status: number): void {
  if (!operationId) return;
  const dir = inject('contractCoverageDir');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${process.pid}.jsonl`), JSON.stringify([operationId, status]) + '\n');
}

const contract = loadContract();
const studio = loadStudioContract();
const finders = {
  partner: resolveOperation(contract.operations, contract.prefix),
  studio: resolveOperation(studio.operations, studio.prefix),
};

/** The operation a method and path address on the partner (default) or studio listener, or undefined when they address none. */
export function operationOf(method: string | undefined, path: string | undefined, api: keyof typeof finders = 'partner'): string | undefined {
  if (!method || !path) return undefined;
  const req = { method, path } as Request;
  try {
    finders[api](req, undefined as never, () => {});
  } catch {
    return undefined;
  }
  return req.operation?.operationId;
}
