/** Errors the admin CLI reports as one message and an exit code, never as a stack trace. */

/** Exit codes: 0 success, 1 the command failed (not found, store error), 2 bad input. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface CliErrorExtra {
  /** Machine-readable detail for `--json` (for example an import file's errors). */
  details?: unknown;
  /** The same detail as text lines, printed under the message without `--json`. */
  lines?: readonly string[];
  cause?: unknown;
}

/** A failure with a message meant for the operator and the exit code that goes with it. */
export class CliError extends Error {
  readonly details: unknown;
  readonly lines: readonly string[];

  constructor(
    message: string,
    readonly exitCode: number,
    readonly code: string,
    extra: CliErrorExtra = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.details = extra.details;
    this.lines = extra.lines ?? [];
    this.name = 'CliError';
  }
}

/** Bad input: unknown command or flag, missing or malformed argument, invalid file. Exit 2. */
export function usageError(message: string, extra?: CliErrorExtra): CliError {
  return new CliError(message, EXIT.usage, 'bad_input', extra);
}

/** A partner, series or file that does not exist. Exit 1. */
export function notFound(message: string): CliError {
  return new CliError(message, EXIT.failed, 'not_found');
}
