// One server source file bundled for Node as the benches and tests run it: ESM for node20, the sdk
// and the app's contract from their TypeScript sources, `.graphql` documents as text, every other
// package left to node_modules. The production build (example-app/server/build.mjs) makes the same
// kind of bundle with source maps and its own entries. Used by `npm run bench:server` (each bench),
// the fan-out bench and worker-feed.test.ts (the simulated feed's thread, sim-worker.ts).
import { build } from 'esbuild';
import { appContractFromSource } from './app-contract-from-source.mjs';
import { graphqlText } from './graphql-text.mjs';
import { sdkFromSource } from './sdk-from-source.mjs';

/** Bundles `entry` (a path) into `outfile` (a path). */
export async function bundleServerSource(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    plugins: [sdkFromSource(), appContractFromSource(), graphqlText()],
  });
}
