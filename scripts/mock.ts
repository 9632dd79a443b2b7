/**
 * Serves the bundled contract (generated/openapi.json) with Prism's mock server, so partners and
 * client developers can build against the examples before touching production.
 * Usage: npm run mock   (MOCK_PORT, default 4010; always on 127.0.0.1)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');
const host = '127.0.0.1';
const contract = join(root, 'generated/openapi.json');
// Prism has no shutdown hook to wait for; past this bound a stop request becomes a SIGKILL.
const STOP_TIMEOUT_MS = 5_000;

const port = Number(process.env.MOCK_PORT ?? '4010');
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`MOCK_PORT must be a TCP port (1-65535), got ${JSON.stringify(process.env.MOCK_PORT)}`);
  process.exit(2);
}
if (!existsSync(contract)) {
  console.error(`${contract} is missing: run \`npm run generate\` first.`);
  process.exit(1);
}

const prism = spawn(
  join(root, 'node_modules/.bin/prism'),
  ['mock', '--host', host, '--port', String(port), contract],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);

const url = `http://${host}:${port}`;
let ready = false;
createInterface({ input: prism.stdout, crlfDelay: Infinity }).on('line', (line) => {
  console.log(line);
  if (!ready && line.includes('Prism is listening on')) {
    ready = true;
    console.log(`Mock server ready at ${url} (serving ${contract})`);
  }
});

let stopRequested = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopRequested) return;
    stopRequested = true;
    prism.kill(signal);
    setTimeout(() => prism.kill('SIGKILL'), STOP_TIMEOUT_MS).unref();
  });
}

prism.on('error', (error) => {
  console.error(`Could not start Prism (${error.message}): run \`npm install\`.`);
  process.exit(1);
});

prism.on('exit', (code, signal) => {
  if (stopRequested) process.exit(0);
  console.error(`Prism stopped on its own (${signal ?? `exit code ${code}`})${ready ? '' : ' before it was ready'}.`);
  process.exit(code || 1);
});
