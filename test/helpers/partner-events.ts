/**
 * Writes rows of partner_events straight into a test database (SQLite file or PostgreSQL schema),
 * as the change feed would, so webhook tests control exactly which events exist.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

export interface EventWriter {
  /** Appends an event of the partner; its id (`evt_…`). */
  add(partnerId: string, type: string, data?: Record<string, unknown>, occurredAt?: string): Promise<string>;
  close(): Promise<void>;
}

export function eventWriter(databaseUrl: string): EventWriter {
  const row = (partnerId: string, type: string, data: Record<string, unknown>, occurredAt: string) => {
    const id = `evt_${randomBytes(16).toString('hex')}`;
    return { id, values: [id, partnerId, type, occurredAt, (data['series_id'] as string | undefined) ?? null, JSON.stringify({ id, type, occurred_at: occurredAt, ...data })] };
  };
  const sqlText = 'insert into partner_events (id, partner_id, type, occurred_at, series_id, data) values ';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    const connected = client.connect();
    return {
      async add(partnerId, type, data = {}, occurredAt = new Date().toISOString()) {
        await connected;
        const r = row(partnerId, type, data, occurredAt);
        await client.query(`${sqlText}($1, $2, $3, $4, $5, $6)`, r.values);
        return r.id;
      },
      close: async () => {
        await connected;
        await client.end();
      },
    };
  }
  const db = new DatabaseSync(databaseUrl);
  db.exec('pragma busy_timeout = 5000');
  const insert = db.prepare(`${sqlText}(?, ?, ?, ?, ?, ?)`);
  return {
    async add(partnerId, type, data = {}, occurredAt = new Date().toISOString()) {
      const r = row(partnerId, type, data, occurredAt);
      insert.run(...r.values);
      return r.id;
    },
    close: async () => db.close(),
  };
}
