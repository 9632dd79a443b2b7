/** What every partner API handler receives. */
import type { Request } from 'express';
import type { TokenService } from '../../auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { SearchExecutor } from '../../search/executor.js';
import type { StreamSigner } from '../../streaming/signer.js';
import type { CatalogReads, ChangeFeed, GrantReads, UsageReports } from '../../store/index.js';

export interface HandlerDeps {
  store: CatalogReads & GrantReads & UsageReports & ChangeFeed;
  /** Days the change feed keeps events: an older cursor answers 410 (CHANGE_FEED_RETENTION_DAYS). */
  changeFeedRetentionDays: number;
  /** Runs searches off the event loop, within the search capacity (server/search/). */
  search: Pick<SearchExecutor, 'search'>;
  tokens: TokenService;
  clock: Clock;
  streams: StreamSigner;
}

/** The authenticated partner; the bearer middleware guarantees it for operations that need it. */
export function partnerId(req: Request): string {
  if (!req.partner) throw new Error('no authenticated partner on a bearer operation');
  return req.partner.id;
}
