// Builds the server into server/dist/ (one ESM file per entry, dependencies left to node_modules,
// except the app's own contract package, which is bundled from its TypeScript sources).
import { build } from 'esbuild';
import { appContractFromSource } from '../../scripts/app-contract-from-source.mjs';
import { graphqlText } from '../../scripts/graphql-text.mjs';

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
  plugins: [appContractFromSource(), graphqlText()],
});
