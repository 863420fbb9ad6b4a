#!/usr/bin/env node
// `npm run bench:server`: bundles the server benchmarks (example-app/server/bench) with esbuild,
// the sdk from its sources and every other package left to node_modules, and runs them. Prints
// figures and ratios against a baseline measured in the same run; it is not a test.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServerSource } from './server-from-source.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Every example-app/server/bench/<name>.bench.ts, or the names given.
const benchDir = join(root, 'example-app/server/bench');
const benches =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : readdirSync(benchDir)
        .filter((f) => f.endsWith('.bench.ts'))
        .map((f) => f.slice(0, -'.bench.ts'.length));
let status = 0;
for (const name of benches) {
  const entry = join(root, `example-app/server/bench/${name}.bench.ts`);
  const outfile = join(root, `example-app/server/dist-test/${name}.bench.mjs`);
  await bundleServerSource(entry, outfile);
  console.log(`\n=== bench:server ${name}`);
  const run = spawnSync(process.execPath, ['--max-old-space-size=4096', outfile], {
    cwd: join(root, 'example-app'),
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) {
    console.error(`bench failed: ${name} (exit ${run.status ?? run.signal})`);
    status = 1;
  }
}
process.exit(status);
