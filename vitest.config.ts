import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { flexsearchCompactAlias } from './scripts/build/flexsearch-compact';

// Two projects: fast unit tests (Node or happy-dom), and end-to-end tests that drive a real Chromium with the
// built extension loaded. Both run as many files at once as there are cores. Vitest 4's own default is one fewer
// (one at a time on 2 cores), and much of a test here is waiting for a browser, a server or a child process. E2e files
// each have their own browser, profile and servers on ports of their own. On 2 cores the e2e files took 945 s two at a
// time against 1,295 s one after another (2026-12-07).
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [WxtVitest()],
        // The search code is tested on the FlexSearch build the extension ships (scripts/build/flexsearch-compact.ts).
        resolve: { alias: [flexsearchCompactAlias] },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: [flexsearchCompactAlias] },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          environment: 'node',
          // The server's files share one module graph per worker (Hono, PGlite, esbuild, the pilot pages): loading it
          // again for each of them was a third of the unit stage. They keep no state between files: each starts
          // its own server on its own database, and closes it.
          isolate: false,
          // A server test is real HTTP and WebSockets to a real database, some of them on two: not the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
