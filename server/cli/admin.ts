/** Entry point of `npm run admin -- <command>`: the studio's admin CLI (see run.ts). */
import { runAdmin } from './run.js';

process.exitCode = await runAdmin(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
