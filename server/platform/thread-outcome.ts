/**
 * A worker thread's answer as it crosses to the event loop (search workers, the import thread):
 * structured cloning keeps plain data only, so an error travels as its kind (a problem with its
 * code, the store unavailable, anything else) and becomes the same error class again on this side.
 */
import { ApiError, StoreUnavailableError, type ProblemCode } from '../http/errors.js';

export type ThreadOutcome<T> =
  | { value: T }
  | { error: { kind: 'problem'; code: ProblemCode; message: string } | { kind: 'unavailable' | 'failed'; message: string } };

/**
 * Runs the task and captures what it gave or threw. `isUnavailable` tells the engine's own
 * "cannot answer now" errors that reach here unwrapped.
 */
export async function outcomeOf<T>(run: () => Promise<T>, isUnavailable: (error: unknown) => boolean = () => false): Promise<ThreadOutcome<T>> {
  try {
    return { value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { error: { kind: 'problem', code: error.code, message: error.message } };
    const message = error instanceof Error ? error.message : String(error);
    return { error: { kind: error instanceof StoreUnavailableError || isUnavailable(error) ? 'unavailable' : 'failed', message } };
  }
}

/** The outcome's value, or its error thrown again; `label` prefixes the message of any other error. */
export function valueOf<T>(outcome: ThreadOutcome<T>, label?: string): T {
  if ('value' in outcome) return outcome.value;
  const { error } = outcome;
  if (error.kind === 'problem') throw new ApiError(error.code, error.message);
  if (error.kind === 'unavailable') throw new StoreUnavailableError(error.message);
  throw new Error(label === undefined ? error.message : `${label}: ${error.message}`);
}
