/** What a service refuses, typed, so the CLI maps it to an exit code and the studio API to a problem document. */

export type MissingKind = 'partner' | 'series' | 'import job' | 'webhook endpoint' | 'grant job';

/** Something the change names does not exist; nothing was written. */
export class NotFoundError extends Error {
  constructor(
    readonly kind: MissingKind,
    /** Every missing id (a bulk grant change names them all at once). */
    readonly ids: readonly string[],
  ) {
    super(`${kind} ${ids.join(', ')} not found`);
    this.name = 'NotFoundError';
  }
}

/** The input breaks a rule the service owns (an empty name, a duplicate series in one request). */
export class InvalidInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** The change contradicts what exists (an Idempotency-Key sent again with another request). */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}
