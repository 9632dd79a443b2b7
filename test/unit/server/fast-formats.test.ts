/**
 * The validator's date, date-time and uri formats (server/http/fast-formats.ts) answer exactly as
 * ajv-formats' full formats do, for the canonical forms they decide themselves and for everything
 * they hand on: a table of edge cases, then strings generated around the canonical forms. If
 * express-openapi-validator moves to an ajv-formats whose answers differ, this fails.
 */
import { describe, expect, it } from 'vitest';
import { fastFormats, validatorFormats } from '../../../server/http/fast-formats.js';
import { seeded } from '../../../scripts/lib/bench-queries.js';

const original = validatorFormats();
const fast = fastFormats();
/** ajv-formats' `uri` is a plain function, the others definitions with `validate`. */
const originalUri = original.uri as unknown as (value: string) => boolean;

const CASES = {
  date: ['2026-01-15', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-04-30', '2026-01-00', '0000-01-01', '9999-12-31', '2026-1-15', '2026/01/15', '2026-01-15 ', ' 2026-01-15', '２０２６-01-15', '٢٠٢٦-01-15', '', '2026-01-150', 'abcd-ef-gh'],
  'date-time': [
    '2026-01-15T00:00:00Z', '2026-01-15T00:00:00.000Z', '2026-01-15T23:59:59.999999Z', '2026-01-15T24:00:00Z', '2026-01-15T23:60:00Z', '2026-02-30T00:00:00Z',
    '2016-12-31T23:59:60Z', '2016-12-31T23:59:60.5Z', '2016-12-31T22:59:60Z', '2017-01-01T00:59:60+01:00', '2026-01-15t00:00:00z', '2026-01-15 00:00:00Z',
    '2026-01-15T00:00:00+01:00', '2026-01-15T00:00:00-0130', '2026-01-15T00:00:00', '2026-01-15T00:00:00.Z', '2026-01-15T00:00:00.1Z', '2026-01-15T00:00:00,1Z',
    '2026-01-15T00:00Z', '2026-01-15TT00:00:00Z', '2026-01-15T00:00:00ZZ', '2026-01-15T00:00:00.0a0Z', '2026-01-15\u00a000:00:00Z', '2026-01-15T0٠:00:00Z', '', 'T', 'Z',
  ],
  uri: [
    'https://images.halcyon-studios.example/series/ser_7hx2k9qmbd/poster-2x3.jpg', 'http://a.example/', 'https://', 'http://', 'https:///', 'https://a//b',
    'https://a.example/x y', 'https://a.example/%20', 'https://a.example/%2', 'https://a.example:8443/x', 'https://user@a.example/', 'https://a.example/?q=1',
    'https://a.example/#f', 'https://[::1]/', 'https://a.example/ü', 'https://a.example/\\', 'https://a.example/<x>', 'HTTPS://A.EXAMPLE/', 'https:/a', 'https:a',
    'ftp://a.example/', 'mailto:a@example.com', 'urn:isbn:0451450523', '//a.example/x', '/relative', 'relative', '', 'https://a.example/\n', 'https://a.example/~_.-',
  ],
} as const;

describe('fast date, date-time and uri formats', () => {
  it.each(CASES.uri.map((value) => [value]))('answers uri %j as ajv-formats does', (value) => {
    expect(fast.uri!.validate(value)).toBe(originalUri(value));
  });

  for (const name of ['date', 'date-time'] as const) {
    it.each(CASES[name].map((value) => [value]))(`answers ${name} %j as ajv-formats does`, (value) => {
      expect(fast[name]!.validate(value)).toBe(original[name]!.validate(value));
    });
  }

  it('answers as ajv-formats does for 40,000 strings generated around the canonical forms', () => {
    const alphabet = ['0', '1', '2', '3', '5', '6', '9', '-', ':', '.', 'T', 't', 'Z', 'z', ' ', '+', 'x', '\u00a0', '٣'];
    const seeds = ['2026-01-15', '2024-02-29T23:59:59Z', '2016-12-31T23:59:60Z', '2026-03-01T00:00:00.123Z', '1999-12-31T12:30:45.5Z'];
    let decided = 0;
    for (const value of mutations(2026, 40_000, seeds, alphabet)) {
      for (const name of ['date', 'date-time'] as const) {
        const answer = original[name]!.validate(value);
        expect([name, value, fast[name]!.validate(value)]).toEqual([name, value, answer]);
        if (answer) decided++;
      }
    }
    // Enough of them are valid for the comparison to mean something.
    expect(decided).toBeGreaterThan(2_000);
  });

  it('answers uri as ajv-formats does for 20,000 strings generated around URLs the server writes', () => {
    const alphabet = ['a', 'Z', '0', '-', '.', '_', '~', '/', ':', '@', '%', '?', '#', ' ', '[', ']', '\\', 'é', '"', '!', '+', '=', '\u0000'];
    const seeds = ['https://images.halcyon-studios.example/series/ser_7hx2k9qmbd/poster-2x3.jpg', 'http://cdn.example/a/b', 'https://x.example'];
    let fastTrue = 0;
    for (const value of mutations(2027, 20_000, seeds, alphabet)) {
      const answer = originalUri(value);
      expect([value, fast.uri!.validate(value)]).toEqual([value, answer]);
      if (answer) fastTrue++;
    }
    expect(fastTrue).toBeGreaterThan(5_000);
  });
});

/** `count` strings, each one of `seeds` with one to three characters replaced, inserted from `alphabet` or deleted (seeded). */
function* mutations(seed: number, count: number, seeds: readonly string[], alphabet: readonly string[]): Generator<string> {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (let n = 0; n < count; n++) {
    const chars = [...pick(seeds)];
    for (let k = Math.floor(random() * 3); k >= 0; k--) {
      const at = Math.floor(random() * (chars.length + 1));
      const op = random();
      if (op < 0.6) chars[Math.min(at, chars.length - 1)] = pick(alphabet);
      else if (op < 0.8) chars.splice(at, 0, pick(alphabet));
      else chars.splice(at, 1);
    }
    yield chars.join('');
  }
}
