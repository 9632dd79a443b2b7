/** `webhook create|list|show|update|disable|enable|roll-secret|delete|deliveries`: a partner's webhook endpoints, through server/services. */
import * as webhooks from '../services/webhooks.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../store/index.js';
import { WebhookUrlRefused } from '../webhooks/address-guard.js';
import { parseWebhookConfig } from '../webhooks/config.js';
import { intOption, partnerId } from './args.js';
import type { Command, CommandContext } from './command.js';
import { CliError, EXIT, usageError } from './errors.js';
import { table } from './output.js';

const SECRET_NOTE = 'The signing secret is shown only this once. Give it to the partner securely: its receiver verifies every webhook with it.';

function endpointId(value: string): string {
  if (!/^whe_[0-9a-z]{11}$/.test(value)) throw usageError(`invalid endpoint id ${JSON.stringify(value)}: expected whe_ and 11 lowercase letters or digits`);
  return value;
}

function view(e: WebhookEndpointRecord) {
  return { endpoint_id: e.id, partner_id: e.partnerId, url: e.url, description: e.description, event_types: e.eventTypes, status: e.disabled ? 'disabled' : 'enabled', disabled_reason: e.disabledReason, created_at: e.createdAt, updated_at: e.updatedAt };
}

function deliveryView(d: WebhookDeliveryRecord) {
  return { endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType, status: d.status, attempts: d.attempts, last_status_code: d.lastStatusCode, last_error: d.lastError, next_attempt_at: d.nextAttemptAt };
}

async function context(ctx: CommandContext) {
  return { store: await ctx.store(), actor: ctx.actor, now: ctx.now };
}

/** The same policy as the server's (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOWED_HOSTS), from this process's environment. */
function policy() {
  const problems: string[] = [];
  const config = parseWebhookConfig(process.env, problems);
  if (problems.length) throw usageError(problems.join('; '));
  return config;
}

async function urlChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WebhookUrlRefused) throw new CliError(`the webhook URL is refused: ${err.message}`, EXIT.usage, 'webhook_url_refused', { cause: err });
    throw err;
  }
}

const events = (value: string | undefined) => value?.split(',').map((t) => t.trim()).filter(Boolean);

function printEndpoint(ctx: CommandContext, e: WebhookEndpointRecord, secret?: string): void {
  const v = view(e);
  ctx.out.result(secret ? { ...v, secret, note: SECRET_NOTE } : v, () => [
    `endpoint_id:  ${v.endpoint_id}`,
    `partner_id:   ${v.partner_id}`,
    `url:          ${v.url}`,
    `event_types:  ${v.event_types.join(',')}`,
    `status:       ${v.status}${v.disabled_reason ? ` (${v.disabled_reason})` : ''}`,
    ...(secret ? [`secret:       ${secret}`, '', SECRET_NOTE] : []),
  ]);
}

const byId = (word: string, summary: string, run: (ctx: CommandContext, id: string) => Promise<WebhookEndpointRecord>): Command => ({
  words: ['webhook', word],
  usage: '<endpoint_id>',
  summary,
  arity: [1, 1],
  options: [],
  async run(ctx, [raw = '']) {
    printEndpoint(ctx, await run(ctx, endpointId(raw)));
  },
});

