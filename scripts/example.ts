/**
 * A partner's first hour, as code: authenticate, list entitlements, page the catalog, search, read
 * a series and its episodes, resolve a stream, read usage. Against the mock by default:
 *
 *   npm run mock                      # in another terminal
 *   npm run example
 *   npm run example -- --base-url http://localhost:3000 --api-key pk_… --api-secret sk_…
 *
 * (or PARTNER_BASE_URL, PARTNER_API_KEY, PARTNER_API_SECRET). walkthrough() is exported so the
 * tests run this very code against the real server and against the mock.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createPartnerClient,
  PartnerApiError,
  PartnerNetworkError,
  type AccessToken,
  type Entitlement,
  type Episode,
  type PartnerClient,
  type SearchHit,
  type Series,
  type StreamLocation,
  type UsageReport,
} from '../client/index.js';

/** The contract's example credentials, which the mock accepts. */
export const MOCK = {
  baseUrl: 'http://127.0.0.1:4010',
  apiKey: 'pk_Xq3vN8bR2mK7pL4wT9yZ1cF6',
  apiSecret: 'sk_hT5nW2qR8vK3mB7xL1pZ9cJ4dF6gY0sA2eU8iO3wQ5r',
};

export interface WalkthroughOptions {
  log?: (line: string) => void;
  /** Page size for the lists. */
  pageSize?: number;
  /** What to search for. */
  query?: string;
  /** The clock used to pick an episode inside its availability window and the usage range. */
  now?: () => number;
}

export interface WalkthroughResult {
  token: AccessToken;
  entitlements: Entitlement[];
  /** Catalog series by id (a mock repeats its example page; ids keep each once). */
  catalog: Map<string, { title: string }>;
  searchHits: SearchHit[];
  series: Series;
  episodes: Episode[];
  stream: StreamLocation | PartnerApiError | undefined;
  usage: UsageReport;
}

const DAY_MS = 86_400_000;

