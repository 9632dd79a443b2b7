/** Structured JSON logs (pino). Credentials, tokens and URL signatures are redacted wherever they could appear. */
import { pino, type DestinationStream, type Logger } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.api_secret',
  '*.apiSecret',
  '*.secretHash',
  '*.access_token',
  '*.token',
  'api_secret',
  'access_token',
];

/** A stream URL's signature (`sig=` in a query), wherever it appears in a string. */
const SIGNATURE = /([?&]sig=)[^&\s"]+/g;

/** The text with every URL signature in it replaced by `[redacted]`. */
export function redactSignatures(text: string): string {
  return text.includes('sig=') ? text.replace(SIGNATURE, '$1[redacted]') : text;
}

/** Builds the process logger; `destination` lets tests capture what would be written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'partner-catalog' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Never let a query string (e.g. a pasted signed URL) reach the log unredacted.
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactSignatures(a) : a)) as never);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
