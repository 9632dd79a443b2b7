/**
 * The `date`, `date-time` and `uri` formats express-openapi-validator checks in every request and
 * response (three date-times and one or two artwork URLs per series of a catalog page), answered
 * without allocating for the forms the server itself writes. ajv-formats (full mode) splits each date-time and matches both
 * halves with capturing regular expressions, allocating on every value, all of it garbage for the
 * collector (docs/decisions/0036-date-formats-in-validation.md; what it saved:
 * docs/performance.md#fast-formats).
 *
 * A fast path decides only `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SS[.digits]Z` with an ordinary
 * time of day, and `https://` or `http://` followed only by unreserved characters and `/` (a
 * reg-name host and a path, which RFC 3986 and ajv-formats' `uri` regular expression of 1,800
 * characters both accept), reading character codes; anything else (another separator or zone, a leap second,
 * any other shape) goes to ajv-formats' own function of the version the validator uses. So every
 * answer is ajv-formats' answer, which test/unit/server/fast-formats.test.ts checks against it over
 * generated strings, and a change of that version is seen by the same test.
 */
import { validatorRequire } from './validator-require.js';

interface FormatDefinition {
  validate: (value: string) => boolean;
  compare?: (a: string, b: string) => number | undefined;
}

/** ajv-formats' full formats, as the copy express-openapi-validator loads them. */
export function validatorFormats(): Record<string, FormatDefinition> {
  return (validatorRequire('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatDefinition> }).fullFormats;
}

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The decimal number of s[from, to), or -1 when a character there is not an ASCII digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Whether s[at, at + 10) is YYYY-MM-DD naming a real day (undefined when it is not that shape). */
function calendarDay(s: string, at: number): boolean | undefined {
  if (s.charCodeAt(at + 4) !== 45 || s.charCodeAt(at + 7) !== 45) return undefined; // '-'
  const year = digits(s, at, at + 4);
  const month = digits(s, at + 5, at + 7);
  const day = digits(s, at + 8, at + 10);
  if (year < 0 || month < 0 || day < 0) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** `date`: the fast path, or ajv-formats. */
export function fastDate(original: (value: string) => boolean): (value: string) => boolean {
  return (s) => (s.length === 10 ? calendarDay(s, 0) : undefined) ?? original(s);
}

/** `date-time`: the fast path (UTC, `T`, an ordinary time of day), or ajv-formats. */
export function fastDateTime(original: (value: string) => boolean): (value: string) => boolean {
  return (s) => {
    const n = s.length;
    // YYYY-MM-DDTHH:MM:SS, then nothing or '.' and digits, then 'Z'.
    if (n < 20 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || s.charCodeAt(n - 1) !== 90) return original(s);
    if (n > 20 && (n === 21 || s.charCodeAt(19) !== 46 || digits(s, 20, n - 1) < 0)) return original(s);
    const hour = digits(s, 11, 13);
    const minute = digits(s, 14, 16);
    const second = digits(s, 17, 19);
    const day = calendarDay(s, 0);
    if (day === undefined || hour < 0 || minute < 0 || second < 0 || hour > 23 || minute > 59 || second > 59) return original(s);
    return day;
  };
}

/** Unreserved characters (RFC 3986) and '/', by character code. */
const PLAIN_URI_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/') PLAIN_URI_CHAR[c.charCodeAt(0)] = 1;

/** `uri`: true for `http(s)://` and plain characters, or ajv-formats. */
export function fastUri(original: (value: string) => boolean): (value: string) => boolean {
  return (s) => {
    const start = s.startsWith('https://') ? 8 : s.startsWith('http://') ? 7 : -1;
    if (start < 0) return original(s);
    for (let i = start; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128 || PLAIN_URI_CHAR[c] === 0) return original(s);
    }
    return true;
  };
}

/** The validator's `formats` option: ajv-formats' definitions of date, date-time and uri, with the fast paths. */
export function fastFormats(): Record<string, FormatDefinition & { type: 'string' }> {
  const formats = validatorFormats();
  const date = formats.date!;
  const dateTime = formats['date-time']!;
  const uri = formats.uri as FormatDefinition | ((value: string) => boolean);
  const uriCheck = typeof uri === 'function' ? uri : uri.validate;
  return {
    uri: { type: 'string', validate: fastUri(uriCheck) },
    date: { ...date, type: 'string', validate: fastDate(date.validate) },
    'date-time': { ...dateTime, type: 'string', validate: fastDateTime(dateTime.validate) },
  };
}
