#!/usr/bin/env node
// `npm run bench`: bundles each benchmark of sdk/bench (`<name>.bench.ts`: oddsmatcher, transport,
// casino) with esbuild into a temporary directory and runs it with node, one after the other. No
// build step of its own beyond that: it works from a clean clone after `npm ci`. The bundles import
// the sdk *source*, so the code measured is the code the app ships. Not part of `npm test`: timed
// runs are noisy.
//
// `npm run bench` runs them all; `npm run bench -- transport casino` runs those named.
// Pass-through environment (see each benchmark file): BENCH_MARKETS, BENCH_SEED, BENCH_TICKS
// (oddsmatcher); BENCH_ROUNDS, BENCH_REQUESTS, BENCH_SECONDS, BENCH_CONCURRENCY (transport);
// BENCH_ROUNDS, BENCH_SPINS (casino).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const known = ['oddsmatcher', 'transport', 'casino'];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${known.join(', ')}`);
  process.exit(2);
}
const benches = (asked.length > 0 ? known.filter((name) => asked.includes(name)) : known).map((name) => `sdk/bench/${name}.bench.ts`);
const dir = mkdtempSync(join(tmpdir(), 'matchkit-bench-'));
let status = 0;
try {
  for (const entry of benches) {
    const outfile = join(dir, entry.replace(/[/\\]/g, '_').replace(/\.ts$/, '.mjs'));
    await build({
      entryPoints: [join(root, entry)],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      // As an app's production build does: libraries' development-only checks (urql core has
      // some on every operation) are left out of what is measured.
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    // --expose-gc lets the benchmark collect garbage between timed runs (less noise);
    // the snapshot of 100,000 markets and the naive version's objects need a larger heap.
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=6144', outfile], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    if (run.status !== 0) {
      console.error(`bench failed: ${entry} (exit ${run.status ?? run.signal})`);
      status = 1;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
