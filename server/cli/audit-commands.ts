/** `audit`: the audit trail, newest first, filtered by kind (changes, security events), actor, partner, action and time range. */
import type { AuditEntry, AuditKind } from '../store/index.js';
import { intOption, partnerId } from './args.js';
import type { Command } from './command.js';
import { usageError } from './errors.js';
import { table } from './output.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

/** An instant for --from/--to: a date (its UTC midnight) or an ISO 8601 instant. */
function instant(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const ms = /^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw usageError(`invalid --${flag} "${value}": expected a date YYYY-MM-DD or an ISO 8601 instant`);
  return new Date(ms).toISOString();
}

/** --kind: changes or security events. */
function auditKind(value: string): AuditKind {
  if (value === 'change' || value === 'security') return value;
  throw usageError(`invalid --kind "${value}": expected change or security`);
}

/** An entry as the CLI shows it, snake_case like the other documents. */
function view(e: AuditEntry) {
  return {
    id: e.id, at: e.at, kind: e.kind, actor: e.actor, actor_email: e.actorEmail, action: e.action,
    target_kind: e.targetKind, target_id: e.targetId, partner_id: e.partnerId, before: e.before, after: e.after, address: e.address,
  };
}

function brief(value: unknown): string {
  return value === null ? '-' : JSON.stringify(value);
}

const audit: Command = {
  words: ['audit'],
  usage: '[--kind change|security] [--actor cli:<user>|operator:<id>|address:<ip>] [--partner <partner_id>] [--action <action>] [--from <date|instant>] [--to <date|instant>] [--limit <n>]',
  summary: 'show the audit trail of changes and security events, newest first (--to is exclusive)',
  arity: [0, 0],
  options: ['kind', 'actor', 'partner', 'action', 'from', 'to', 'limit'],
  async run(ctx, _args, values) {
    const limit = intOption('limit', values.limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
    const query = {
      kind: values.kind === undefined ? undefined : auditKind(values.kind),
      actor: values.actor,
      partnerId: values.partner === undefined ? undefined : partnerId(values.partner),
      action: values.action,
      from: instant('from', values.from),
      to: instant('to', values.to),
    };
    const store = await ctx.store();
    const entries: AuditEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.listAudit({ ...query, limit: Math.min(100, limit - entries.length), cursor });
      entries.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && entries.length < limit);
    const items = entries.map(view);
    ctx.out.result({ items, more: cursor !== undefined }, () => [
      ...table(
        ['AT', 'ACTOR', 'ACTION', 'TARGET', 'ADDRESS', 'BEFORE', 'AFTER'],
        items.map((e) => [e.at, e.actor, e.action, `${e.target_kind}:${e.target_id}` + (e.partner_id && e.partner_id !== e.target_id ? ` (${e.partner_id})` : ''), e.address ?? '-', brief(e.before), brief(e.after)]),
        'no audit entries',
      ),
      ...(cursor !== undefined ? [`(more entries: raise --limit or narrow the filters)`] : []),
    ]);
  },
};

/** The audit commands. */
export const auditCommands: Command[] = [audit];