/** Walks through every kind of call a partner makes in its first hour, logging what it sees. */
export async function walkthrough(client: PartnerClient, options: WalkthroughOptions = {}): Promise<WalkthroughResult> {
  const log = options.log ?? console.log;
  const pageSize = options.pageSize ?? 10;
  const now = options.now ?? Date.now;

  const token = await client.auth.token();
  log(`1. Authenticated: bearer token valid until ${token.expires_at} (the client renews it on its own).`);

  const entitlements: Entitlement[] = [];
  for await (const entitlement of client.entitlements.all({ limit: pageSize })) entitlements.push(entitlement);
  const streamable = entitlements.filter((e) => e.grants.includes('stream'));
  log(`2. Entitlements: ${entitlements.length} series granted, ${streamable.length} of them with stream.`);

  const catalog = new Map<string, { title: string }>();
  for await (const series of client.catalog.all({ limit: pageSize })) catalog.set(series.id, { title: series.title });
  log(`3. Catalog: ${catalog.size} readable series, paged ${pageSize} at a time, e.g. ${[...catalog.values()].slice(0, 3).map((s) => s.title).join(', ')}.`);

  const query = options.query ?? 'lighthouse';
  const { items: searchHits } = await client.search.list({ q: query, limit: 5 });
  log(`4. Search "${query}": ${searchHits.map((h) => (h.type === 'series' ? h.series.title : `${h.series_title}: ${h.episode.title}`) + ` (${h.score})`).join('; ') || 'no hits'}.`);

  // A series we may both read and stream, so the stream step has something to play.
  const pick = streamable.find((e) => e.grants.includes('read') && catalog.has(e.series_id)) ?? entitlements.find((e) => catalog.has(e.series_id));
  const seriesId = pick?.series_id ?? [...catalog.keys()][0];
  if (!seriesId) throw new Error('No readable series: ask the studio for a read grant first.');
  const series = await client.series.get(seriesId);
  log(`5. Series ${series.id}: "${series.title}", ${series.seasons.length} season(s), ${series.episode_count} episode(s).`);

  const byId = new Map<string, Episode>();
  for await (const episode of client.episodes.all(series.id, { limit: pageSize })) byId.set(episode.id, episode);
  const episodes = [...byId.values()];
  log(`6. Episodes: ${episodes.length}, starting with S${episodes[0]?.season_number}E${episodes[0]?.episode_number} "${episodes[0]?.title}".`);

  const at = now();
  const playable = episodes.find((e) => Date.parse(e.availability.starts_at) <= at && (e.availability.ends_at === null || at < Date.parse(e.availability.ends_at)));
  let stream: WalkthroughResult['stream'];
  if (!series.grants.includes('stream') || !playable) {
    log('7. Stream: skipped (no stream grant on this series, or no episode inside its availability window).');
  } else {
    try {
      stream = await client.streams.resolve(playable.id, { format: playable.stream_formats.includes('hls') ? 'hls' : 'dash' });
      log(`7. Stream for ${playable.id}: ${stream.format} manifest, expires ${stream.expires_at}: ${stream.url}`);
    } catch (error) {
      // 451 and 403 are answers a player has to handle, not failures of the walkthrough.
      if (!(error instanceof PartnerApiError)) throw error;
      stream = error;
      log(`7. Stream for ${playable.id}: ${error.status} ${error.code} (request ${error.requestId}).`);
    }
  }

  const to = new Date(at).toISOString().slice(0, 10);
  const from = new Date(at - 6 * DAY_MS).toISOString().slice(0, 10);
  const usage = await client.usage.get({ from, to, group_by: 'operation' });
  const { totals } = usage;
  log(`8. Usage ${usage.from}..${usage.to}: ${totals.requests} requests, ${totals.stream_resolutions} stream resolutions, ${totals.errors} errors, ${totals.rate_limited} rate-limited (counted within about a second).`);

  return { token, entitlements, catalog, searchHits, series, episodes, stream, usage };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'api-secret': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run example [-- --base-url URL --api-key pk_… --api-secret sk_…]\nDefaults: the mock on http://127.0.0.1:4010 (MOCK_PORT) with the contract\'s example credentials.\nEnvironment: PARTNER_BASE_URL, PARTNER_API_KEY, PARTNER_API_SECRET, MOCK_PORT.');
    return 0;
  }
  // Where `npm run mock` listens: 127.0.0.1 on MOCK_PORT (default 4010), as scripts/mock.ts says.
  const mockUrl = process.env.MOCK_PORT ? `http://127.0.0.1:${process.env.MOCK_PORT}` : MOCK.baseUrl;
  const baseUrl = values['base-url'] ?? process.env.PARTNER_BASE_URL ?? mockUrl;
  const onMock = baseUrl === mockUrl && !values['api-key'] && !process.env.PARTNER_API_KEY;
  const apiKey = values['api-key'] ?? process.env.PARTNER_API_KEY ?? MOCK.apiKey;
  const apiSecret = values['api-secret'] ?? process.env.PARTNER_API_SECRET ?? MOCK.apiSecret;
  console.log(`Partner walkthrough against ${baseUrl}${onMock ? ' (the mock: answers are the contract\'s examples)' : ''}\n`);

  const client = createPartnerClient({
    baseUrl,
    apiKey,
    apiSecret,
    onRetry: (e) => console.log(`   ... ${e.status ?? e.error?.message}: retrying in ${(e.delayMs / 1000).toFixed(1)} s`),
  });
  try {
    await walkthrough(client);
    console.log('\nDone: every call above went through the typed client, with no token or retry code of our own.');
    return 0;
  } catch (error) {
    if (error instanceof PartnerNetworkError) {
      console.error(`\nCould not reach ${baseUrl}: ${error.message}.${onMock ? '\nStart the mock first: npm run mock' : ''}`);
    } else if (error instanceof PartnerApiError) {
      console.error(`\nThe API refused: ${error.status} ${error.code ?? ''} ${error.problem?.detail ?? ''} (request ${error.requestId ?? 'unknown'})`);
    } else {
      console.error(error);
    }
    return 1;
  }
}

// Run only when started as a program, not when the tests import walkthrough().
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await main();
}
