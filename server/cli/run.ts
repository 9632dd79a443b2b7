/** runAdmin: parses argv, checks it against the command table, runs the command, maps errors to exit codes. */
import { parseArgs } from 'node:util';
import { openStore, StoreUnavailableError, type Store } from '../store/index.js';
import { catalogCommands } from './catalog-commands.js';
import { OPTIONS, type Command, type CommandContext, type OptionValues } from './command.js';
import { redactUrl } from '../config.js';
import { cliActor, type Actor } from '../services/context.js';
import { InvalidInputError, NotFoundError } from '../services/errors.js';
import { auditCommands } from './audit-commands.js';
import { CliError, EXIT, usageError } from './errors.js';
import { grantCommands } from './grant-commands.js';
import { grantJobCommands } from './grant-job-commands.js';
import { Output, type AdminIO } from './output.js';
import { operatorCommands } from './operator-commands.js';
import { partnerCommands } from './partner-commands.js';
import { seriesCommands } from './series-commands.js';
import { streamCommands } from './stream-commands.js';
import { usageCommands } from './usage-commands.js';
import { webhookCommands } from './webhook-commands.js';
import { commandLine, usageText } from './help-text.js';

/** Every admin command, in the order the usage text lists them. */
export const COMMANDS: readonly Command[] = [...seriesCommands, ...catalogCommands, ...partnerCommands, ...grantCommands, ...grantJobCommands, ...usageCommands, ...auditCommands, ...operatorCommands, ...streamCommands, ...webhookCommands];

/** Replaceable in tests; the real CLI uses the real store and the wall clock. */
export interface AdminDeps {
  openStore(databaseUrl?: string): Promise<Store>;
  now(): string;
  /** The operating-system user, recorded in the audit trail as `cli:<user>`. */
  actor(): Actor;
}

const defaultDeps: AdminDeps = {
  // Called only once a command needs the store: --help and bad input answer without loading an engine or migrating.
  openStore: (databaseUrl) => openStore(databaseUrl),
  now: () => new Date().toISOString(),
  actor: () => cliActor(),
};

type Parsed = { kind: 'help'; command?: Command } | { kind: 'run'; command: Command; args: string[]; values: OptionValues };

/** Turns argv into a command and its checked arguments, or throws a usage error. Touches nothing. */
function parse(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    const flag = /Unknown option '([^']+)'/.exec((err as Error).message)?.[1];
    throw usageError(flag ? `unknown flag ${flag}` : (err as Error).message);
  }
  // parseArgs keeps the last of a repeated flag; a repeated --name is more likely a mistake than intent.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw usageError(`--${token.name} given more than once`);
    seen.add(token.name);
  }
  const values = parsed.values as OptionValues;
  const [group, name, ...rest] = parsed.positionals;
  const twoWords = COMMANDS.find((c) => c.words.length === 2 && c.words[0] === group && c.words[1] === name);
  const oneWord = twoWords ? undefined : COMMANDS.find((c) => c.words.length === 1 && c.words[0] === group);
  const command = twoWords ?? oneWord;
  const args = oneWord && name !== undefined ? [name, ...rest] : rest;
  if (values.help) return { kind: 'help', command };
  if (group === undefined) throw usageError('missing command', { lines: ['', usageText(COMMANDS)] });
  if (!command) {
    throw usageError(`unknown command "${[group, name].filter(Boolean).join(' ')}"`, { lines: ['', usageText(COMMANDS)] });
  }
  const label = command.words.join(' ');
  for (const key of Object.keys(values)) {
    if (key !== 'json' && !command.options.includes(key as keyof OptionValues)) throw usageError(`"${label}" does not accept --${key}`);
  }
  const [min, max] = command.arity;
  if (args.length < min || args.length > max) {
    throw usageError(`wrong number of arguments; usage: ${commandLine(command)}`);
  }
  return { kind: 'run', command, args, values };
}

/** Opens the store, turning any failure (bad DATABASE_URL, unwritable path, failed migration) into one clear message. */
async function open(deps: AdminDeps, databaseUrl: string | undefined): Promise<Store> {
  try {
    return await deps.openStore(databaseUrl);
  } catch (err) {
    const where = databaseUrl === undefined ? 'the default database (./data/catalog.db)' : redactUrl(databaseUrl);
    throw new CliError(`cannot open ${where}: ${(err as Error).message}`, EXIT.failed, 'store_unavailable', { cause: err });
  }
}

/** A service's refusal as the CLI reports it: not found exits 1, invalid input 2. */
function fromService(err: unknown): CliError | undefined {
  if (err instanceof NotFoundError) return new CliError(err.message, EXIT.failed, 'not_found', { cause: err });
  if (err instanceof InvalidInputError) return usageError(`invalid --${err.field}: ${err.message}`, { cause: err });
  return undefined;
}

/** Where operators open the console: the first of STUDIO_ORIGINS, else the studio listener's own address. */
function studioOrigin(env: NodeJS.ProcessEnv): string {
  const configured = (env.STUDIO_ORIGINS ?? '').split(',').map((o) => o.trim()).find(Boolean);
  return configured ?? `http://${env.STUDIO_HOST || '127.0.0.1'}:${env.STUDIO_PORT || '3001'}`;
}

/** Prints an error in the requested format and returns its exit code. */
function report(err: unknown, io: AdminIO, json: boolean): number {
  const known = err instanceof CliError ? err : fromService(err);
  const detail = err instanceof Error ? err.message : String(err);
  const [code, message] = known
    ? [known.code, known.message]
    : err instanceof StoreUnavailableError
      ? ['store_unavailable', `the database is unavailable: ${detail}`]
      : ['internal_error', `unexpected error: ${detail}`];
  if (json) {
    io.stderr.write(JSON.stringify({ error: { code, message, details: known?.details } }) + '\n');
  } else {
    io.stderr.write([`error: ${message}`, ...(known?.lines ?? [])].join('\n') + '\n');
  }
  // Stack traces help developers, not operators: only under DEBUG.
  if (io.env.DEBUG && err instanceof Error) {
    io.stderr.write(`${err.stack}\n`);
    if (err.cause instanceof Error) io.stderr.write(`caused by: ${err.cause.stack}\n`);
  }
  return known ? known.exitCode : EXIT.failed;
}

/** Runs one admin command and returns its exit code (0 ok, 1 failed or not found, 2 bad input). */
export async function runAdmin(argv: string[], io: AdminIO, deps: AdminDeps = defaultDeps): Promise<number> {
  // Known before parsing, so even a parse error is reported in the requested format.
  const json = argv.includes('--json');
  let store: Store | undefined;
  try {
    const parsed = parse(argv);
    if (parsed.kind === 'help') {
      io.stdout.write(usageText(COMMANDS, parsed.command));
      return EXIT.ok;
    }
    const ctx: CommandContext = {
      out: new Output(io, json),
      now: deps.now(),
      actor: deps.actor(),
      store: async () => (store ??= await open(deps, io.env.DATABASE_URL)),
      studioOrigin: studioOrigin(io.env),
    };
    await parsed.command.run(ctx, parsed.args, parsed.values);
    return EXIT.ok;
  } catch (err) {
    return report(err, io, json);
  } finally {
    // The command's writes are already committed; a failing close is worth a note, not a crash.
    await store?.close().catch((err: unknown) => io.stderr.write(`warning: closing the store failed: ${(err as Error).message}\n`));
  }
}
