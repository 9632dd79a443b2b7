/**
 * The change feed's records and its doors (docs/decisions, "change feed"): kept apart from
 * records.ts and interfaces.ts so those stay under 250 lines; index.ts names them like the others.
 * The events mirror the contract's ChangeEvent (generated/api.ts).
 */
import type { components } from '../../generated/api.js';

export type ChangeEvent = components['schemas']['ChangeEvent'];
export type EventType = components['schemas']['EventType'];

/** One page of a partner's feed, oldest first, and the cursor to read on from (never null: a feed has no end). */
export interface ChangesPage {
  events: ChangeEvent[];
  nextCursor: string;
}

export interface ChangesQuery {
  partnerId: string;
  /** A cursor this store issued for the partner (a feed page's, or a catalog page's changes_cursor); absent: start now. */
  cursor?: string;
  limit: number;
  /** The instant of the read (the injected clock): cursors carry it, so the retention check can read it back. */
  now: string;
  /** Events older than this may have been swept: a cursor issued before it is refused with ExpiredCursorError. */
  retainedSince: string;
}

/** The partner API's feed handler and the catalog pages' changes_cursor. */
export interface ChangeFeed {
  listChanges(query: ChangesQuery): Promise<ChangesPage>;
  /** A cursor at the feed's latest event now: reading from it returns only what happens from here on. */
  changesCursor(partnerId: string, now: string): Promise<string>;
}

/** The periodic upkeep of the feed: server/runtime.ts's sweep timer, the CLI. */
export interface ChangeFeedUpkeep {
  /**
   * Writes every due secret.previous_expired event not written yet (a roll's previous secret whose
   * expiry is past), then deletes events that occurred before retainedSince; resolves with how
   * many were written and deleted.
   */
  sweepEvents(now: string, retainedSince: string): Promise<{ written: number; deleted: number }>;
}
