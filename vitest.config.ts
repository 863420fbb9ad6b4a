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
    ],
  },
});
