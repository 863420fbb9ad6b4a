import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@matchkit\/sdk\/(.+)$/, replacement: src('./sdk/src/$1/index.ts') },
      { find: /^@matchkit\/sdk$/, replacement: src('./sdk/src/index.ts') },
      { find: /^@matchkit\/react$/, replacement: src('./react-bindings/src/index.ts') },
      // One graphql for our sources and for graphql-yoga: vite would pick graphql's ESM build
      // (package.json "module") for our files while Node loads its CommonJS main for yoga, and a
      // GraphQLError from one copy is not an instance of the other (yoga then masks it).
      { find: /^graphql$/, replacement: src('./node_modules/graphql/index.js') },
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
