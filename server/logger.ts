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

/**
 * Access-log loggers, by the logger whose destination they share: the same level and base
 * fields, but no redaction. Redaction (pino's paths with wildcards, and the hook that scans
 * string arguments) costs about 6 µs of a ~10 µs log call, on every request at `info`; an
 * access line holds only fields the access log sets itself, with the URL's signature already
 * redacted (http/access-log.ts), so it needs none.
 */
const accessLoggers = new WeakMap<Logger, Logger>();

/** The logger for access lines that goes with `logger` (itself, for a logger not made by createLogger). */
export function accessLoggerFor(logger: Logger): Logger {
  return accessLoggers.get(logger) ?? logger;
}

/** Builds the process logger; `destination` lets tests capture what would be written. */
export function createLogger(level: string, destination: DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  const base = { service: 'partner-catalog' };
  const options = {
    level,
    base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Never let a query string (e.g. a pasted signed URL) reach the log unredacted.
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactSignatures(a) : a)) as never);
      },
    },
  };
  const logger = pino(options, destination);
  const access = pino({ level, base }, destination);
  // One level for both, whoever sets it.
  logger.on('level-change', (_label, value) => {
    if (access.levelVal !== value) access.level = logger.level;
  });
  accessLoggers.set(logger, access);
  return logger;
}