export const webhookCommands: readonly Command[] = [
  {
    words: ['webhook', 'create'],
    usage: '<partner_id> --url <url> --events <type,...> [--description <text>]',
    summary: "add a webhook endpoint for a partner's events and print its signing secret (shown once)",
    arity: [1, 1],
    options: ['url', 'events', 'description'],
    async run(ctx, [raw = ''], values) {
      const id = partnerId(raw);
      if (!values.url) throw usageError('--url is required');
      const input = { url: values.url, eventTypes: events(values.events) ?? [], description: values.description };
      const created = await urlChecked(async () => webhooks.createEndpoint(await context(ctx), policy(), id, input));
      printEndpoint(ctx, created.endpoint, created.secret);
    },
  },
  {
    words: ['webhook', 'list'],
    usage: '<partner_id>',
    summary: "list a partner's webhook endpoints",
    arity: [1, 1],
    options: [],
    async run(ctx, [raw = '']) {
      const list = (await webhooks.listEndpoints(await ctx.store(), partnerId(raw))).map(view);
      ctx.out.result({ endpoints: list }, () =>
        table(['ENDPOINT_ID', 'STATUS', 'URL', 'EVENT_TYPES'], list.map((e) => [e.endpoint_id, e.status, e.url, e.event_types.join(',')]), 'no webhook endpoints'),
      );
    },
  },
  byId('show', 'show a webhook endpoint', async (ctx, id) => webhooks.getEndpoint(await ctx.store(), id)),
  {
    words: ['webhook', 'update'],
    usage: '<endpoint_id> [--url <url>] [--events <type,...>] [--description <text>]',
    summary: "change a webhook endpoint's URL, event types or description",
    arity: [1, 1],
    options: ['url', 'events', 'description'],
    async run(ctx, [raw = ''], values) {
      const id = endpointId(raw);
      if (values.url === undefined && values.events === undefined && values.description === undefined) throw usageError('nothing to change: give --url, --events or --description');
      const input = { url: values.url, eventTypes: events(values.events), description: values.description };
      printEndpoint(ctx, await urlChecked(async () => webhooks.updateEndpoint(await context(ctx), policy(), id, input)));
    },
  },
  byId('disable', 'stop sending to a webhook endpoint', async (ctx, id) => webhooks.setEndpointDisabled(await context(ctx), id, true)),
  byId('enable', 'send to a webhook endpoint again (events from now on)', async (ctx, id) => webhooks.setEndpointDisabled(await context(ctx), id, false)),
  {
    words: ['webhook', 'roll-secret'],
    usage: '<endpoint_id> [--expires-in-hours <hours>]',
    summary: 'issue a new signing secret; the current one keeps signing beside it for --expires-in-hours (default 24, 0 ends it now)',
    arity: [1, 1],
    options: ['expires-in-hours'],
    async run(ctx, [raw = ''], values) {
      const id = endpointId(raw);
      const hours = intOption('expires-in-hours', values['expires-in-hours'], 24, 0, webhooks.MAX_ROLL_HOURS);
      const rolled = await webhooks.rollEndpointSecret(await context(ctx), id, hours);
      printEndpoint(ctx, rolled.endpoint, rolled.secret);
    },
  },
  {
    words: ['webhook', 'delete'],
    usage: '<endpoint_id>',
    summary: 'delete a webhook endpoint, its pending deliveries and its delivery log',
    arity: [1, 1],
    options: [],
    async run(ctx, [raw = '']) {
      const id = endpointId(raw);
      await webhooks.deleteEndpoint(await context(ctx), id);
      ctx.out.result({ endpoint_id: id, deleted: true }, () => [`webhook endpoint ${id} deleted`]);
    },
  },
  {
    words: ['webhook', 'deliveries'],
    usage: '<partner_id> [--limit <n>]',
    summary: "a partner's webhook delivery log, newest event first: status, attempts, last response code, next attempt",
    arity: [1, 1],
    options: ['limit'],
    async run(ctx, [raw = ''], values) {
      const limit = intOption('limit', values.limit, 20, 1, 100);
      const page = await webhooks.listDeliveries(await ctx.store(), { partnerId: partnerId(raw), limit });
      const items = page.items.map(deliveryView);
      ctx.out.result({ deliveries: items }, () =>
        table(
          ['EVENT_ID', 'TYPE', 'ENDPOINT_ID', 'STATUS', 'ATTEMPTS', 'LAST_CODE', 'NEXT_ATTEMPT_AT'],
          items.map((d) => [d.event_id, d.event_type, d.endpoint_id, d.status, String(d.attempts), String(d.last_status_code ?? '-'), d.next_attempt_at ?? '-']),
          'no deliveries',
        ),
      );
    },
  },
];
