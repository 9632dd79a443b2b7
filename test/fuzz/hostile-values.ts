/**
 * Hostile values for the fuzz suite, by what a parameter holds: numbers JavaScript cannot
 * represent or reads loosely, date-times and dates at and past their edges, strings of every
 * awkward shape (empty, 10 KB, NUL, RTL, emoji, FTS syntax, escapes), enums in other spellings,
 * cursors and path ids of every shape. Values are raw text; requests encode them (or not).
 */

export const NUMBERS = [
  'Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '-0', '0', '-1', '0x10', '0b11', '0o7', '1e2', '1.5', '1.0', ' 5', '5 ', '+5',
  '\u0661\u0662', '9'.repeat(400), '-9007199254740993', '9007199254740993', '2147483648', '1_000', 'null', 'true', '[]', '{}', '',
];

export const DATE_TIMES = [
  '2026-12-31T23:59:60Z', '2026-06-30T23:59:60.999+00:00', '2027-01-01T05:29:60+05:30', '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+23:59', '9999-12-31T23:59:59-23:59', '99999-01-01T00:00:00Z', '2026-02-30T00:00:00Z',
  '2026-01-01T00:00:00+24:00', '2026-01-01t00:00:00z', '2026-01-01 00:00:00Z', '2026-01-01T00:00:00', '1970-01-01T00:00:00Z',
  '2026-01-01T00:00:00.123456789Z', '-2026-01-01T00:00:00Z', '2026-01-01T00:00:00+05:30', '2026-01-01T24:00:00Z', '',
];

export const DATES = ['2026-02-29', '2024-02-29', '0000-01-01', '0000-02-29', '9999-12-31', '99999-01-01', '2026-13-01', '2026-1-1', '2026-01-01T00:00:00Z', '-2026-01-01', ''];

export const STRINGS = [
  '', ' ', 'x'.repeat(10_240), '\u0000', 'a\u0000b', '\u202Eevil', '\u202Blight', '🎬🍿', 'é', '%', '%zz', '%00', '"', "'", '<script>alert(1)</script>',
  '../../etc/passwd', 'light*', '"light"', 'NEAR(light house)', 'light OR house', 'light AND NOT house', '^light', 'title:light', '(', ')', '-light', '*',
  '{}', '\\', "'; DROP TABLE series;--", 'null', 'undefined', '__proto__', 'constructor', '\t\n', '\u00a0', '\uFEFF', 'l\u0301ight', 'ﬁ', 'İ',
];

export const CURSORS = [
  '', 'x', '====', 'eyJ', 'x'.repeat(513), Buffer.from('{"k":["a","b"],"c":"x"}').toString('base64url'),
  Buffer.from('{"k":[null,"ser_0000000000"],"i":"dev-1","c":"AAAAAAAAAAAAAAAAAAAAAA"}').toString('base64url'),
  Buffer.from('{"k":[1e309],"i":"dev-1","c":""}').toString('base64url'), Buffer.from('[]').toString('base64url'),
  Buffer.from('{"__proto__":{"k":[]}}').toString('base64url'), 'eyJrIjpbXX0=', 'eyJrIjpbXX0',
];

export const PATH_IDS = [
  '', 'ser_', 'ep_', 'ser_0000000000', 'ep_0000000000', 'SER_7HX2K9QMBD', 'x'.repeat(3000), '/', '..', '.', '\u0000', '\u202E', '🎬',
  'ser_7hx2k9qmbd ', ' ser_7hx2k9qmbd', 'ser_7hx2k9qmbd;x=1', '%2F', '%', "ser_'--", 'ser_7hx2k9qmbd\u0000', 'constructor', '__proto__',
];

/** Other spellings of an enum's values, and values outside it. */
export function enumVariants(values: string[]): string[] {
  const first = values[0] ?? '';
  return [first.toUpperCase(), ` ${first}`, `${first} `, `${first},${values[1] ?? first}`, '', 'random', `${first}\u0000`, `${first}*`];
}

/** Values for a parameter of this schema. */
export function hostileFor(schema: { type?: string; format?: string; enum?: string[] }, name: string): string[] {
  if (schema.enum) return enumVariants(schema.enum);
  if (schema.type === 'integer' || schema.type === 'number') return NUMBERS;
  if (schema.format === 'date-time') return DATE_TIMES;
  if (schema.format === 'date') return DATES;
  if (name === 'cursor') return CURSORS;
  return STRINGS;
}

/** Percent-encodes text as a query value or path segment, as UTF-8 bytes. */
export function encode(text: string): string {
  return encodeURIComponent(text);
}
