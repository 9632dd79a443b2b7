/**
 * The contract's examples are what the mock serves and what the reference shows: they must tell one
 * story (the same catalog from the entitlements to the stream URL) and every example cursor must be
 * one the server could have issued, as far as its format check can tell.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/api.js';
import { readCursor } from '../../../server/store/index.js';

type Json = Record<string, any>;
type S = components['schemas'];
const root = resolve(import.meta.dirname, '../../..');
const contract = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')) as Json;

/** The first example of an operation's 200 response. */
function example<T>(path: string, method = 'get'): T {
  const media = contract.paths[path][method].responses['200'].content['application/json'];
  const first = Object.values(media.examples as Json)[0] as Json;
  return (first.$ref ? contract.components.examples[first.$ref.replace('#/components/examples/', '')] : first).value as T;
}

/** Every string under a key named `next_cursor`, and every example of a `cursor` parameter. */
function cursors(node: unknown, at = '#'): Array<[string, string]> {
  if (Array.isArray(node)) return node.flatMap((n, i) => cursors(n, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const found: Array<[string, string]> = [];
  const n = node as Json;
  if (n.in === 'query' && n.name === 'cursor' && typeof n.example === 'string') found.push([`${at}/example`, n.example]);
  for (const [key, value] of Object.entries(n)) {
    if ((key === 'next_cursor' || key === 'changes_cursor') && typeof value === 'string') found.push([`${at}/next_cursor`, value]);
    else found.push(...cursors(value, `${at}/${key}`));
  }
  return found;
}

describe("the contract's examples", () => {
  const entitlements = example<S['EntitlementList']>('/api/partner/content/entitlements');
  const catalog = example<S['SeriesList']>('/api/partner/content/catalog');
  const search = example<S['SearchResults']>('/api/partner/content/search');
  const series = example<S['Series']>('/api/partner/content/series/{series_id}');
  const episodes = example<S['EpisodeList']>('/api/partner/content/series/{series_id}/episodes');
  const episode = example<S['Episode']>('/api/partner/content/episodes/{episode_id}');
  const stream = example<S['StreamLocation']>('/api/partner/streaming/episodes/{episode_id}');
  const grantsOf = new Map(entitlements.items.map((e) => [e.series_id, e.grants]));

  it('list the entitlements in series id order, as the server does', () => {
    const ids = entitlements.items.map((e) => e.series_id);
    expect(ids).toEqual([...ids].sort());
  });

  it('show every series with the grants the entitlements give', () => {
    for (const item of [...catalog.items, series, ...search.items.map((h) => (h.type === 'series' ? h.series : undefined)).filter((s) => s !== undefined)]) {
      expect(item.grants, item.id).toEqual(grantsOf.get(item.id));
    }
    expect(catalog.items.map((s) => s.title)).toEqual([...catalog.items.map((s) => s.title)].sort());
  });

  it('follow one series from its episodes to a stream', () => {
    expect(episodes.items.every((e) => e.series_id === series.id)).toBe(true);
    expect(episodes.items).toContainEqual(episode);
    expect(episode.series_id).toBe(series.id);
    expect(stream.episode_id).toBe(episode.id);
    expect(grantsOf.get(series.id)).toContain('stream');
    expect(episode.stream_formats).toContain(stream.format);
    for (const hit of search.items) if (hit.type === 'episode') expect(hit.episode).toEqual(episode);
  });

  it.each(cursors(contract))('has a well-formed cursor at %s', (_at, cursor) => {
    expect(() => readCursor(cursor)).not.toThrow();
  });

  it('has example cursors to check', () => {
    expect(cursors(contract).length).toBeGreaterThanOrEqual(3);
  });
});
