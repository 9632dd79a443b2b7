import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../../server/limits/circuit-breaker.js';

/** A breaker with an injected monotonic clock, whose outages are recorded and whose probe is never reached (periods far off). */
function breaker(windowMs: number) {
  const clock = { ms: 0 };
  const outages: string[] = [];
  const b = new CircuitBreaker({
    dependency: 'redis',
    periodMs: 60_000,
    windowMs,
    now: () => clock.ms,
    probe: async () => {},
    outage: { down: () => void outages.push('down'), up: () => void outages.push('up') },
    logger: pino({ level: 'silent' }),
  });
  return { b, clock, outages };
}

describe('CircuitBreaker: opens when calls keep failing for windowMs, or at once when the connection is lost', () => {
  it.each([
    // [what happens, failures at these ms (s: a success), open afterwards]
    ['one slow reply: every call in flight fails at the same moment', [0, 0, 0, 0, 0], false],
    ['failures within the window, then a success', [0, 400, 900, 's', 1000, 1900], false],
    ['failures spanning less than the window', [0, 300, 600, 999], false],
    ['failures spanning the whole window, no success between', [0, 500, 1000], true],
    ['two failures a window apart', [0, 1000], true],
    ['failures either side of a success, each run short', [0, 800, 's', 1200, 2100], false],
  ] as const)('%s', (_name, events, open) => {
    const { b, clock, outages } = breaker(1000);
    for (const event of events) {
      if (event === 's') b.succeeded();
      else {
        clock.ms = event;
        b.fail(new Error('Command timed out'));
      }
    }
    expect(b.isOpen).toBe(open);
    expect(outages).toEqual(open ? ['down'] : []);
    b.stop();
  });

  it('opens at once when the connection is lost, and with a window of 0 at the first failure', () => {
    const lost = breaker(1000);
    lost.b.trip(new Error('connection closed'));
    expect(lost.b.isOpen).toBe(true);
    lost.b.stop();
    const eager = breaker(0);
    eager.b.fail(new Error('Command timed out'));
    expect(eager.b.isOpen).toBe(true);
    eager.b.stop();
  });
});
