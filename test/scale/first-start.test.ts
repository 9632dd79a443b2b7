/**
 * The first start of several instances together, as a deployment's first rollout or a developer's
 * `docker compose up` does: three real `npm start` processes (development mode, so each would
 * seed a demo partner) started at the same instant on one empty PostgreSQL schema.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAll } from '../../scripts/lib/processes.js';
import { startEntry } from '../helpers/entry.js';
import { newJwtKey } from '../helpers/server.js';
import { createTestSchema, reportSkipped, skipReason, type TestSchema } from '../helpers/services.js';

const INSTANCES = 3;

const skipped = skipReason({ postgres: true });
if (skipped) reportSkipped('First start of several instances on PostgreSQL', skipped);

let schema: TestSchema | undefined;
afterAll(async () => {
  await stopAll();
  await schema?.drop();
});

describe.skipIf(skipped)(`${INSTANCES} instances starting together on an empty PostgreSQL database`, () => {
  it('create exactly one demo partner, whose credentials exactly one of them prints', async () => {
    schema = await createTestSchema();
    const env = { NODE_ENV: 'development', DATABASE_URL: schema.url, JWT_SIGNING_KEYS: JSON.stringify([await newJwtKey('first-start')]) };
    const started = await Promise.all(Array.from({ length: INSTANCES }, () => startEntry(env)));

    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select name from partners');
      expect(rows).toEqual([{ name: 'Demo Partner' }]);
    } finally {
      await client.end();
    }
    const printed = started.filter(({ child }) => child.output().includes('A demo partner was created'));
    expect(printed).toHaveLength(1);
  }, 90_000);
});
