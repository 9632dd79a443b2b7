/**
 * The feed events of a catalog import (shared/catalog-import.ts computes them while it diffs the
 * batch, and appends them through shared/events.ts in the batch's transaction). Only content that
 * existed before can concern a partner: a new series has no grants yet.
 *
 * A changed content hash says something changed, not what: the window is compared column by
 * column, and the rest by hashing the new content with the old window put back, which equals the
 * stored hash exactly when the window was all that changed. So moving a window is one
 * availability.changed, and a new title one series.updated.
 */
import type { SeriesDoc } from '../records.js';
import type { NewEvent } from './events.js';
import { contentHash } from './mapping.js';
import type { SeriesTable } from './schema.js';

type Window = SeriesDoc['availability'];

/** The stored columns an import compares: the window and the hash. */
export type StoredWindow = Pick<SeriesTable, 'availability_starts_at' | 'availability_ends_at' | 'availability_territories' | 'content_hash'>;

/** The columns to select for StoredWindow. */
export const WINDOW_COLUMNS = ['availability_starts_at', 'availability_ends_at', 'availability_territories', 'content_hash'] as const;

function storedWindow(row: StoredWindow): Window {
  return { starts_at: row.availability_starts_at, ends_at: row.availability_ends_at, territories: JSON.parse(row.availability_territories) as Window['territories'] };
}

/**
 * The events of content (a normalized series without episodes, or episode) whose hash changed from
 * before's: availability.changed when its window moved, and `updated` when anything else changed.
 */
export function changeEvents(
  content: { availability: Window },
  before: StoredWindow,
  ids: { seriesId: string; episodeId?: string },
  updated: 'series.updated' | 'episode.updated',
): NewEvent[] {
  const old = storedWindow(before);
  const now = content.availability;
  const moved = old.starts_at !== now.starts_at || old.ends_at !== now.ends_at || JSON.stringify(old.territories) !== JSON.stringify(now.territories);
  const rest = !moved || contentHash({ ...content, availability: old }) !== before.content_hash;
  const episode = ids.episodeId === undefined ? {} : { episode_id: ids.episodeId };
  const events: NewEvent[] = [];
  if (moved) events.push({ type: 'availability.changed', seriesId: ids.seriesId, fields: { ...episode, availability: now } });
  if (rest) events.push({ type: updated, seriesId: ids.seriesId, fields: episode });
  return events;
}

/** An episode added to, or removed from, a series. */
export function episodeEvent(type: 'episode.added' | 'episode.removed', seriesId: string, episodeId: string): NewEvent {
  return { type, seriesId, fields: { episode_id: episodeId } };
}
