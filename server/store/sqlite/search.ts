/**
 * Search on SQLite's FTS5, with a bounded cost per query at any catalog size.
 *
 * Two things in FTS5 cost time in proportion to how many documents a word is in, not to how
 * many hits a page shows: a prefix query merges the document lists of every word with that
 * prefix before it returns a row, and bm25() counts the documents of every phrase of the query
 * (its IDF) before ranking the first one. At a million episodes "the" is in nearly all of them:
 * 0.7 s to rank, 2-3 s with the grant join. So:
 *
 * 1. The last word is completed to whole words from the `search_terms` dictionary (written by
 *    every import, search-index.ts; at most MAX_COMPLETIONS, shortest first) and ORed, which
 *    FTS5 iterates lazily.
 * 2. Each required part of the query is probed for COMMON_MATCHES matches (a lazy LIMIT count).
 *    When every part is rarer, hits are ranked exactly: bm25 over every match.
 * 3. When a part is that common (e.g. "the", "and", a two-letter prefix at scale), ranking every
 *    match is what costs, and its ranking says little anyway (bm25 gives such words almost no
 *    weight). Then hits come in four blocks: series whose title matches, episodes whose title
 *    matches, the other series, the other episodes; each block in id order, which is the FTS
 *    index's own order, so a page reads only as many matches as it shows. Each block scans at
 *    most SCAN_LIMIT matches (readable or not) and such a query pages through at most
 *    MAX_BOUNDED_HITS hits.
 *
 * docs/decisions/0024-search-results-for-common-words.md and 0025-sqlite-search-ranking.md record
 * the trade-off. Every query here is on the partner's readable series
 * only, and deterministic for a given index, so offset cursors stay consistent.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { blockRelevance, COMMON_MATCHES, MAX_BOUNDED_HITS, MAX_COMPLETIONS, SCAN_LIMIT, type RankedHit, type RankRequest } from '../shared/search.js';
import { fold } from '../shared/search-terms.js';
import type { Database } from '../shared/schema.js';

/** Column weights for bm25 (unindexed id columns first): titles count ten times synopses. */
const SERIES_WEIGHTS = sql`0.0, 10.0, 2.0, 1.0`;
const EPISODE_WEIGHTS = sql`0.0, 0.0, 10.0, 1.0`;

interface Term {
  term: string;
  series_title: number;
  episode_title: number;
}

/** Whole indexed words starting with word (folded or as typed), shortest first, at most MAX_COMPLETIONS. */
export async function completions(db: Kysely<Database>, word: string): Promise<Term[]> {
  const found = new Map<string, Term>();
  for (const prefix of new Set([fold(word), word])) {
    if (!prefix) continue;
    const { rows } = await sql<Term>`select term, series_title, episode_title from search_terms
      where term >= ${prefix} and term < ${prefix + '\u{10FFFF}'}
      order by length(term), term limit ${MAX_COMPLETIONS}`.execute(db);
    for (const r of rows) found.set(r.term, r);
  }
  return [...found.values()].sort((a, b) => a.term.length - b.term.length || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)).slice(0, MAX_COMPLETIONS);
}

/** The dictionary entries of whole words (folded or as typed). */
async function terms(db: Kysely<Database>, words: string[]): Promise<Term[]> {
  const keys = [...new Set(words.flatMap((w) => [fold(w), w]))].filter(Boolean);
  if (keys.length === 0) return [];
  const { rows } = await sql<Term>`select term, series_title, episode_title from search_terms where term in (${sql.join(keys)})`.execute(db);
  return rows;
}

/** An FTS5 string literal (phrase) for a word; words are letters and digits, the doubling is a safeguard. */
function phrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/**
 * The query's required parts as FTS5 expressions: each word but the last as a phrase, the last
 * as its completions ORed (or a native prefix query when the dictionary knows none).
 */
export function queryParts(tokens: string[], lastCompletions: string[]): string[] {
  const parts = tokens.slice(0, -1).map(phrase);
  const last = tokens[tokens.length - 1]!;
  if (lastCompletions.length === 0) parts.push(`${phrase(last)}*`);
  else if (lastCompletions.length === 1) parts.push(phrase(lastCompletions[0]!));
  else parts.push(`(${lastCompletions.map(phrase).join(' OR ')})`);
  return parts;
}

type Index = 'series' | 'episode';
const TABLE = { series: sql.raw('series_fts'), episode: sql.raw('episodes_fts') } as const;
/** The titles-only indexes (migrations/sqlite-title-search.ts), which title blocks read. */
const TITLE_TABLE = { series: 'series_titles_fts', episode: 'episode_titles_fts' } as const;

