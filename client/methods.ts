/**
 * Which client method calls each operation of the contract, and how its arguments line up with the
 * operation's parameters. `npm run generate` writes the reference's TypeScript samples from this
 * table and the contract's parameter examples (scripts/code-samples.ts), so a method renamed here is
 * renamed in every sample; test/unit/client/methods.test.ts checks each entry against a real client.
 * Not part of the package: only the repository's generator reads it.
 */
import type { operations } from './generated/api.js';

export interface ClientMethod {
  /** The method's path on the client, e.g. `catalog.list`. */
  method: string;
  /** Path parameters passed as leading positional arguments, in this order. */
  pathArgs?: readonly string[];
  /** Whether the query parameters are passed as an object after the positional arguments. */
  query?: boolean;
  /** The iterating variant for cursor-paginated operations, e.g. `catalog.all`. */
  iterate?: string;
  /** What the sample names the result. */
  result: string;
}

export const clientMethods = {
  authenticate: { method: 'auth.token', result: 'token' },
  verifyToken: { method: 'auth.verify', result: 'status' },
  listEntitlements: { method: 'entitlements.list', query: true, iterate: 'entitlements.all', result: 'page' },
  getCatalog: { method: 'catalog.list', query: true, iterate: 'catalog.all', result: 'page' },
  listChanges: { method: 'changes.list', query: true, iterate: 'changes.all', result: 'page' },
  searchCatalog: { method: 'search.list', query: true, iterate: 'search.all', result: 'page' },
  getSeries: { method: 'series.get', pathArgs: ['series_id'], result: 'series' },
  listEpisodes: { method: 'episodes.list', pathArgs: ['series_id'], query: true, iterate: 'episodes.all', result: 'page' },
  getEpisode: { method: 'episodes.get', pathArgs: ['episode_id'], result: 'episode' },
  resolveStream: { method: 'streams.resolve', pathArgs: ['episode_id'], query: true, result: 'stream' },
  getUsage: { method: 'usage.get', query: true, iterate: 'usage.all', result: 'report' },
  listWebhookDeliveries: { method: 'webhooks.deliveries', query: true, iterate: 'webhooks.allDeliveries', result: 'page' },
} as const satisfies Record<keyof operations, ClientMethod>;
