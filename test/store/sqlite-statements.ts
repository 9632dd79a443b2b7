/**
 * Kysely statements run on a node:sqlite connection of a test's own, for tests that ask SQLite
 * itself (its planner, or rows compared with a reference statement) about what the store runs.
 */
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Database } from '../../server/store/shared/schema.js';

/** Compiles statements only: it never opens a connection. */
export const compiler = new Kysely<Database>({ dialect: new SqliteDialect({ database: async () => Promise.reject(new Error('compile only')) }) });

type Statement = RawBuilder<unknown> | { compile(): CompiledQuery };

function compiled(query: Statement): CompiledQuery {
  return 'isRawBuilder' in query ? query.compile(compiler) : query.compile();
}

/** The statement's rows on `raw`, optionally with a prefix before its SQL (`explain query plan `). */
export function rowsOf(raw: DatabaseSync, query: Statement, prefix = ''): Array<Record<string, unknown>> {
  const { sql, parameters } = compiled(query);
  return raw.prepare(`${prefix}${sql}`).all(...(parameters as never[])) as Array<Record<string, unknown>>;
}

/** The steps of SQLite's plan for the statement on `raw`, as `explain query plan` lists them. */
export function planOf(raw: DatabaseSync, query: Statement): Array<{ id: number; parent: number; detail: string }> {
  return rowsOf(raw, query, 'explain query plan ').map((row) => ({ id: Number(row.id), parent: Number(row.parent), detail: String(row.detail) }));
}
