/**
 * PostgreSQL search with a bounded cost per query at any catalog size, and the same ranking as
 * SQLite's (sqlite/search.ts): exact for rare words, in blocks for common ones.
 *
 * A GIN index answers a query by reading the whole posting list of every word before the first
 * row: at 1.1M episodes a word in every synopsis ("and") is a 1.1M-entry bitmap (50-200 ms), two
 * common words that never meet cost 10 ms to prove it, and ranking their matches with ts_rank
 * visits each one. So:
 *
 * 1. The last word is completed to whole words from `search_terms` (postgres/search-index.ts
 *    keeps each word's document counts exact), at most MAX_COMPLETIONS, shortest first.
 * 2. When every part of the query is in fewer than COMMON_MATCHES documents of an index, hits are
 *    ranked exactly: the GIN index finds them all (cheap for rare words), ts_rank orders them.
 * 3. Otherwise hits come in blocks (series titles, episode titles, other series, other
 *    episodes), each in the table's physical order, which both ways of reading a block keep:
 *    - a dense block, one the counts predict a page of hits is found in order for less than its
 *      words' postings cost, first reads the table's first `scanPages` pages in order, testing
 *      each document, and stops when the page is full (a word in every synopsis fills it within
 *      a few dozen rows, where its posting list has a million entries);
 *    - then, or at once for a sparser block, the GIN index (the title-only one for title
 *      blocks) for the rest of the table, reading at most SCAN_LIMIT matches.
 *    The choice depends only on the dictionary's counts, never on the page asked for, so the
 *    pages of one query are slices of one order. The blocks are one statement, read in turn
 *    until the page is full.
 *
 * A query costs two round trips to PostgreSQL: the dictionary, then the ranking with the hits'
 * documents in one statement (postgres/search-page.ts). The counts, not the planner's
 * statistics, choose each read: see SEARCH_SESSION.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { blockRelevance, COMMON_MATCHES, MAX_BOUNDED_HITS, MAX_COMPLETIONS, SCAN_LIMIT, type RankedHit, type RankRequest } from '../shared/search.js';
import type { Database } from '../shared/schema.js';
import { lexemes, quote } from './search-index.js';

/** ts_rank weights for {D, C, B, A}: titles above short synopses above synopses. */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/** Matches ranked per index in exact ranking: a safety bound (exact ranking means every part is rarer than COMMON_MATCHES). */
const RANK_CANDIDATES = 5_000;
/** How blocks are read (see the module comment); tests vary them to show that only the cost changes. */
export interface BlockReading {
  /** Pages a dense block reads in order before it turns to the index. */
  scanPages: number;
  /** What testing one row in order costs, in index entries read (a GIN posting costs ~40 ns, a row ~0.3-0.5 µs). */
  rowCost: number;
}

/** 4 MiB of table read in order at most (~11,000 episodes). */
export const BLOCK_READING: BlockReading = { scanPages: 512, rowCost: 10 };
/** The hits a block is sized for when choosing how to read it: a page of the default size and one more (never the page asked for, so every page of a query reads alike). */
const SIZING_HITS = 26;

type Kind = 'series' | 'episode';

/** A dictionary entry: a word and its document counts; the entry '' counts every document. */
export interface TermCounts {
  term: string;
  series_docs: number;
  series_title_docs: number;
  episode_docs: number;
  episode_title_docs: number;
}

/** One required part of a query: a word, the last word's completions, or (no completion known) the last word as a prefix. */
export interface QueryPart {
  words: string[];
  prefix: boolean;
  /** Documents of each kind (and among titles) the part can match: the sum of its words' counts (0 for a prefix). */
  counts: Record<Kind, { docs: number; titles: number }>;
}

const TABLE = { series: 'series_search', episode: 'episodes_search' } as const;

