// Builds the server into server/dist/ (one ESM file per entry, dependencies left to node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/src/main.ts', cli: 'server/src/cli/main.ts' },
  outdir: 'server/dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
