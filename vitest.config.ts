import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const require = createRequire(import.meta.url);

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
        // One graphql-js for the server's code and graphql-yoga (as Node loads it when the server
        // runs): vite would otherwise give the sources graphql's index.mjs while the externalised
        // yoga gets index.js, and yoga would mask every GraphQLError the resolvers throw (refusals
        // with their codes) because instanceof fails across the two copies.
        resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
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
