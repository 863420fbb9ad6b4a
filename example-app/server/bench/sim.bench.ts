// `npm run bench:server -- sim`: the simulated feed's step (`tick()`, every event re-priced and the
// patch built) in milliseconds per tick, p50 and p95, at 60, 600 and 1,000 events (SIM_EVENTS,
// comma-separated), against a baseline measured in the same run: the feed's sources at SIM_BASE (a
// git commit, default the last one before the step was made incremental), taken with `git archive`
// and bundled with esbuild to a temporary directory. Both run in this one process (one thread, so
// one core), in turn, on the same seed and ticks; the run also checks that both emit the same
// patches byte for byte when the baseline prices the same market (from MODEL_SINCE on), and
// otherwise every 25th patch of the step against the same patch made from a state priced from
// nothing (patchAt). Prints figures and the load average; it is not a test.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type SimulatedFeedOptions, createSimulatedFeed, createSteppedFeed } from '@matchkit/app-contract/feed';
import type { FeedPatch } from '@matchkit/sdk/feed';
import { build } from 'esbuild';

/** The feed's sources before the incremental step (issue 24). */
const BASE = process.env['SIM_BASE'] ?? '1defc3e';
/**
 * The commit from which each event has its own bookmaker refresh phase (docs/feed.md): a baseline
 * before it prices a different market, so its patches are not compared byte for byte (the step's
 * equality with pricing from nothing is simulated.test.ts's law, at every tick).
 */
const MODEL_SINCE = 'fbd887dcdad04d832179587a491f072cd9537039';
const EVENT_COUNTS = (process.env['SIM_EVENTS'] ?? '60,600,1000').split(',').map((text) => {
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 10 || n > 1000)
    throw new Error(`SIM_EVENTS: each entry must be a whole number from 10 to 1000, not "${text}"`);
  return n;
});
const TICKS = Number(process.env['SIM_TICKS'] ?? 300);
const WARM_UP = 20;
/**
 * SIM_INTERVAL_MS: the market time a tick moves (default: the feed's own default). Under the public
 * feed's 200 ms floor (the fan-out bench ticks every 100 ms) both sides run the stepped feed.
 */
const INTERVAL_MS = process.env['SIM_INTERVAL_MS'] === undefined ? undefined : Number(process.env['SIM_INTERVAL_MS']);
if (INTERVAL_MS !== undefined && (!Number.isInteger(INTERVAL_MS) || INTERVAL_MS < 1))
  throw new Error(`SIM_INTERVAL_MS: a whole number of milliseconds, not "${process.env['SIM_INTERVAL_MS']}"`);
const STEPPED = INTERVAL_MS !== undefined && INTERVAL_MS < 200;
const SEED = 7;
/** 12:00 London time on a Saturday: football, racing and golf all listed. */
const START = Date.UTC(2026, 5, 6, 11, 0, 0);

type Create = (options: SimulatedFeedOptions) => { tick(): FeedPatch };

