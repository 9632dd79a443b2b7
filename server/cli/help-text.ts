/** Usage text, built from the command table so it cannot drift from what dispatch accepts. */
import type { Command } from './command.js';

/** A command with its arguments, as typed. */
export function commandLine(command: Command): string {
  return [...command.words, command.usage].join(' ').trimEnd();
}

/** The full usage text, or one command's when given. */
export function usageText(commands: readonly Command[], only?: Command): string {
  const shown = only ? [only] : commands;
  const lines = shown.flatMap((c) => [`  ${commandLine(c)}`, `      ${c.summary}`]);
  return [
    'Usage: npm run admin -- <command> [arguments] [--json]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  --json       print one JSON document on stdout (errors as JSON on stderr)',
    '  -h, --help   show this help',
    '',
    'Environment:',
    '  DATABASE_URL         SQLite file (default ./data/catalog.db) or postgres:// URL of the catalog',
    '  STREAM_SIGNING_KEYS  keys for stream verify (kid=secret,...); outside production the stored development key',
    '  DEBUG                print stack traces of unexpected errors',
    '',
    'Exit codes: 0 success, 1 failed (not found, store error), 2 bad input (usage, ids, flags, import file)',
    '',
  ].join('\n');
}
