// `npm run bench -- casino`: spins per second of the sdk's casino simulator on one core (one
// JavaScript thread), against the cheapest possible per-spin work in the same run. Not a test:
// timed runs are noisy.
//
// Measured, each imported from the sdk source:
// - the wagering simulator (`simulateWageringSync`: the Monte Carlo the app's /simulator runs
//   through `simulateWageringSteps`, the same generator) on the page's default offer: deposit £50,
//   bonus £50, 35x the bonus, £1 spins on the medium reference slot (1,750 spins a finished run);
// - the slot training session (`playSlotSpin`, the app's /slots page: one spin per call, which
//   validates the session, draws and returns a new frozen session);
// - `spin(slot, random)`, the exported single spin.
// Baselines, each making as many draws as the simulator spins: a bare loop of xoshiro128**
// (the simulator's generator, inlined: one 32-bit draw per spin and nothing else, the floor of
// any spin), and a loop of `Math.random()` calls.
//
// BENCH_ROUNDS rounds (default 7), each timing every measure once in a rotating order; printed:
// the median of the rounds and each measure's ratio to the bare draw loop (median of each round's
// ratio). BENCH_SPINS (default 3,000,000) is about how many spins the simulator and the baselines
// make per round; the session and `spin` make a fiftieth of that.
import { loadavg } from 'node:os';
import {
  createPrng,
  playSlotSpin,
  referenceSlot,
  simulateWageringSync,
  spin,
  startSlotSession,
  type WageringInput,
  type WageringResult,
} from '../src/casino/index';
import { collect, median, positiveInt, print } from './util';

/** The /simulator page's default offer. */
const OFFER: WageringInput = {
  depositPence: 5000,
  bonusPence: 5000,
  wageringMultiple: 35,
  wageringBase: 'bonus',
  stake: 100,
  slot: 'medium',
};
const SEED = 2025;

/** What each measure did in one timed call: how many spins (or draws) and a value that uses them. */
interface Timed {
  readonly spins: number;
  readonly ms: number;
  readonly check: number;
}

function time(work: () => { spins: number; check: number }): Timed {
  const t = performance.now();
  const { spins, check } = work();
  return { spins, check, ms: performance.now() - t };
}

/** `draws` outputs of xoshiro128** with its state in locals: the cheapest possible spin. */
function drawLoop(draws: number): { spins: number; check: number } {
  let s0 = 0x9e3779b9 | 0;
  let s1 = 0x243f6a88 | 0;
  let s2 = 0xb7e15162 | 0;
  let s3 = 0x6a09e667 | 0;
  let sum = 0;
  for (let i = 0; i < draws; i++) {
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    sum += result;
  }
  return { spins: draws, check: sum };
}

function mathRandomLoop(draws: number): { spins: number; check: number } {
  let sum = 0;
  for (let i = 0; i < draws; i++) sum += Math.random();
  return { spins: draws, check: sum };
}

async function main(): Promise<void> {
  const ROUNDS = positiveInt('BENCH_ROUNDS', 7);
  const SPINS = positiveInt('BENCH_SPINS', 3_000_000);
  const loadBefore = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

  // Size the simulation to about SPINS spins from a small run of the same offer.
  const probe = simulateWageringSync(OFFER, { runs: 200, seed: SEED });
  const runs = Math.max(1, Math.min(1_000_000, Math.round(SPINS / probe.meanSpins)));
  let first: WageringResult | undefined;
  const simulator = () => {
    const result = simulateWageringSync(OFFER, { runs, seed: SEED });
    first ??= result;
    // Seeded: every round must give the same result, bit for bit.
    if (result.meanFinalBalance !== first.meanFinalBalance || result.meanSpins !== first.meanSpins) {
      throw new Error('the simulator gave two results for one seed');
    }
    return { spins: Math.round(result.meanSpins * result.runs), check: result.meanFinalBalance };
  };
  const sessionSpins = Math.max(1, Math.round(SPINS / 50));
  const session = () => {
    let s = startSlotSession({ slot: 'medium', balancePence: 1e11, seed: SEED });
    for (let i = 0; i < sessionSpins; i++) s = playSlotSpin(s, 100);
    return { spins: s.spins, check: s.balancePence };
  };
  const slot = referenceSlot('medium');
  const single = () => {
    const random = createPrng(SEED);
    let sum = 0;
    for (let i = 0; i < sessionSpins; i++) sum += spin(slot, random).multiplier;
    return { spins: sessionSpins, check: sum };
  };
  const simulatorSpins = simulator().spins;
  const measures: { name: string; work: () => { spins: number; check: number } }[] = [
    { name: 'baseline: xoshiro128** draw loop', work: () => drawLoop(simulatorSpins) },
    { name: 'baseline: Math.random() loop', work: () => mathRandomLoop(simulatorSpins) },
    { name: 'simulateWageringSync', work: simulator },
    { name: 'playSlotSpin (slot session)', work: session },
    { name: 'spin(slot, random)', work: single },
  ];

  print(
    `casino benchmark: one thread, Node ${process.version}, load average ${loadBefore}; the /simulator default offer ` +
      `(deposit £50, bonus £50, 35x bonus, £1 spins, medium slot, seed ${SEED}): ${runs} runs, ${simulatorSpins} spins per round ` +
      `(finish probability ${(first as WageringResult).finishProbability.toFixed(3)}, mean final balance ` +
      `${((first as WageringResult).meanFinalBalance / 100).toFixed(2)} pounds)`,
  );
  print(`${ROUNDS} rounds after a warm-up, measures in a rotating order; slot session and spin(): ${sessionSpins} spins a round`);

  for (const m of measures) m.work(); // warm-up (the JIT)
  const rates: number[][] = measures.map(() => []);
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (let j = 0; j < measures.length; j++) {
      const i = (j + r) % measures.length;
      collect();
      const t = time((measures[i] as (typeof measures)[number]).work);
      sink += t.check;
      (rates[i] as number[]).push(t.spins / (t.ms / 1000));
    }
  }
  if (!Number.isFinite(sink)) throw new Error('a measure returned a value that is not finite');

  const base = rates[0] as number[];
  const pad = Math.max(...measures.map((m) => m.name.length));
  print('');
  print(`${'measure'.padEnd(pad)} | ${'spins (draws) per s'.padStart(19)} | ${'ns per spin'.padStart(11)} | ratio to the draw loop`);
  print(`${'-'.repeat(pad)}-|-${'-'.repeat(19)}-|-${'-'.repeat(11)}-|-${'-'.repeat(22)}`);
  const ratioTo = (i: number, j: number) => median((rates[i] as number[]).map((x, k) => x / ((rates[j] as number[])[k] as number)));
  const ratioOf = (i: number) => ratioTo(i, 0);
  measures.forEach((m, i) => {
    const rate = median(rates[i] as number[]);
    print(
      `${m.name.padEnd(pad)} | ${(rate / 1e6).toFixed(2).padStart(15)} M/s | ${(1e9 / rate).toFixed(1).padStart(11)} | ` +
        `${i === 0 ? '1' : ratioOf(i).toFixed(i >= 3 ? 4 : 2)}`,
    );
  });
  print('');
  print(
    `casino: simulator ${(median(rates[2] as number[]) / 1e6).toFixed(1)} M spins/s on one thread, ` +
      `${ratioOf(2).toFixed(2)} of the bare draw loop (${(median(base) / 1e6).toFixed(0)} M draws/s) and ` +
      `${ratioTo(2, 1).toFixed(2)} of Math.random() calls; ` +
      `slot session ${(median(rates[3] as number[]) / 1e3).toFixed(0)} k spins/s; load average after ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
}

await main();
