/** The shape every admin command shares, so dispatch, usage text and flag checks are one table. */
import type { Actor, ServiceContext, ServiceStore } from '../services/context.js';
import type { Settings, Webhooks } from '../store/index.js';
import type { Output } from './output.js';

/** Every flag any command accepts; each command lists the ones it allows. */
export const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  name: { type: 'string' },
  'batch-size': { type: 'string' },
  'dry-run': { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  'group-by': { type: 'string' },
  kind: { type: 'string' },
  actor: { type: 'string' },
  partner: { type: 'string' },
  action: { type: 'string' },
  limit: { type: 'string' },
  email: { type: 'string' },
  'expires-in-hours': { type: 'string' },
  role: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  description: { type: 'string' },
  mode: { type: 'string' },
} as const;

export type OptionName = keyof typeof OPTIONS;
export type OptionValues = { [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean };

/** The store's doors the commands use (server/store/interfaces.ts): the services', and the development keys' settings. */
export type CliStore = ServiceStore & Settings & Webhooks;

/** What a command gets from the dispatcher. */
export interface CommandContext {
  out: Output;
  /** The instant of this invocation (ISO 8601, UTC), taken once at the command boundary. */
  now: string;
  /** Opens the store on first call. Commands call it only after checking every argument, so bad input writes nothing. */
  store(): Promise<CliStore>;
  /** Who runs the command, as the audit trail records it (`cli:<user>`). */
  actor: Actor;
  /** The console's origin, for links printed to hand to operators (STUDIO_ORIGINS, STUDIO_HOST, STUDIO_PORT). */
  studioOrigin: string;
}

/** What a service call needs from a command: the store (opened now), the actor and the invocation's instant. */
export async function serviceContext(ctx: CommandContext): Promise<ServiceContext> {
  return { store: await ctx.store(), actor: ctx.actor, now: ctx.now };
}

export interface Command {
  /** Group and command, e.g. ['partner', 'grant'], or a single word whose next word is the first argument (`usage <partner_id>`). */
  words: readonly [string, string] | readonly [string];
  /** Positional arguments as shown in the usage text. */
  usage: string;
  summary: string;
  /** Minimum and maximum number of positional arguments. */
  arity: readonly [number, number];
  /** Flags allowed besides --json and --help. */
  options: readonly OptionName[];
  run(ctx: CommandContext, args: string[], values: OptionValues): Promise<void>;
}
