// The browser tests (`npm run test:e2e`): real Chromium against the production build, so they run
// after `npm run build && npm run build -w @matchkit/example-app` (npm test orders it so), apart from the
// unit projects of the root vitest.config.ts.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import HeaviestFirst from './sequencer';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  resolve: {
    alias: [
      // The tests read the catalogues (brand names, plans) from the sdk's sources, as the other tests do.
      { find: /^@matchkit\/sdk\/(.+)$/, replacement: `${root}sdk/src/$1/index.ts` },
      { find: /^@matchkit\/sdk$/, replacement: `${root}sdk/src/index.ts` },
      // One graphql, as in the unit tests' config: a file that runs the app in this process
      // (provenance.ts, its feed a test's FeedSource) would otherwise load graphql twice (the module
      // build for our sources, the CommonJS one for yoga) and fail every request.
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    name: 'e2e',
    include: ['example-app/e2e/**/*.test.ts', 'examples/**/*.test.ts'],
    environment: 'node',
    // One production server per brand for the whole run; each file launches its own Chromium.
    globalSetup: ['example-app/e2e/global-setup.ts'],
    // Two files (two Chromiums) at a time on these two-core machines, the ones that take minutes
    // first (sequencer.ts), so that neither worker is left with one at the end.
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirst },
    testTimeout: 30_000,
    // One more attempt for a test that fails: a journey against the live feed and live tracker
    // events can lose a race to a late event on a loaded machine (tracker.primary's settle form,
    // once, in issue 19's last run: docs/testing.md). A test must still pass whole in one attempt,
    // and vitest reports a retried test, so a flake is seen, not hidden.
    retry: 1,
    hookTimeout: 90_000,
    // A poll that names no timeout waits 10 s, not vitest's 1 s: a page on a loaded two-core machine
    // takes longer than a second to render what it is polled for (platform.primary's push test, stop 36).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
