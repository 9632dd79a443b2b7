import { defineConfig } from 'vitest/config';

/**
 * Four tiers, each a vitest project (`npm run test:unit` and the like run one; `npm test` runs all):
 *   unit         pure code in-process, no server, child process, database or browser: seconds
 *   integration  real servers, CLIs, SQLite files, PostgreSQL and Redis, packed tarballs, Prism
 *   browser      the studio console in Chromium (test/browser/)
 *   scale        several instances, faults through TCP proxies, stalls (test/scale/)
 * The global setup (contract coverage, service probes, the kit tests' run folder) belongs to the root alone, so it runs once
 * for the whole run whichever tiers it holds.
 */
const tier = {
  // Servers, Prism and Chromium are real processes: give them room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // expect.poll waits for what a real process or Chromium will do: vitest's 1 s default is less
  // than a loaded machine can take to show it.
  expect: { poll: { timeout: 15_000 } },
} as const;
// Most files wait on child processes, databases and Chromium rather than compute, so two run at
// once even on two cores (vitest's default there is one), each with its own schema, Redis prefix,
// ports and folders. The scale tier measures bounds under stalls and faults: it runs afterwards,
// alone, one file at a time.
const together = { maxWorkers: 2, sequence: { groupOrder: 0 } } as const;
const alone = { maxWorkers: 1, sequence: { groupOrder: 1 } } as const;

export default defineConfig({
  test: {
    globalSetup: ['test/contract-coverage.ts', 'test/services-setup.ts', 'test/kit/kit-setup.ts'],
    reporters: ['default'],
    projects: [
      { test: { ...tier, ...together, name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { test: { ...tier, ...together, name: 'integration', include: ['test/**/*.test.ts'], exclude: ['test/unit/**', 'test/browser/**', 'test/scale/**'] } },
      { test: { ...tier, ...together, name: 'browser', include: ['test/browser/**/*.test.ts'] } },
      { test: { ...tier, ...alone, name: 'scale', include: ['test/scale/**/*.test.ts'] } },
    ],
  },
});