const countsOf = (terms: TermCounts[]): QueryPart['counts'] => ({
  series: { docs: terms.reduce((n, t) => n + Number(t.series_docs), 0), titles: terms.reduce((n, t) => n + Number(t.series_title_docs), 0) },
  episode: { docs: terms.reduce((n, t) => n + Number(t.episode_docs), 0), titles: terms.reduce((n, t) => n + Number(t.episode_title_docs), 0) },
});

const COUNTS = sql`term, series_docs, series_title_docs, episode_docs, episode_title_docs`;
/** Whole indexed words starting with word that some document still holds, shortest first (as SQL). */
const completing = (word: string) => sql`select ${COUNTS}, 1 as completes from search_terms
  where term >= ${word} and term < ${word + '\u{10FFFF}'} and term <> '' and series_docs + episode_docs > 0
  order by length(term), term limit ${MAX_COMPLETIONS}`;

/** Whole indexed words starting with word that some document still holds, shortest first, at most MAX_COMPLETIONS. */
export async function completions(db: Kysely<Database>, word: string): Promise<TermCounts[]> {
  return (await completing(word).execute(db)).rows as TermCounts[];
}

/** The query's parts with their counts, and the number of documents of each kind: one read of the dictionary. */
export async function queryParts(db: Kysely<Database>, tokens: string[]): Promise<{ parts: QueryPart[]; totals: Record<Kind, number> } | null> {
  const words = lexemes(tokens.join(' '));
  if (words.length === 0) return null;
  const last = words[words.length - 1]!;
  const keys = [...new Set(['', ...words.slice(0, -1)])];
  const { rows } = await sql<TermCounts & { completes: number }>`select ${COUNTS}, 0 as completes from search_terms where term = any(${keys}::text[])
    union all (${completing(last)})`.execute(db);
  const byTerm = new Map(rows.filter((r) => !r.completes).map((r) => [r.term, r]));
  const completed = rows.filter((r) => r.completes).sort((a, b) => a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
  const parts: QueryPart[] = words.slice(0, -1).map((w) => ({ words: [w], prefix: false, counts: countsOf(byTerm.has(w) ? [byTerm.get(w)!] : []) }));
  parts.push(completed.length > 0 ? { words: completed.map((t) => t.term), prefix: false, counts: countsOf(completed) } : { words: [last], prefix: true, counts: countsOf([]) });
  const all = byTerm.get('');
  return { parts, totals: { series: Number(all?.series_docs ?? 0), episode: Number(all?.episode_docs ?? 0) } };
}

/** The parts as a tsquery literal requiring every part; `weight` restricts every word to it (A: titles). */
export function tsquery(parts: QueryPart[], weight = ''): string {
  return parts
    .map((p) => {
      const words = p.words.map((w) => `${quote(w)}${p.prefix ? `:*${weight}` : weight ? `:${weight}` : ''}`);
      return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * Search's planner settings, set once on each of its connections (postgres/pool.ts, the search
 * pool): the planner never scans a whole table and never splits a scan over parallel workers,
 * which would interleave the physical order. With sequential scans off, a block's read in order
 * can only be the TID range scan of its first pages (its test, ts_match_vq, is the function
 * behind @@, which no index serves), and a read through the index only the GIN bitmap (no other
 * index matches it, and nothing asks for an order an index could give): the counts, not the
 * planner's statistics, decide which read a block gets. The planner's statistics assume that two
 * common words meet as often as chance says, and two that never meet cost a full scan. On the
 * search connections' sessions rather than in a transaction of each search, so that a search is
 * two round trips, not four (docs/decisions/0034-postgresql-search-ranking.md; what it saved:
 * docs/performance.md#postgres-search-round-trips).
 */
export const SEARCH_SESSION = 'set enable_seqscan = off; set max_parallel_workers_per_gather = 0';

const readable = (partnerId: string, seriesId: RawBuilder<unknown>) =>
  sql`(select g.can_read from partner_grants g where g.partner_id = ${partnerId} and g.series_id = ${seriesId}) <> 0`;

/** Exact ranking: every readable match of every index asked, best first then by id (bytewise), the page asked. */
function rankExact(r: RankRequest, kinds: Kind[], query: string): RawBuilder<RankedHit> {
  const q = sql`${query}::tsquery`;
  const part = (kind: Kind) =>
    sql`select ${kind}::text as type, c.id as id, 10 * ts_rank(${RANK_WEIGHTS}::float4[], c.document, ${q}) as relevance
      from (select x.id, x.document from ${sql.table(TABLE[kind])} x
        where x.document @@ ${q} and ${readable(r.partnerId, sql.ref(kind === 'series' ? 'x.id' : 'x.series_id'))} limit ${RANK_CANDIDATES}) c`;
  const union = kinds.length === 1 ? part(kinds[0]!) : sql`${part('series')} union all ${part('episode')}`;
  return sql<RankedHit>`select type, id, relevance from (${union}) hits
    order by relevance desc, id collate "C" asc limit ${r.limit} offset ${r.offset}`;
}

interface Block {
  kind: Kind;
  titles: boolean;
  /** Whether the title block of this kind was read before (the other block leaves its matches out). */
  afterTitles: boolean;
  relevance: number;
  /** Predicted share of the kind's documents the block matches (the parts taken as independent). */
  share: number;
  /** Index entries reading the block through its index costs: every posting of every word of the query. */
  postings: number;
  /** Through the index, find the matches of every part but the last word's completions, and test those on each (see blockMatches). */
  narrowed: boolean;
}

/** The first `count` readable matches of a block in physical order, as one query (see the module comment). */
function blockMatches(block: Block, parts: QueryPart[], partnerId: string, count: number, reading: BlockReading): RawBuilder<{ id: string }> {
  const table = sql.table(TABLE[block.kind]);
  const seriesId = sql.ref(block.kind === 'series' ? 'x.id' : 'x.series_id');
  const all = sql`${tsquery(parts)}::tsquery`;
  const inTitles = sql`${tsquery(parts, 'A')}::tsquery`;
  // Through the index, title blocks use the title-only index's own expression
  // (migrations/postgres-search-blocks.ts); in order, a weighted query tests the title lexemes in place.
  // Narrowed, the index is asked for the other parts only and each of their matches tested for
  // the whole query: GIN reads every posting of the last word's (up to 32) completions, where a
  // rare other word has few matches to test (docs/performance.md#postgres-search-narrowed). `is
  // true` keeps the planner from making the whole query an index condition again.
  const lookup = block.narrowed ? sql`${tsquery(parts.slice(0, -1))}::tsquery` : all;
  const through = (doc: RawBuilder<unknown>) => (block.narrowed ? sql`${doc} @@ ${lookup} and (${doc} @@ ${all}) is true` : sql`${doc} @@ ${all}`);
  const indexed = block.titles ? through(sql`ts_filter(x.document, '{a}')`) : block.afterTitles ? sql`${through(sql`x.document`)} and not (x.document @@ ${inTitles})` : through(sql`x.document`);
  const inOrder = block.titles ? sql`ts_match_vq(x.document, ${inTitles})` : block.afterTitles ? sql`ts_match_vq(x.document, ${all}) and not ts_match_vq(x.document, ${inTitles})` : sql`ts_match_vq(x.document, ${all})`;
  const boundary = sql`${`(${reading.scanPages},0)`}::tid`;
  // Through the index, at most SCAN_LIMIT matches (readable or not); after a read in order, the
  // ones past the pages it read. The bitmap yields them in physical order.
  const throughIndex = (after: boolean) => sql<{ id: string }>`select c.id from (
      select x.id, x.ctid as at, ${seriesId} as series_id from ${table} x where ${indexed} limit ${SCAN_LIMIT}
    ) c where ${after ? sql`c.at >= ${boundary} and ` : sql``}${readable(partnerId, sql.ref('c.series_id'))} limit ${count}`;
  // Dense: finding a page in order (SIZING_HITS / share rows) costs less than the index's postings.
  if (!(block.share > 0 && (SIZING_HITS / block.share) * reading.rowCost <= block.postings)) return throughIndex(false);
  // The index part runs only if the pages read in order did not fill the block (Append runs its parts in turn).
  return sql<{ id: string }>`select m.id from (
      (select x.id from ${table} x where x.ctid < ${boundary} and ${inOrder} and ${readable(partnerId, seriesId)} limit ${count})
      union all (${throughIndex(true)})
    ) m limit ${count}`;
}

/**
 * The statement ranking the request's readable hits, best first then by id, the page asked
 * (see the module comment), after one read of the dictionary; null when nothing can match. Run on
 * a connection with SEARCH_SESSION's settings.
 */
export async function rankingStatement(db: Kysely<Database>, r: RankRequest, reading = BLOCK_READING): Promise<RawBuilder<RankedHit> | null> {
  const query = await queryParts(db, r.tokens);
  if (!query) return null;
  const { parts, totals } = query;
  const kinds: Kind[] = r.type === 'series' ? ['series'] : r.type === 'episode' ? ['episode'] : ['series', 'episode'];
  if (!kinds.some((kind) => parts.some((p) => p.counts[kind].docs >= COMMON_MATCHES))) return rankExact(r, kinds, tsquery(parts));

  const want = Math.min(r.offset + r.limit, MAX_BOUNDED_HITS);
  if (r.offset >= want) return null;
  const docs = (p: QueryPart, kind: Kind, titles: boolean) => (titles ? p.counts[kind].titles : p.counts[kind].docs);
  const last = parts[parts.length - 1]!;
  const rest = parts.slice(0, -1);
  const sizing = (kind: Kind, titles: boolean) => ({
    share: parts.reduce((s, p) => s * Math.min(1, docs(p, kind, titles) / Math.max(1, totals[kind])), 1),
    postings: parts.reduce((n, p) => n + docs(p, kind, titles), 0),
    // Testing the other parts' matches row by row costs less than the completions' postings, at
    // most: their rarest part's documents bound them. Not their predicted meeting: words of a
    // catalog's templated text meet far more often than chance says, and a query with no hit tests
    // every one (a third of the small vocabulary's three-word searches: 1.35 -> 7.5 ms, p99 184).
    narrowed: rest.length > 0 && last.words.length > 1 && Math.min(...rest.map((p) => docs(p, kind, titles))) * reading.rowCost < docs(last, kind, titles),
  });
  // A title block is read only where every part has a word in some title of that kind.
  const titled = (kind: Kind) => parts.every((p) => p.prefix || p.counts[kind].titles > 0);
  const blocks: Block[] = [
    ...kinds.filter(titled).map((kind) => ({ kind, titles: true, afterTitles: false, relevance: blockRelevance(true, kinds.indexOf(kind)), ...sizing(kind, true) })),
    ...kinds.map((kind) => ({ kind, titles: false, afterTitles: titled(kind), relevance: blockRelevance(false, kinds.indexOf(kind)), ...sizing(kind, false) })),
  ];
  // One statement: the blocks in turn, each stopping once the first `want` hits are found.
  const union = sql.join(
    blocks.map((b) => sql`(select ${b.kind}::text as type, b.id, ${b.relevance}::float8 as relevance from (${blockMatches(b, parts, r.partnerId, want, reading)}) b)`),
    sql` union all `,
  );
  return sql<RankedHit>`select type, id, relevance from (${union}) hits limit ${want - r.offset} offset ${r.offset}`;
}

/** Readable hits for the request's tokens, best first then by id, one page, without their documents. */
export async function rankPostgresHits(db: Kysely<Database>, r: RankRequest, reading = BLOCK_READING): Promise<RankedHit[]> {
  const statement = await rankingStatement(db, r, reading);
  if (!statement) return [];
  const { rows } = await statement.execute(db);
  return rows.map((row) => ({ type: row.type, id: row.id, relevance: Number(row.relevance) }));
}
