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
        // Node loads graphql-yoga's `graphql` as the CommonJS index.js (graphql 16 has no exports
        // map); Vite would give the server's own sources index.mjs, a second copy whose GraphQLError
        // yoga does not recognise (its refusals would be masked as INTERNAL_SERVER_ERROR). One copy, as in production.
        resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
        test: {
          name: 'server',
          include: ['example-app/server/src/**/*.test.ts'],
          environment: 'node',
          // Each test file builds the app on its own clone of one migrated in-memory database.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
