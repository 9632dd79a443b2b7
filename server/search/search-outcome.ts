/**
 * A search's outcome as it crosses from a worker thread to the event loop: structured cloning
 * keeps plain data only, so an error travels as its kind (a problem with its code, the store
 * unavailable, anything else) and becomes the same error class again on this side.
 */
import { ApiError, StoreUnavailableError, type ProblemCode } from '../errors.js';
import type { Page, SearchHitDoc } from '../store/types.js';

export type SearchOutcome =
  | { page: Page<SearchHitDoc> }
  | { error: { kind: 'problem'; code: ProblemCode; message: string } | { kind: 'unavailable' | 'failed'; message: string } };

/** Runs a search and captures what it gave or threw. */
export async function outcomeOf(run: () => Promise<Page<SearchHitDoc>>): Promise<SearchOutcome> {
  try {
    return { page: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { error: { kind: 'problem', code: error.code, message: error.message } };
    const message = error instanceof Error ? error.message : String(error);
    return { error: { kind: error instanceof StoreUnavailableError ? 'unavailable' : 'failed', message } };
  }
}

/** The page of an outcome, or its error thrown again. */
export function pageOf(outcome: SearchOutcome): Page<SearchHitDoc> {
  if ('page' in outcome) return outcome.page;
  const { error } = outcome;
  if (error.kind === 'problem') throw new ApiError(error.code, error.message);
  if (error.kind === 'unavailable') throw new StoreUnavailableError(error.message);
  throw new Error(`search worker: ${error.message}`);
}
