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
 *    - a dense block (the counts predict that at least `denseShare` of the documents match) first
 *      reads the table's first `scanPages` pages in order, testing each document, and stops when
 *      the page is full (a common word fills it within a few dozen rows);
 *    - then, or at once for a sparser block, the GIN index (the title-only one for title
 *      blocks) for the rest of the table, reading at most SCAN_LIMIT matches.
 *    The choice depends only on the dictionary's counts, never on the page asked for, so the
 *    pages of one query are slices of one order.
 *
 * Planner settings are set for the search's own transaction only (set_config(..., true)): the
 * counts know which read is cheap, the planner's statistics do not (they assume two common words
 * co-occur as often as chance says, and two that never meet then cost a full scan).
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
  /** The share of a kind's documents a block must be predicted to match to be read in order first. */
  denseShare: number;
}

/** 4 MiB of table read in order at most; dense from 0.5% (a page of 26 hits within ~5,000 rows). */
export const BLOCK_READING: BlockReading = { scanPages: 512, denseShare: 0.005 };

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

/** Whole indexed words starting with word that some document still holds, shortest first, at most MAX_COMPLETIONS. */
export async function completions(db: Kysely<Database>, word: string): Promise<TermCounts[]> {
  const { rows } = await sql<TermCounts>`select term, series_docs, series_title_docs, episode_docs, episode_title_docs from search_terms
    where term >= ${word} and term < ${word + '\u{10FFFF}'} and term <> '' and series_docs + episode_docs > 0
    order by length(term), term limit ${MAX_COMPLETIONS}`.execute(db);
  return rows;
}

