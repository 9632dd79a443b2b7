/**
 * The SQLite engine: Node's built-in node:sqlite through kysely's SqliteDialect. Only what is
 * SQLite-specific lives here (the connection's set-up in sqlite-connection.ts, BEGIN IMMEDIATE,
 * busy errors, FTS5); queries are in kysely-store.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql, type Migration } from 'kysely';
import type { RankedHit } from '../shared/catalog-read.js';
import type { SearchIndexChanges } from '../shared/catalog-import.js';
import { KyselyStore, type RankRequest } from '../shared/kysely-store.js';
import { num } from '../shared/mapping.js';
import { sqliteMigrations } from '../migrations/index.js';
import { partnerRecord } from '../shared/partner-queries.js';
import type { Database, PartnerTable } from '../shared/schema.js';
import type { PartnerRecord } from '../types.js';
import { cachingStatements, isUnavailableError, openConnection } from './connection.js';
import { addDictionaryWords, rankSqliteHits } from './search.js';

export interface SqliteOptions {
  /** How long a statement waits for another process's write lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Blocks the thread for ms while switching to WAL waits for a lock (injectable for tests). */
  sleep?: (ms: number) => void;
}

const ROWS_PER_STATEMENT = 500;

/**
 * The FTS rowid of a series or episode: its id's base-36 suffix (36^10 < 2^53, so exact). A
 * derived rowid is stable and lets a changed row be deleted without a lookup table.
 */
export function ftsRowid(id: string): number {
  const m = /^(?:ser|ep)_([0-9a-z]{10})$/.exec(id);
  if (!m) throw new TypeError(`not a series or episode id: ${id}`);
  return parseInt(m[1]!, 36);
}

/**
 * The plain FTS5 MATCH expression for tokens (search itself completes the last word from the
 * dictionary instead: server/store/sqlite/search.ts): each quoted (a token is letters and digits only, so it
 * cannot contain a quote), all required, the last also as a prefix.
 */
export function ftsMatch(tokens: string[]): string {
  return tokens.map((t, i) => (i === tokens.length - 1 ? `"${t}"*` : `"${t}"`)).join(' ');
}

export class SqliteStore extends KyselyStore {
  readonly engine = 'sqlite' as const;

  private constructor(db: Kysely<Database>, private readonly raw: DatabaseSync) {
    super(db);
  }

