/** Structured JSON logs (pino). Credentials, tokens and URL signatures are redacted wherever they could appear. */
import { pino, type DestinationStream, type Logger } from 'pino';
import { accessLine, accessRecord, type AccessFields, type AccessLevel } from './access-line.js';

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

/**
 * Query parameters whose values are secrets wherever a URL is written down: a stream URL's
 * signature (`sig`), and the authorization code and state an identity provider sends the browser
 * back to the studio with (`code`, `state`).
 */
const SECRET_PARAMS = /([?&](?:sig|code|state)=)[^&\s"#]+/g;

/** The text with the value of every secret query parameter in it replaced by `[redacted]`. */
export function redactQuerySecrets(text: string): string {
  // Checked first: most lines, such as a partner's catalog reads, have none, and skip the regular expression.
  return text.includes('sig=') || text.includes('code=') || text.includes('state=') ? text.replace(SECRET_PARAMS, '$1[redacted]') : text;
}

/** Writes one access line per request (http/access-log.ts) where its logger writes. */
export interface AccessWriter {
  enabled(level: AccessLevel): boolean;
  write(level: AccessLevel, fields: AccessFields, msg: string): void;
}

/** The access writers of loggers made by createLogger. */
const accessWriters = new WeakMap<Logger, AccessWriter>();

/**
 * The access writer that goes with `logger`. For a logger made by createLogger, the line is
 * written by access-line.ts into the logger's destination, without pino's serializer or
 * redaction: an access line holds only the fields the access log sets, with the URL's secret
 * query parameters already redacted (http/access-log.ts). For any other logger, through the logger.
 */
export function accessWriterFor(logger: Logger): AccessWriter {
  return (
    accessWriters.get(logger) ?? {
      enabled: (level) => logger.isLevelEnabled(level),
      write: (level, f, msg) => logger[level](accessRecord(f), msg),
    }
  );
}

/** Characters of access lines gathered before they are written to stdout in one write. */
const ACCESS_BUFFER_CHARS = 4096;
/** The longest an access line waits in that buffer, in milliseconds. */
const ACCESS_FLUSH_MS = 250;

let stdoutSinks: { process: DestinationStream; access: { write(line: string): unknown } } | undefined;

/**
 * Stdout, shared by every logger of the process. Access lines, one per request, are gathered
 * and written a few kilobytes at a time (or every ACCESS_FLUSH_MS), rather than with one write
 * each: a write per line was a third of what logging cost a cached request. Every other line
 * (start, stop, warnings, errors) is written at once, after the access lines before it, so the
 * output keeps its order. What is gathered is written when the process exits, including on
 * process.exit() and an uncaught exception; only a kill (SIGKILL, the OOM killer) can lose it.
 * The writes themselves are pino's synchronous destination's (which waits out EAGAIN on a
 * non-blocking pipe); its own gathering (`minLength`) is not used, as it copies what it has
 * gathered again on every line.
 */
function stdout(): NonNullable<typeof stdoutSinks> {
  if (stdoutSinks) return stdoutSinks;
  const out = pino.destination({ dest: 1, sync: true });
  let gathered: string[] = [];
  let length = 0;
  const flush = () => {
    if (gathered.length === 0) return;
    const text = gathered.join('');
    gathered = [];
    length = 0;
    out.write(text);
  };
  setInterval(flush, ACCESS_FLUSH_MS).unref();
  process.once('exit', flush);
  stdoutSinks = {
    process: {
      write(line: string) {
        flush();
        out.write(line);
      },
    },
    access: {
      write(line: string) {
        gathered.push(line);
        length += line.length;
        if (length >= ACCESS_BUFFER_CHARS) flush();
      },
    },
  };
  return stdoutSinks;
}

/** Builds the process logger; `destination` lets tests capture what would be written (unbuffered). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const sinks = destination ? { process: destination, access: destination } : stdout();
  const base = { service: 'partner-catalog' };
  const options = {
    level,
    base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Never let a query string (e.g. a pasted signed URL) reach the log unredacted.
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactQuerySecrets(a) : a)) as never);
      },
    },
  };
  const logger = pino(options, sinks.process);
  const bindings = JSON.stringify(base).slice(1, -1);
  accessWriters.set(logger, {
    enabled: (lvl) => logger.isLevelEnabled(lvl),
    write: (lvl, fields, msg) => void sinks.access.write(accessLine(lvl, Date.now(), bindings, fields, msg)),
  });
  return logger;
}
