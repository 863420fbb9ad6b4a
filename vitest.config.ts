import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The test files that mock a module (vi.mock): each runs in a fresh module graph of its own. */
const ISOLATED = ['sdk/src/transport/import.test.ts', 'example-app/server/src/auth/passwords.unknown.test.ts'];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@matchkit\/sdk\/(.+)$/, replacement: src('./sdk/src/$1/index.ts') },
      { find: /^@matchkit\/sdk$/, replacement: src('./sdk/src/index.ts') },
      { find: /^@matchkit\/react$/, replacement: src('./react-bindings/src/index.ts') },
      // One graphql for everything: Vite would pick graphql's "module" build (index.mjs) for our
      // sources while graphql-yoga, loaded by Node, gets the CommonJS main, and a GraphQLError made
      // by one is not an instanceof the other (yoga would then mask every refusal).
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    // One worker per core (Vitest's default keeps one core for itself: a single worker on these
    // two-core machines, where the tests mostly wait on databases and sockets).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // Pure modules: files share each worker's module graph (a fresh process per file cost more
        // than the tests themselves). A file that mocks a module runs in the isolated project.
        // 15 s, as the web project: the property laws run hundreds of cases each, and a loaded
        // machine took several past vitest's 5 s default.
        test: {
          name: 'sdk',
          include: ['sdk/src/**/*.test.ts'],
          exclude: ISOLATED,
          environment: 'node',
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          include: ['react-bindings/src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: true,
        // The web app's unit tests (components in jsdom; a file may ask for node).
        // jsdom renders of whole pages (the tool pages' tables) take seconds on a busy 2-core machine:
        // 15 s, not vitest's 5 s, so a slow machine is not a failure (none of these tests waits on time).
        test: {
          name: 'web',
          include: ['example-app/web/src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['example-app/web/src/test-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['example-app/server/src/**/*.test.ts'],
          exclude: ISOLATED,
          environment: 'node',
          // Files share each worker's module graph (graphql, yoga, PGlite's compiled WebAssembly,
          // the migrated template): importing them once per worker instead of once per file.
          isolate: false,
          // Each test file builds the app on its own clone of one migrated in-memory database.
          // The files on PostgreSQL get a database of their own on one cluster for the whole run,
          // started here (src/test/postgres-cluster.ts), not a cluster each (docs/testing.md).
          globalSetup: ['example-app/server/src/test/postgres-cluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The example app's private contract package (seed data, the simulated feed): pure modules.
        // The simulated feed's laws build and compare many whole snapshots: they had the server
        // project's 30 s there, and keep it, so that a busy 2-core machine is not a failure.
        test: {
          name: 'contract',
          include: ['example-app/contract/src/**/*.test.ts'],
          exclude: ISOLATED,
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        // The repository's own tooling: the lint rules' tests (ESLint on the whole configuration) and
        // the generated files' freshness (codegen runs in full).
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, environment: 'node' },
      },
    ],
  },
});
