import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { flexsearchCompactAlias } from './scripts/build/flexsearch-compact';

// Three projects: unit tests (Node or happy-dom), the server's tests (real HTTP to PGlite, and to PostgreSQL when
// DATABASE_URL is set), and end-to-end tests that drive a real Chromium with the built extension loaded. `npm test`
// runs them in one call, one file more at once than there are cores, so unit and server files fill the cores while e2e
// files wait for their browsers (2 cores: 972 s in one call against 262 + 810 s one project after the other). Vitest
// 4's own default is one fewer than the cores. E2e files each have their own browser, profile and servers on ports of
// their own, and nothing writes where another file reads.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
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
          // again for each of them cost about 40 s of the unit stage (275 → 235 s on 2 cores). They keep no state
          // between files: each starts its own server on its own database, and closes it.
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
