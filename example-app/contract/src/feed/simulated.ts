// A deterministic simulated odds feed: football, horse racing and golf, bookmaker and exchange
// prices with every concession the sdk's finder engines read. The market at tick n is a pure
// function of the options and n, computed with integer arithmetic and correctly rounded IEEE operations
// (+ − × ÷ √) only, so every process that shares the options serialises the same bytes at the same tick.
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import type { FeedPatch, FeedSnapshot } from '@matchkit/sdk/feed';
import type { ExchangePrice, MarketSnapshot } from '@matchkit/sdk/matching';
import { MAX_CATCH_UP, MIN_INTERVAL_MS, type SimulatedFeedOptions, resolve } from './options';
import { div } from './random';
import type { FeedSource } from './source';
import { Simulation } from './ticks';

/** The simulated feed: a {@link FeedSource} that tests can step by hand. */
export interface SimulatedFeed extends FeedSource {
  /** Always true: these prices are simulated. */
  readonly simulated: true;
  /** The seed. */
  readonly seed: number;
  /** Milliseconds between ticks. */
  readonly intervalMs: number;
  /** Epoch milliseconds of tick 0. */
  readonly origin: number;
  /** The current sequence number (the current tick). */
  readonly seq: number;
  /** Advances exactly one tick, emits the patch to every listener and returns it. */
  tick(): FeedPatch;
  /** The snapshot at any tick (pure: does not move the feed). */
  snapshotAt(seq: number): FeedSnapshot;
  /** The patch from tick `seq − 1` to `seq` (pure: does not move the feed). */
  patchAt(seq: number): FeedPatch;
  /** The tick of an instant, floor((ms − origin) / intervalMs). */
  tickAt(ms: number): number;
}

/** The most ticks the feed steps through without patches to reach the state it jumps from. */
const QUIET_STEPS = 30;

/**
 * A deterministic simulated odds feed (football, horse racing, golf) behind {@link FeedSource}.
 * The snapshot at tick n is a pure function of the options and n (`seq` is the tick), so several
 * processes with the same options agree; patches carry only what changed.
 *
 * @param options - the seed, the clock and the sizes
 * @returns the feed, at the tick of `clock()`
 * @throws MatchkitValidationError naming each bad option (`intervalMs` below 200 among them)
 *
 * @example
 * ```ts
 * const feed = createSimulatedFeed({ seed: 7, clock: Date.now });
 * const stop = feed.onPatch((p) => publish(p));
 * feed.start();
 * ```
 */
export function createSimulatedFeed(options: SimulatedFeedOptions): SimulatedFeed {
  return simulatedFeed(options, true);
}

/** The fewest milliseconds between two ticks of {@link createSteppedFeed}. */
export const MIN_STEPPED_INTERVAL_MS = 10;

/**
 * The simulated feed without a timer, for a caller that steps it by hand with `tick()` on a clock
 * it controls (a benchmark sending 10 patches a second, each 100 ms of market time): `intervalMs`
 * may go down to {@link MIN_STEPPED_INTERVAL_MS}, and `start()` starts nothing. Same options and
 * the same market as {@link createSimulatedFeed} at the same instants; the product's feed keeps
 * its timer and its floor of 200 ms.
 *
 * @param options - as {@link createSimulatedFeed}'s, `intervalMs` from 10
 * @returns the feed, at the tick of `clock()`; only `tick()` moves it
 * @throws MatchkitValidationError naming each bad option
 *
 * @example
 * ```ts
 * let now = Date.now();
 * const feed = createSteppedFeed({ seed: 7, clock: () => now, intervalMs: 100 });
 * now += feed.intervalMs;
 * feed.tick(); // 100 ms of market time
 * ```
 */
export function createSteppedFeed(options: SimulatedFeedOptions): SimulatedFeed {
  return simulatedFeed(options, false);
}

function simulatedFeed(options: SimulatedFeedOptions, timed: boolean): SimulatedFeed {
  const { now, ...config } = resolve(options, timed ? MIN_INTERVAL_MS : MIN_STEPPED_INTERVAL_MS);
  const sim = new Simulation(config);
  const clock = options.clock;
  const onListenerError =
    options.onListenerError ??
    ((error: unknown) => {
      console.error('simulated feed: a patch listener failed', error);
    });
  const tickAt = (ms: number) => div(ms - config.origin, config.intervalMs);
  const listeners = new Set<(p: FeedPatch) => void>();
  let state = sim.state(tickAt(now));
  let timer: ReturnType<typeof setInterval> | undefined;

  const checkSeq = (n: number, least: number) => {
    if (!Number.isSafeInteger(n) || n < least) {
      throw new MatchkitValidationError('simulated feed tick', [
        { path: 'seq', message: `must be a whole number at least ${least}, received ${String(n)}` },
      ]);
    }
  };
  const emit = (patch: FeedPatch) => {
    for (const listener of [...listeners]) {
      try {
        listener(patch);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  const tick = (): FeedPatch => {
    const next = sim.step(state);
    state = next.state;
    emit(next.patch);
    return next.patch;
  };
  /**
   * Catches up with the clock. A timer firing a little early or late leaves the feed a tick or
   * two behind: it steps through them (every patch sent, no gap). Further behind (the process was
   * paused), it jumps to the clock's tick with one patch: listeners behind it see a gap and resync.
   * The state it jumps from is stepped to without a patch when that is nearer than building it
   * from nothing (which re-prices every record, about as long as 40 steps): the same state.
   */
  const sync = () => {
    const target = tickAt(clock());
    if (target <= state.seq) return;
    if (target - state.seq <= MAX_CATCH_UP) {
      while (state.seq < target) tick();
      return;
    }
    let from = target - state.seq <= QUIET_STEPS ? state : sim.state(target - 1);
    while (from.seq < target - 1) from = sim.step(from).state;
    const next = sim.step(from);
    state = next.state;
    emit(next.patch);
  };

  return {
    simulated: true,
    seed: config.seed,
    intervalMs: config.intervalMs,
    origin: config.origin,
    get seq() {
      return state.seq;
    },
    snapshot: () => state.snapshot,
    health: () => [],
    onPatch(listener) {
      if (typeof listener !== 'function') {
        throw new MatchkitValidationError('simulated feed listener', [{ path: 'listener', message: 'must be a function' }]);
      }
      const own = (p: FeedPatch) => listener(p);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    start() {
      if (!timed || timer !== undefined) return;
      timer = setInterval(sync, config.intervalMs);
      (timer as { unref?: () => void }).unref?.();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
    },
    tick,
    snapshotAt(n) {
      checkSeq(n, 0);
      return n === state.seq ? state.snapshot : new Simulation(config).state(n).snapshot;
    },
    patchAt(n) {
      checkSeq(n, 1);
      const fresh = new Simulation(config);
      return fresh.step(fresh.state(n - 1)).patch;
    },
    tickAt,
  };
}

/**
 * The exchange prices of an earlier snapshot whose runners are still listed now: the `earlier`
 * input of the sdk's steam chaser (`findSteamers`), which refuses prices of unknown runners.
 */
export function steamBaseline(now: MarketSnapshot, earlier: MarketSnapshot): ExchangePrice[] {
  const runners = new Set<string>();
  for (const m of now.markets) for (const r of m.runners) runners.add(r.id);
  return earlier.exchangePrices.filter((p) => runners.has(p.selectionId));
}
