/** Time as the server sees it; injected so tests can freeze and move it without sleeping. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to, for tests. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.parse('2026-11-22T09:30:00Z')) {}
  now(): number {
    return this.ms;
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }
  /** Sets the clock to an instant. */
  set(ms: number): void {
    this.ms = ms;
  }
}
