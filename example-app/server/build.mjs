// Builds the server into server/dist/ (one ESM file per entry, dependencies left to node_modules,
// except the app's own contract package, which is bundled from its TypeScript sources).
import { build } from 'esbuild';
import { appContractFromSource } from '../../scripts/app-contract-from-source.mjs';
import { graphqlText } from '../../scripts/graphql-text.mjs';

await build({
  // sim-worker: the simulated feed's own thread (feed/worker-feed.ts), loaded beside main.js.
  entryPoints: { main: 'server/src/main.ts', cli: 'server/src/cli/main.ts', 'sim-worker': 'server/src/feed/sim-worker.ts' },
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
