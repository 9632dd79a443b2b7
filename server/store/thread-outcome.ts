/**
 * A store operation's answer as it crosses from a worker thread to the event loop (search
 * workers, the import thread): structured cloning keeps plain data only, so an error travels as
 * its kind (the store unavailable, a cursor refused, anything else) and becomes the same error
 * class again on this side.
 */
import { InvalidCursorError, StoreUnavailableError } from './errors.js';

export type ThreadOutcome<T> = { value: T } | { error: { kind: 'unavailable' | 'invalid_cursor' | 'failed'; message: string } };

/**
 * Runs the task and captures what it gave or threw. `isUnavailable` tells the engine's own
 * "cannot answer now" errors that reach here unwrapped.
 */
export async function outcomeOf<T>(run: () => Promise<T>, isUnavailable: (error: unknown) => boolean = () => false): Promise<ThreadOutcome<T>> {
  try {
    return { value: await run() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InvalidCursorError) return { error: { kind: 'invalid_cursor', message } };
    return { error: { kind: error instanceof StoreUnavailableError || isUnavailable(error) ? 'unavailable' : 'failed', message } };
  }
}

/** The outcome's value, or its error thrown again; `label` prefixes the message of any other error. */
export function valueOf<T>(outcome: ThreadOutcome<T>, label?: string): T {
  if ('value' in outcome) return outcome.value;
  const { error } = outcome;
  if (error.kind === 'invalid_cursor') throw new InvalidCursorError(error.message);
  if (error.kind === 'unavailable') throw new StoreUnavailableError(error.message);
  throw new Error(label === undefined ? error.message : `${label}: ${error.message}`);
}