/** The query's parts with their counts, and the number of documents of each kind. */
export async function queryParts(db: Kysely<Database>, tokens: string[]): Promise<{ parts: QueryPart[]; totals: Record<Kind, number> } | null> {
  const words = lexemes(tokens.join(' '));
  if (words.length === 0) return null;
  const last = words[words.length - 1]!;
  const keys = [...new Set(['', ...words.slice(0, -1)])];
  const { rows } = await sql<TermCounts>`select term, series_docs, series_title_docs, episode_docs, episode_title_docs
    from search_terms where term = any(${keys}::text[])`.execute(db);
  const byTerm = new Map(rows.map((r) => [r.term, r]));
  const parts: QueryPart[] = words.slice(0, -1).map((w) => ({ words: [w], prefix: false, counts: countsOf(byTerm.has(w) ? [byTerm.get(w)!] : []) }));
  const completed = await completions(db, last);
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

/** SET LOCAL through set_config, only for settings that change: each is a round trip. */
function plannerSettings(db: Kysely<Database>) {
  const current = new Map<string, string>();
  return async (settings: Record<string, 'on' | 'off' | '0'>): Promise<void> => {
    const changes = Object.entries(settings).filter(([name, value]) => current.get(name) !== value);
    if (changes.length === 0) return;
    await sql`select ${sql.join(changes.map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(db);
    for (const [name, value] of changes) current.set(name, value);
  };
}

const readable = (partnerId: string, seriesId: RawBuilder<unknown>) =>
  sql`(select g.can_read from partner_grants g where g.partner_id = ${partnerId} and g.series_id = ${seriesId}) <> 0`;

/** Exact ranking: every readable match of every index asked, best first then by id (bytewise). */
async function rankExact(db: Kysely<Database>, r: RankRequest, kinds: Kind[], query: string): Promise<RankedHit[]> {
  const q = sql`${query}::tsquery`;
  const part = (kind: Kind) =>
    sql`select ${kind}::text as type, c.id as id, 10 * ts_rank(${RANK_WEIGHTS}::float4[], c.document, ${q}) as relevance
      from (select x.id, x.document from ${sql.table(TABLE[kind])} x
        where x.document @@ ${q} and ${readable(r.partnerId, sql.ref(kind === 'series' ? 'x.id' : 'x.series_id'))} limit ${RANK_CANDIDATES}) c`;
  const union = kinds.length === 1 ? part(kinds[0]!) : sql`${part('series')} union all ${part('episode')}`;
  const { rows } = await sql<RankedHit>`select type, id, relevance from (${union}) hits
    order by relevance desc, id collate "C" asc limit ${r.limit} offset ${r.offset}`.execute(db);
  return rows.map((row) => ({ type: row.type, id: row.id, relevance: Number(row.relevance) }));
}

interface Block {
  kind: Kind;
  titles: boolean;
  /** Whether the title block of this kind was read before (the other block leaves its matches out). */
  afterTitles: boolean;
  relevance: number;
  /** Predicted share of the kind's documents the block matches (the parts taken as independent). */
  share: number;
}

/** The first `count` readable matches of a block in physical order (see the module comment). */
async function firstMatches(db: Kysely<Database>, block: Block, parts: QueryPart[], partnerId: string, count: number, settings: ReturnType<typeof plannerSettings>, reading: BlockReading): Promise<string[]> {
  const table = sql.table(TABLE[block.kind]);
  const seriesId = sql.ref(block.kind === 'series' ? 'x.id' : 'x.series_id');
  const all = sql`${tsquery(parts)}::tsquery`;
  const inTitles = sql`${tsquery(parts, 'A')}::tsquery`;
  // In order, a weighted query tests a document's title lexemes in place; through the index, the
  // title-only index needs its own expression (migrations/postgres-search-blocks.ts).
  const inOrder = block.titles ? sql`x.document @@ ${inTitles}` : block.afterTitles ? sql`x.document @@ ${all} and not (x.document @@ ${inTitles})` : sql`x.document @@ ${all}`;
  const indexed = block.titles ? sql`ts_filter(x.document, '{a}') @@ ${all}` : inOrder;
  const boundary = sql`${`(${reading.scanPages},0)`}::tid`;
  const found: string[] = [];
  const dense = block.share >= reading.denseShare;
  if (dense) {
    await settings({ enable_bitmapscan: 'off', enable_tidscan: 'on' });
    const { rows } = await sql<{ id: string }>`select x.id from ${table} x
      where x.ctid < ${boundary} and ${inOrder} and ${readable(partnerId, seriesId)} limit ${count}`.execute(db);
    found.push(...rows.map((row) => row.id));
    if (found.length >= count) return found;
  }
  await settings({ enable_bitmapscan: 'on', enable_tidscan: 'off' });
  const { rows } = await sql<{ id: string }>`select c.id from (
      select x.id, ${seriesId} as series_id from ${table} x where ${indexed} ${dense ? sql`and x.ctid >= ${boundary}` : sql``} limit ${SCAN_LIMIT}
    ) c where ${readable(partnerId, sql.ref('c.series_id'))} limit ${count - found.length}`.execute(db);
  return found.concat(rows.map((row) => row.id));
}

/** Readable hits for the request's tokens, best first then by id, one page (see the module comment). */
export async function rankPostgresHits(db: Kysely<Database>, r: RankRequest, reading = BLOCK_READING): Promise<RankedHit[]> {
  const query = await queryParts(db, r.tokens);
  if (!query) return [];
  const { parts, totals } = query;
  const kinds: Kind[] = r.type === 'series' ? ['series'] : r.type === 'episode' ? ['episode'] : ['series', 'episode'];
  const settings = plannerSettings(db);
  // Parallel workers would interleave the physical order; a full scan is never what search wants.
  await settings({ max_parallel_workers_per_gather: '0', enable_seqscan: 'off' });
  if (!kinds.some((kind) => parts.some((p) => p.counts[kind].docs >= COMMON_MATCHES))) return rankExact(db, r, kinds, tsquery(parts));

  const want = Math.min(r.offset + r.limit, MAX_BOUNDED_HITS);
  if (r.offset >= want) return [];
  const share = (kind: Kind, titles: boolean) =>
    parts.reduce((s, p) => s * Math.min(1, (titles ? p.counts[kind].titles : p.counts[kind].docs) / Math.max(1, totals[kind])), 1);
  // A title block is read only where every part has a word in some title of that kind.
  const titled = (kind: Kind) => parts.every((p) => p.prefix || p.counts[kind].titles > 0);
  const blocks: Block[] = [
    ...kinds.filter(titled).map((kind) => ({ kind, titles: true, afterTitles: false, relevance: blockRelevance(true, kinds.indexOf(kind)), share: share(kind, true) })),
    ...kinds.map((kind) => ({ kind, titles: false, afterTitles: titled(kind), relevance: blockRelevance(false, kinds.indexOf(kind)), share: share(kind, false) })),
  ];
  const hits: RankedHit[] = [];
  for (const block of blocks) {
    if (hits.length >= want) break;
    for (const id of await firstMatches(db, block, parts, r.partnerId, want - hits.length, settings, reading)) hits.push({ type: block.kind, id, relevance: block.relevance });
  }
  return hits.slice(r.offset, want);
}
