/**
 * The validator's date and date-time formats (server/http/fast-formats.ts) answer exactly as
 * ajv-formats' full formats do, for the canonical forms they decide themselves and for everything
 * they hand on: a table of edge cases, then strings generated around the canonical forms. If
 * express-openapi-validator moves to an ajv-formats whose answers differ, this fails.
 */
import { describe, expect, it } from 'vitest';
import { fastFormats, validatorFormats } from '../../server/http/fast-formats.js';
import { seeded } from '../../scripts/lib/bench-queries.js';

const original = validatorFormats();
const fast = fastFormats();

const CASES = {
  date: ['2026-01-15', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-04-30', '2026-01-00', '0000-01-01', '9999-12-31', '2026-1-15', '2026/01/15', '2026-01-15 ', ' 2026-01-15', '２０２６-01-15', '٢٠٢٦-01-15', '', '2026-01-150', 'abcd-ef-gh'],
  'date-time': [
    '2026-01-15T00:00:00Z', '2026-01-15T00:00:00.000Z', '2026-01-15T23:59:59.999999Z', '2026-01-15T24:00:00Z', '2026-01-15T23:60:00Z', '2026-02-30T00:00:00Z',
    '2016-12-31T23:59:60Z', '2016-12-31T23:59:60.5Z', '2016-12-31T22:59:60Z', '2017-01-01T00:59:60+01:00', '2026-01-15t00:00:00z', '2026-01-15 00:00:00Z',
    '2026-01-15T00:00:00+01:00', '2026-01-15T00:00:00-0130', '2026-01-15T00:00:00', '2026-01-15T00:00:00.Z', '2026-01-15T00:00:00.1Z', '2026-01-15T00:00:00,1Z',
    '2026-01-15T00:00Z', '2026-01-15TT00:00:00Z', '2026-01-15T00:00:00ZZ', '2026-01-15T00:00:00.0a0Z', '2026-01-15\u00a000:00:00Z', '2026-01-15T0٠:00:00Z', '', 'T', 'Z',
  ],
} as const;

describe('fast date and date-time formats', () => {
  for (const name of ['date', 'date-time'] as const) {
    it.each(CASES[name].map((value) => [value]))(`answers ${name} %j as ajv-formats does`, (value) => {
      expect(fast[name]!.validate(value)).toBe(original[name]!.validate(value));
    });
  }

  it('answers as ajv-formats does for 40,000 strings generated around the canonical forms', () => {
    const random = seeded(2026);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const alphabet = ['0', '1', '2', '3', '5', '6', '9', '-', ':', '.', 'T', 't', 'Z', 'z', ' ', '+', 'x', '\u00a0', '٣'];
    const seeds = ['2026-01-15', '2024-02-29T23:59:59Z', '2016-12-31T23:59:60Z', '2026-03-01T00:00:00.123Z', '1999-12-31T12:30:45.5Z'];
    let decided = 0;
    for (let n = 0; n < 40_000; n++) {
      const chars = [...pick(seeds)];
      for (let k = Math.floor(random() * 3); k >= 0; k--) {
        const at = Math.floor(random() * (chars.length + 1));
        const op = random();
        if (op < 0.6) chars[Math.min(at, chars.length - 1)] = pick(alphabet);
        else if (op < 0.8) chars.splice(at, 0, pick(alphabet));
        else chars.splice(at, 1);
      }
      const value = chars.join('');
      for (const name of ['date', 'date-time'] as const) {
        const answer = original[name]!.validate(value);
        expect([name, value, fast[name]!.validate(value)]).toEqual([name, value, answer]);
        if (answer) decided++;
      }
    }
    // Enough of them are valid for the comparison to mean something.
    expect(decided).toBeGreaterThan(2_000);
  });
});