  /** Opens (creating if needed) the database file at path, or ':memory:'. Does not migrate. */
  static open(path: string, options: SqliteOptions = {}): SqliteStore {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const raw = openConnection(path, { busyTimeoutMs: Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000)), ...(options.sleep ? { sleep: options.sleep } : {}) });
    let store: SqliteStore | undefined;
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(raw, () => store?.changedHere()) }) });
    store = new SqliteStore(db, raw);
    return store;
  }

  protected migrations(): Record<string, Migration> {
    return sqliteMigrations();
  }

  /**
   * The two reads every authenticated request makes (the partner's current state, and the content
   * version for the response cache) are answered from memory while the database is unchanged.
   * "Unchanged" is one cheap statement: SQLite's data_version moves when any other connection
   * (the admin CLI, another instance) commits, total_changes() when this one writes. Reading
   * both rows instead cost about three times as much under load (docs/benchmarks.md), and
   * revocation stays immediate: the next request after a commit reads the rows again. The
   * statements run on the raw connection (synchronous, so they cannot interleave with a kysely
   * query); inside another request's open kysely transaction they see that transaction's
   * snapshot, which is at most as old as that transaction.
   */
  private hot?: {
    changes: StatementSync;
    partner: StatementSync;
    version: StatementSync;
  };
  private checkedThisTurn = false;
  private memo = { changes: '', partners: new Map<string, PartnerRecord | undefined>(), contentVersion: undefined as number | undefined };

  /** The memo, emptied first when the database changed since it was filled. */
  private current() {
    // Prepared on first use, after migrations created content_version.
    if (!this.hot) {
      const changes = this.raw.prepare('select data_version, total_changes() from pragma_data_version');
      changes.setReturnArrays(true);
      this.hot = {
        changes,
        partner: this.raw.prepare('select * from partners where id = ?'),
        version: this.raw.prepare('select version from content_version where id = 1'),
      };
    }
    // Once per event-loop turn: every request handled in a turn was already received when the
    // turn began, so one reading taken during the turn is a moment inside each of their lifetimes.
    // Inside one of this connection's transactions (awaiting between statements) rows may be uncommitted: never remember them.
    if (this.raw.isTransaction) return { changes: '', partners: new Map(), contentVersion: undefined };
    if (this.checkedThisTurn) return this.memo;
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
    const [dataVersion, ownChanges] = this.hot.changes.get() as unknown as [number, number];
    const changes = `${dataVersion}:${ownChanges}`;
    if (changes !== this.memo.changes || this.memo.partners.size > 10_000) {
      this.memo = { changes, partners: new Map(), contentVersion: undefined };
    }
    return this.memo;
  }

  /** This connection is about to write: the next read checks for changes again. */
  private changedHere(): void {
    this.checkedThisTurn = false;
  }

  override async getPartner(id: string): Promise<PartnerRecord | undefined> {
    return this.guard(async () => this.partnerFrom(this.current(), id));
  }

  override async readPartnerState(id: string): Promise<{ partner: PartnerRecord | undefined; contentVersion: number }> {
    // Both from one memo (one change check), as one statement would read them.
    return this.guard(async () => {
      const memo = this.current();
      return { partner: this.partnerFrom(memo, id), contentVersion: this.versionFrom(memo) };
    });
  }

  override async contentVersion(): Promise<number> {
    return this.guard(async () => this.versionFrom(this.current()));
  }

  private partnerFrom(memo: SqliteStore['memo'], id: string): PartnerRecord | undefined {
    if (memo.partners.has(id)) return memo.partners.get(id);
    const row = this.hot!.partner.get(id) as PartnerTable | undefined;
    const record = row && Object.freeze(partnerRecord(row));
    memo.partners.set(id, record);
    return record;
  }

  private versionFrom(memo: SqliteStore['memo']): number {
    memo.contentVersion ??= num((this.hot!.version.get() as { version: unknown } | undefined)?.version);
    return memo.contentVersion;
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front (waiting up to busy_timeout): a deferred
   * transaction that reads and then writes can fail at once with SQLITE_BUSY_SNAPSHOT when
   * another process wrote in between, which the busy timeout cannot help with.
   */
  protected override async writeTransaction<R>(fn: (db: Kysely<Database>) => Promise<R>): Promise<R> {
    return this.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        if (this.raw.isTransaction) await sql`rollback`.execute(conn);
        throw error;
      }
    });
  }

  /** Migrations under the write lock, so several processes starting at once apply them once. */
  override async migrate(): Promise<void> {
    await this.guard(() => this.writeTransaction((conn) => this.runMigrator(conn)));
  }

  protected isUnavailable(error: unknown): boolean {
    return isUnavailableError(error);
  }

  protected async indexForSearch(db: Kysely<Database>, changes: SearchIndexChanges): Promise<void> {
    const series = changes.series.map((s) => s.id);
    const episodes = [...changes.episodes.map((e) => e.id), ...changes.removedEpisodes];
    for (let i = 0; i < series.length; i += ROWS_PER_STATEMENT) {
      const rowids = series.slice(i, i + ROWS_PER_STATEMENT).map(ftsRowid);
      await sql`delete from series_fts where rowid in (${sql.join(rowids)})`.execute(db);
    }
    for (let i = 0; i < episodes.length; i += ROWS_PER_STATEMENT) {
      const rowids = episodes.slice(i, i + ROWS_PER_STATEMENT).map(ftsRowid);
      await sql`delete from episodes_fts where rowid in (${sql.join(rowids)})`.execute(db);
    }
    for (let i = 0; i < changes.series.length; i += ROWS_PER_STATEMENT) {
      const values = changes.series
        .slice(i, i + ROWS_PER_STATEMENT)
        .map((s) => sql`(${ftsRowid(s.id)}, ${s.id}, ${s.title}, ${s.short_synopsis}, ${s.synopsis})`);
      await sql`insert into series_fts (rowid, id, title, short_synopsis, synopsis) values ${sql.join(values)}`.execute(db);
    }
    for (let i = 0; i < changes.episodes.length; i += ROWS_PER_STATEMENT) {
      const values = changes.episodes
        .slice(i, i + ROWS_PER_STATEMENT)
        .map((e) => sql`(${ftsRowid(e.id)}, ${e.id}, ${e.series_id}, ${e.title}, ${e.synopsis})`);
      await sql`insert into episodes_fts (rowid, id, series_id, title, synopsis) values ${sql.join(values)}`.execute(db);
    }
    await addDictionaryWords(db, {
      seriesTitles: changes.series.map((s) => s.title),
      episodeTitles: changes.episodes.map((e) => e.title),
      other: [...changes.series.flatMap((s) => [s.short_synopsis, s.synopsis]), ...changes.episodes.map((e) => e.synopsis)],
    });
  }

  /** Bounded-cost search: see server/store/sqlite/search.ts. */
  protected async rankHits(db: Kysely<Database>, r: RankRequest): Promise<RankedHit[]> {
    return rankSqliteHits(db, r);
  }
}
