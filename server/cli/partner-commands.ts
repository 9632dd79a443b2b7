/** `partner create|list|show|rename|regenerate-secret|roll-secret|disable|enable`: the partner lifecycle, through server/services. */
import * as partners from '../services/partners.js';
import type { EntitlementRecord, GrantReads, PartnerReads, PartnerRecord } from '../store/index.js';
import { loadStudioContract } from '../contract/studio.js';
import { intOption, partnerId, partnerName } from './args.js';
import { serviceContext, type Command, type CommandContext } from './command.js';
import { CliError, EXIT, notFound } from './errors.js';
import { entitlementView, partnerLines, partnerView, table } from './output.js';

const SECRET_NOTE = 'The API secret is shown only this once: only its hash is stored. Share it with the partner securely.';

/** A partner's key and its new secret, the one time the secret is shown (create, regenerate-secret, roll-secret). */
function printSecret(ctx: CommandContext, partner: PartnerRecord, apiSecret: string, notes: string[]): void {
  const view = partnerView(partner, ctx.now);
  ctx.out.result({ ...view, api_secret: apiSecret, note: SECRET_NOTE }, () => [
    `partner_id:  ${view.partner_id}`,
    `api_key:     ${view.api_key}`,
    `api_secret:  ${apiSecret}`,
    '',
    ...notes,
    SECRET_NOTE,
  ]);
}

/** Every entitlement of a partner, following cursors to the end. */
export async function allEntitlements(store: GrantReads, id: string): Promise<EntitlementRecord[]> {
  const all: EntitlementRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listEntitlements(id, { limit: 100, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return all;
}

/** The partner, or a not-found error (exit 1). */
export async function requirePartner(store: PartnerReads, id: string) {
  const partner = await store.getPartner(id);
  if (!partner) throw notFound(`partner ${id} not found`);
  return partner;
}

const create: Command = {
  words: ['partner', 'create'],
  usage: '--name <name>',
  summary: 'create a partner and print its API key and secret (the secret is shown once)',
  arity: [0, 0],
  options: ['name'],
  async run(ctx, _args, values) {
    const name = partnerName(values.name);
    const { partner, apiSecret } = await partners.createPartner(await serviceContext(ctx), name);
    printSecret(ctx, partner, apiSecret, []);
  },
};

const list: Command = {
  words: ['partner', 'list'],
  usage: '',
  summary: 'list partners',
  arity: [0, 0],
  options: [],
  async run(ctx) {
    const partners = (await (await ctx.store()).listPartners()).map((p) => partnerView(p, ctx.now));
    ctx.out.result({ partners }, () =>
      table(
        ['PARTNER_ID', 'NAME', 'API_KEY', 'STATUS', 'CREDENTIAL_VERSION', 'CREATED_AT'],
        partners.map((p) => [p.partner_id, p.name, p.api_key, p.disabled ? 'disabled' : 'enabled', String(p.credential_version), p.created_at]),
        'no partners',
      ),
    );
  },
};

const show: Command = {
  words: ['partner', 'show'],
  usage: '<partner_id>',
  summary: "show a partner and all of its grants",
  arity: [1, 1],
  options: [],
  async run(ctx, [rawId = '']) {
    const id = partnerId(rawId);
    const store = await ctx.store();
    const view = partnerView(await requirePartner(store, id), ctx.now);
    const entitlements = (await allEntitlements(store, id)).map(entitlementView);
    ctx.out.result({ ...view, entitlements }, () => [
      ...partnerLines(view),
      '',
      ...table(
        ['SERIES_ID', 'GRANTS', 'TITLE', 'UPDATED_AT'],
        entitlements.map((e) => [e.series_id, e.grants.join(','), e.series_title, e.updated_at]),
        'no grants',
      ),
    ]);
  },
};

const regenerate: Command = {
  words: ['partner', 'regenerate-secret'],
  usage: '<partner_id>',
  summary: 'replace the API secret; the old secret and every token issued with it stop working at once',
  arity: [1, 1],
  options: [],
  async run(ctx, [rawId = '']) {
    const id = partnerId(rawId);
    const result = await partners.regenerateSecret(await serviceContext(ctx), id);
    printSecret(ctx, result.partner, result.apiSecret, ['The previous secret and every token issued before now no longer work.']);
  },
};

const roll: Command = {
  words: ['partner', 'roll-secret'],
  usage: '<partner_id> [--expires-in-hours <hours>]',
  summary: 'issue a new API secret and keep the current one (and its tokens) working for --expires-in-hours (the studio contract gives the default and the maximum)',
  arity: [1, 1],
  options: ['expires-in-hours'],
  async run(ctx, [rawId = ''], values) {
    const id = partnerId(rawId);
    const { minHours, maxHours, defaultHours } = loadStudioContract().secretRoll;
    const hours = intOption('expires-in-hours', values['expires-in-hours'], defaultHours, minHours, maxHours);
    const result = await partners.rollSecret(await serviceContext(ctx), id, hours);
    if (result === 'roll_in_progress') {
      throw new CliError(`partner ${id} has a rolled secret that is still valid; wait for it to expire, or regenerate-secret to end both at once`, EXIT.failed, 'conflict');
    }
    const expiresAt = result.partner.previousSecret!.expiresAt;
    printSecret(ctx, result.partner, result.apiSecret, [`The previous secret and the tokens issued from it keep working until ${expiresAt}.`]);
  },
};

const rename: Command = {
  words: ['partner', 'rename'],
  usage: '<partner_id> --name <name>',
  summary: "change a partner's display name",
  arity: [1, 1],
  options: ['name'],
  async run(ctx, [rawId = ''], values) {
    const id = partnerId(rawId);
    const name = partnerName(values.name);
    const view = partnerView(await partners.renamePartner(await serviceContext(ctx), id, name), ctx.now);
    ctx.out.result(view, () => [`partner ${id} is now named ${view.name}`]);
  },
};

function setDisabled(disabled: boolean): Command {
  const verb = disabled ? 'disable' : 'enable';
  return {
    words: ['partner', verb],
    usage: '<partner_id>',
    summary: disabled ? 'disable a partner: the API refuses its credentials until it is enabled' : 'enable a disabled partner',
    arity: [1, 1],
    options: [],
    async run(ctx, [rawId = '']) {
      const id = partnerId(rawId);
      const partner = await partners.setPartnerDisabled(await serviceContext(ctx), id, disabled);
      const view = partnerView(partner, ctx.now);
      ctx.out.result(view, () => [`partner ${id} is now ${view.disabled ? 'disabled' : 'enabled'}`]);
    },
  };
}

/** The partner lifecycle commands. */
export const partnerCommands: Command[] = [create, list, show, rename, regenerate, roll, setDisabled(true), setDisabled(false)];
