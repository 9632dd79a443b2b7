/**
 * A throwaway copy of a generated benchmark catalog (scripts/generate-catalog.ts), for benchmarks
 * that change it: on SQLite a copy of the file, on PostgreSQL a database made from the catalog's
 * as a template (no session may be connected to the catalog meanwhile). `importChanged` imports the
 * generated catalog again with every availability window moved and one episode of each series
 * retitled, as a studio's re-import after a rights change would.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { demoCatalogBatches } from '../../server/demo/catalog.js';
import type { ImportSeries, Store } from '../../server/store/index.js';
import type { CatalogManifest } from '../generate-catalog.js';

export interface CatalogCopy {
  manifest: CatalogManifest;
  url: string;
  /** The change import; its duration in ms. */
  importChanged(store: Store, now: string): Promise<number>;
  remove(): Promise<void>;
}

const MOVED = { starts_at: '2027-01-01T00:00:00Z', ends_at: null };

function changed(s: ImportSeries): ImportSeries {
  return {
    ...s,
    availability: { ...s.availability, ...MOVED },
    episodes: s.episodes.map((e, i) => ({ ...e, availability: { ...e.availability, ...MOVED }, ...(i === 0 ? { title: `${e.title} (recut)` } : {}) })),
  };
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function catalogCopy(manifestPath: string): Promise<CatalogCopy> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as CatalogManifest;
  let url: string;
  let remove: () => Promise<void>;
  if (manifest.engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-copy-'));
    url = join(dir, 'catalog.db');
    // A consistent snapshot even while a server writes to the catalog (a file copy could be torn by a checkpoint).
    const source = new DatabaseSync(manifest.databaseUrl, { readOnly: true });
    try {
      source.prepare('vacuum into ?').run(url);
    } finally {
      source.close();
    }
    remove = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const source = new URL(manifest.databaseUrl);
    const name = `${decodeURIComponent(source.pathname.slice(1))}_copy`;
    await admin(manifest.databaseUrl, async (c) => {
      await c.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
      await c.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(decodeURIComponent(source.pathname.slice(1)))}`);
    });
    source.pathname = `/${name}`;
    url = source.href;
    remove = () => admin(manifest.databaseUrl, async (c) => void (await c.query(`drop database if exists ${pg.escapeIdentifier(name)}`)));
  }
  return {
    manifest,
    url,
    async importChanged(store, now) {
      const started = performance.now();
      const options = { series: manifest.series, episodesPerSeason: manifest.episodesPerSeason ?? undefined, vocabulary: manifest.vocabulary ?? 'small', batchSize: 500 } as const;
      for (const batch of demoCatalogBatches(options)) await store.importCatalog(batch.map(changed), now);
      return performance.now() - started;
    },
    remove,
  };
}
