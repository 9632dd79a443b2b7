// Run by test/store/postgres-pool.test.ts under --trace-gc-nvp: 1,500 statements one after the
// other, each answering a 60 KB string, the way the store runs them (`guarded`: guardedPool from
// the compiled server) or the way pg runs them itself (`pg-promise`: its promise form, as a plain
// pool client; `pg-reply-timeout`: its callback form with query_timeout). What the parent reads is
// V8's trace of each young-generation collection: how much of what was allocated got promoted.
import pg from 'pg';

const [mode, url, distPool] = process.argv.slice(2);
const text = `select repeat('x', 60000) || $1::text as page`;
const pool = new pg.Pool({ connectionString: url, max: 1, ...(mode === 'pg-reply-timeout' ? { query_timeout: 6000 } : {}) });
const { guardedPool } = await import(distPool);
const guarded = guardedPool(pool, { replyTimeoutMs: 6000 });

async function once(i) {
  if (mode === 'guarded') {
    const connection = await guarded.connect();
    try {
      return (await connection.query(text, [String(i)])).rows;
    } finally {
      connection.release();
    }
  }
  const client = await pool.connect();
  try {
    if (mode === 'pg-promise') return (await client.query(text, [String(i)])).rows;
    return await new Promise((resolve, reject) => client.query(text, [String(i)], (error, result) => (error ? reject(error) : resolve(result.rows))));
  } finally {
    client.release();
  }
}

let length = 0;
for (let i = 0; i < 1500; i++) length += (await once(i))[0].page.length;
await pool.end();
process.stderr.write(`${length}\n`);
