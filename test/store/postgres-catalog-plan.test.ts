/**
 * A PostgreSQL title page since an instant is one statement (shared/catalog-read.ts, listCatalog
 * with the `planner` reading): its planner chooses, from its histogram of the instants, between
 * walking the title index and reading the instant's index and sorting what it finds, where SQLite
 * counts first. This asks PostgreSQL's planner, with statistics, for both sides: an instant nearly
 * every series has reached must be walked in title order (no sort), one a few have reached must be
 * read from the instant's index and sorted. Each case is the other's control: a planner that always
 * walked, or always sorted, fails one of them.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/index.js';
import { catalogPageQuery, type CatalogPageSpec } from '../../server/store/shared/catalog-read.js';
import type { Database } from '../../server/store/shared/schema.js';
import { reportSkipped, skipReason } from '../helpers/services.js';
import { removeTmpDbs, tmpSchema } from './engines.js';
import { pid, series, sid } from './fixtures.js';

const P = pid('p');
const OLD = '2026-10-01T00:00:00.000Z';
const NEW = '2026-11-01T00:00:00.000Z';
const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('PostgreSQL catalog page plans', skipped);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

describe.skipIf(skipped !== undefined)('a title page since an instant, as PostgreSQL plans it', () => {
  let pool: pg.Pool;
  let db: Kysely<Database>;

  beforeAll(async () => {
    const { url } = await tmpSchema();
    const store = await openStore(url);
    await store.createPartner({ id: P, name: 'P', apiKey: 'key-p', secretHash: 'h', now: OLD });
    // 2,000 series, 1,980 last updated at OLD and 20 at NEW; a quarter comedies.
    const all = Array.from({ length: 2000 }, (_, i) => series(sid(100 + i), { title: `Series ${(i * 7919) % 2000}`, genres: [i % 4 === 0 ? 'comedy' : 'drama'] }));
    for (let i = 0; i < 1980; i += 500) await store.importCatalog(all.slice(i, Math.min(i + 500, 1980)), OLD);
    await store.importCatalog(all.slice(1980), NEW);
    await store.close();
    pool = new pg.Pool({ connectionString: url, max: 1 });
    // Every series readable but every seventh, as in the bench's grant pattern.
    await pool.query(
      `insert into partner_grants (partner_id, series_id, can_read, can_stream, updated_at)
       select $1, id, 1, 1, $2 from (select id, row_number() over (order by id) as n from series) s where n % 7 <> 0`,
      [P, OLD],
    );
    await pool.query('analyze');
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });

  afterAll(async () => {
    await db?.destroy();
    await removeTmpDbs();
  });

  /** The plan's nodes, depth first, as "Node Type" or "Node Type on index". */
  async function plan(spec: Partial<CatalogPageSpec>): Promise<string[]> {
    const query = catalogPageQuery({ partnerId: P, genre: undefined, sort: 'title', since: null, walk: false, after: undefined, rows: 51, ...spec }).compile(db);
    const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${query.sql}`, [...query.parameters]);
    const nodes: string[] = [];
    const visit = (node: PlanNode) => {
      nodes.push(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
      node.Plans?.forEach(visit);
    };
    visit(rows[0]!['QUERY PLAN'][0].Plan);
    return nodes;
  }

  it.each([
    ['every series', undefined, 'series_sort_title_idx'],
    ['a genre', 'drama', 'series_genres_title_idx'],
  ])('walks the title index of %s for an instant nearly all of it has reached', async (_label, genre, index) => {
    const nodes = await plan({ since: OLD, genre });
    expect(nodes).toContain(`Index Scan on ${index}`);
    expect(nodes).not.toContain('Sort');
  });

  it.each([
    ['every series', undefined, 'series_updated_at_idx'],
    ['a genre', 'drama', 'series_genres_updated_idx'],
  ])('reads the instant index of %s and sorts for an instant a few series have reached', async (_label, genre, index) => {
    const nodes = await plan({ since: NEW, genre });
    expect(nodes).toContain('Sort');
    expect(nodes.some((node) => node.endsWith(` on ${index}`))).toBe(true);
  });
});
