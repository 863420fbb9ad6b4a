import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
    projects: [
      {
        extends: true,
        test: { name: 'sdk', include: ['sdk/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'react', include: ['react-bindings/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'web', include: ['example-app/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['example-app/server/src/**/*.test.ts'],
          // The one file that mocks a module runs in its own project, isolated.
          exclude: ['example-app/server/src/auth/passwords.unknown.test.ts'],
          environment: 'node',
          // Files share each worker's module graph (graphql, yoga, PGlite's compiled WebAssembly,
          // the migrated template): importing them once per worker instead of once per file.
          isolate: false,
          // Each test file builds the app on its own clone of one migrated in-memory database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'server-isolated', include: ['example-app/server/src/auth/passwords.unknown.test.ts'], environment: 'node' },
      },
    ],
  },
});