/** The baseline's createSimulatedFeed, bundled from the sources at `ref`. */
async function baseline(ref: string): Promise<Create> {
  const root = join(process.cwd(), '..');
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-sim-bench-'));
  try {
    const tar = execFileSync('git', ['-C', root, 'archive', ref, 'example-app/contract/src/feed']);
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const plugin = (await import(pathToFileURL(join(root, 'scripts/sdk-from-source.mjs')).href)) as { sdkFromSource: () => never };
    const outfile = join(dir, 'baseline.mjs');
    await build({
      entryPoints: [join(dir, 'example-app/contract/src/feed/index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
      plugins: [plugin.sdkFromSource()],
    });
    const mod = (await import(pathToFileURL(outfile).href)) as { createSimulatedFeed: Create; createSteppedFeed?: Create };
    if (!STEPPED) return mod.createSimulatedFeed;
    if (mod.createSteppedFeed === undefined)
      throw new Error(`SIM_INTERVAL_MS under 200 needs a baseline with createSteppedFeed; ${ref} has none`);
    return mod.createSteppedFeed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Each timed tick's wall and CPU milliseconds (the process's CPU, the garbage collector's threads
 * included: on a loaded machine the wall time is mostly waiting for a core), and a digest of every
 * patch's JSON (not the JSON: hundreds of megabytes kept would slow the collector of the next run).
 */
function run(create: Create, eventCount: number): { wall: number[]; cpu: number[]; patches: string[]; seqs: number[]; bytes: number } {
  const feed = create({ seed: SEED, clock: () => START, eventCount, ...(INTERVAL_MS === undefined ? {} : { intervalMs: INTERVAL_MS }) });
  const wall: number[] = [];
  const cpu: number[] = [];
  const patches: string[] = [];
  const seqs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UP + TICKS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const patch = feed.tick();
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    if (i >= WARM_UP) {
      wall.push(t1 - t0);
      cpu.push((c1.user + c1.system) / 1000);
    }
    const text = JSON.stringify(patch);
    bytes += text.length;
    patches.push(createHash('sha256').update(text).digest('hex'));
    seqs.push(patch.seq);
  }
  return { wall, cpu, patches, seqs, bytes };
}

/** p50 and p95 of both runs and their ratios (baseline over now). */
function line(label: string, now: number[], base: number[]): string {
  const a = now.slice().sort((x, y) => x - y);
  const b = base.slice().sort((x, y) => x - y);
  const [a50, a95, b50, b95] = [percentile(a, 0.5), percentile(a, 0.95), percentile(b, 0.5), percentile(b, 0.95)];
  return `${label} now p50 ${fmt(a50)} ms, p95 ${fmt(a95)} ms; baseline p50 ${fmt(b50)}, p95 ${fmt(b95)}; ratio ${(b50 / a50).toFixed(1)}x, ${(b95 / a95).toFixed(1)}x`;
}

const fmt = (n: number) => n.toFixed(1);

/** How often the step's patch is compared with patchAt when the baseline prices another market. */
const PROBE_EVERY = 25;

/** Whether every PROBE_EVERY-th of `patches` (digests, at `seqs`) is the patch a fresh feed's patchAt makes. */
function probeSteps(eventCount: number, patches: readonly string[], seqs: readonly number[]): boolean {
  const create = STEPPED ? createSteppedFeed : createSimulatedFeed;
  const fresh = create({ seed: SEED, clock: () => START, eventCount, ...(INTERVAL_MS === undefined ? {} : { intervalMs: INTERVAL_MS }) });
  for (let i = 0; i < patches.length; i += PROBE_EVERY) {
    const text = JSON.stringify(fresh.patchAt(seqs[i] as number));
    if (createHash('sha256').update(text).digest('hex') !== patches[i]) return false;
  }
  return true;
}
const load = () =>
  loadavg()
    .slice(0, 1)
    .map((l) => l.toFixed(1))
    .join('');

const old = await baseline(BASE);
/** Whether the baseline prices the same market as now (it contains MODEL_SINCE); git's other failures stop the bench. */
const sameModel = (() => {
  const asked = spawnSync('git', ['-C', join(process.cwd(), '..'), 'merge-base', '--is-ancestor', MODEL_SINCE, BASE], { encoding: 'utf8' });
  if (asked.status === 0) return true;
  if (asked.status === 1) return false;
  throw new Error(
    `git merge-base --is-ancestor ${MODEL_SINCE} ${BASE}: ${asked.error?.message ?? (asked.stderr || `exit ${asked.status}`)}`,
  );
})();
console.log(
  `simulated feed step: ${TICKS} ticks of ${INTERVAL_MS ?? 'the default'} ms after ${WARM_UP} of warm-up, seed ${SEED}, baseline ${BASE}`,
);
for (const n of EVENT_COUNTS) {
  const loadBefore = load();
  const before = run(old, n);
  const after = run((STEPPED ? createSteppedFeed : createSimulatedFeed) as Create, n);
  const same = before.patches.length === after.patches.length && before.patches.every((p, i) => p === after.patches[i]);
  const bytes = after.bytes / after.patches.length;
  // A baseline of another market: every PROBE_EVERY-th patch of the step is checked against the
  // same patch made from a state priced from nothing (patchAt), on this market.
  const probed = sameModel ? same : probeSteps(n, after.patches, after.seqs);
  const compared = sameModel
    ? `patches identical: ${same ? 'yes' : 'NO'}`
    : `the baseline predates ${MODEL_SINCE} (each event's own refresh phase: another market), so every ${PROBE_EVERY}th patch is compared with patchAt instead: ${probed ? 'identical' : 'NOT identical'}; the baseline's times include whole-book refreshes this market no longer has`;
  console.log(`${String(n).padStart(4)} events (load ${loadBefore} to ${load()}), ${compared}, ${Math.round(bytes / 1000)} kB a patch`);
  console.log(line('       wall:', after.wall, before.wall));
  console.log(line('       CPU: ', after.cpu, before.cpu));
  if (!probed) process.exitCode = 1;
}
