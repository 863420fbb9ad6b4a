#!/usr/bin/env node
// `npm run bench`: bundles each benchmark of sdk/bench (today: the oddsmatcher) with esbuild into a
// temporary directory and runs it with node. No build step of its own beyond that: it works from a
// clean clone after `npm ci`. The bundle imports the sdk *source*, so the engine measured is the
// engine the app ships. Not part of `npm test`: timed runs are noisy.
//
// Pass-through environment: BENCH_MARKETS, BENCH_SEED, BENCH_TICKS (see the benchmark file).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const benches = ['sdk/bench/oddsmatcher.bench.ts'];
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