async function isCommon(db: Kysely<Database>, index: Index, part: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${TABLE[index]} where ${TABLE[index]} match ${part} limit ${COMMON_MATCHES})`.execute(db);
  return Number(rows[0]?.n ?? 0) >= COMMON_MATCHES;
}

/**
 * The partner's `count` best readable matches of one index, best first (relevance, then id).
 * bm25 needs only the index (rowid, positions), so every match is scored and sorted from it
 * alone; the sorted list is a co-routine (its LIMIT keeps SQLite from flattening it and
 * dropping its ORDER BY) that the outer loop reads in order, looking up each match's ids (FTS5's
 * content table, by rowid) and probing its grant only until `count` are found. Reading the ids
 * and the grant of every match before sorting cost 2-4 times as much (`pafu*` at 1.1M episodes,
 * 917 matches: 3.9 -> 1.9 ms). The outer query has no ORDER BY of its own, which would read
 * every match again: its rows come in the co-routine's order (test/unit/store/search-plan.test.ts
 * holds SQLite to that plan).
 */
export function exactPart(index: Index, match: string, partnerId: string, count: number): RawBuilder<RankedHit> {
  // FTS5 needs the table's own name (not an alias) in MATCH and bm25(). bm25 is negative,
  // lower is better, so relevance = -bm25. The rowid orders as the id does (ftsRowid).
  const [table, weights, seriesId] = index === 'series' ? [sql.raw('series_fts'), SERIES_WEIGHTS, sql.raw('f.id')] : [sql.raw('episodes_fts'), EPISODE_WEIGHTS, sql.raw('f.series_id')];
  return sql<RankedHit>`select ${index} as type, f.id as id, c.relevance as relevance
    from (select rowid, -bm25(${table}, ${weights}) as relevance from ${table} where ${table} match ${match}
      order by relevance desc, rowid limit -1) c
    cross join ${table} f on f.rowid = c.rowid
    cross join partner_grants g on g.partner_id = ${partnerId} and g.series_id = ${seriesId} and g.can_read = 1
    limit ${count}`;
}

/** Hits best first, then by id (the order of every ranked page). */
function byRelevance(a: RankedHit, b: RankedHit): number {
  return b.relevance - a.relevance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The first `count` readable matches of match in id order (the index's order), from at most
 * SCAN_LIMIT matches. CROSS JOIN keeps the matches as the outer loop (SQLite keeps that order):
 * left to itself the planner walks all of the partner's grants and indexes the matches instead.
 */
async function readableMatches(db: Kysely<Database>, index: Index, match: string, partnerId: string, count: number, titles: boolean): Promise<string[]> {
  const table = sql.raw(titles ? TITLE_TABLE[index] : index === 'series' ? 'series_fts' : 'episodes_fts');
  const query =
    index === 'series'
      ? sql<{ id: string }>`select c.id as id
        from (select id from ${table} where ${table} match ${match} limit ${SCAN_LIMIT}) c
        cross join partner_grants g on g.series_id = c.id and g.partner_id = ${partnerId} and g.can_read = 1
        limit ${count}`
      : sql<{ id: string }>`select c.id as id
        from (select id, series_id from ${table} where ${table} match ${match} limit ${SCAN_LIMIT}) c
        cross join partner_grants g on g.series_id = c.series_id and g.partner_id = ${partnerId} and g.can_read = 1
        limit ${count}`;
  return (await query.execute(db)).rows.map((row) => row.id);
}

/** Readable hits for the request's tokens, best first then by id, one page (see the module comment). */
export async function rankSqliteHits(db: Kysely<Database>, r: RankRequest): Promise<RankedHit[]> {
  const indexes: Index[] = r.type === 'series' ? ['series'] : r.type === 'episode' ? ['episode'] : ['series', 'episode'];
  const last = await completions(db, r.tokens[r.tokens.length - 1]!);
  const parts = queryParts(r.tokens, last.map((t) => t.term));
  const match = parts.join(' AND ');

  let common = false;
  for (const index of indexes) {
    for (const part of parts) {
      if (await isCommon(db, index, part)) {
        common = true;
        break;
      }
    }
    if (common) break;
  }

  if (!common) {
    // Each index's best offset + limit, merged: the page of the union, without ranking the rest.
    const want = r.offset + r.limit;
    const hits: RankedHit[] = [];
    for (const index of indexes) {
      const { rows } = await exactPart(index, match, r.partnerId, want).execute(db);
      for (const row of rows) hits.push({ type: row.type, id: row.id, relevance: Number(row.relevance) });
    }
    return hits.sort(byRelevance).slice(r.offset, want);
  }

  // Bounded: four blocks, each in id order (the FTS index's own order, so a page reads only as
  // far as it needs): series title matches, episode title matches (both from the titles-only
  // indexes), other series matches, other episode matches. A title-only scan is skipped where some word is in no title of the index
  // (FTS5 would read every document of the word looking for one).
  const want = Math.min(r.offset + r.limit, MAX_BOUNDED_HITS);
  if (r.offset >= want) return [];
  const exact = await terms(db, r.tokens.slice(0, -1));
  const titled = (index: Index) => {
    const flag = index === 'series' ? 'series_title' : 'episode_title';
    const inTitles = (words: Term[]) => words.some((t) => t[flag] === 1);
    return r.tokens.slice(0, -1).every((w) => inTitles(exact.filter((t) => t.term === w || t.term === fold(w)))) && inTitles(last);
  };
  const blocks: Array<{ index: Index; expr: string; relevance: number; titles: boolean }> = [];
  for (const [i, index] of indexes.entries()) if (titled(index)) blocks.push({ index, expr: match, relevance: blockRelevance(true, i), titles: true });
  for (const [i, index] of indexes.entries()) {
    blocks.push({ index, expr: titled(index) ? `(${match}) NOT ({title} : (${match}))` : match, relevance: blockRelevance(false, i), titles: false });
  }
  const hits: RankedHit[] = [];
  for (const block of blocks) {
    if (hits.length >= want) break;
    for (const id of await readableMatches(db, block.index, block.expr, r.partnerId, want - hits.length, block.titles)) {
      hits.push({ type: block.index, id, relevance: block.relevance });
    }
  }
  return hits.slice(r.offset, want);
}
