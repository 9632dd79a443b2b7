/** Entry point of `npm run admin -- <command>`: the studio's admin CLI (see run.ts). */
import { runAdmin } from './run.js';

// `admin series list | head` closes stdout early; that is the reader's choice, not a crash to report.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
});

process.exitCode = await runAdmin(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
