// The simulated feed stepped on a thread of its own (sim-worker.ts), so that the thread serving
// members spends nothing on the simulation: at 600 events a step is about 15 to 30 ms of CPU every
// patch, a fifth of the main thread's work when 1,000 members follow the feed (docs/performance.md).
//
// The main thread holds the snapshot: it builds the feed's state at the clock's tick once, as the
// in-thread feed does (so snapshot() answers from the first moment), starts the thread at that same
// seq (the simulation is a pure function of its options and the tick, so both hold the same
// snapshot), and then applies each patch the thread sends with the sdk's applyPatch before telling
// its listeners. A jump (the thread was paused beyond the feed's catch-up) comes with the snapshot
// it leads to. A thread that dies is started again at the seq the main thread holds, after a pause
// that doubles from 1 s to 30 s while it keeps dying; the feed's patches stop meanwhile, and the
// error is logged.
import { Worker } from 'node:worker_threads';
import { applyPatch, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
import { createSimulatedFeed, createSteppedFeed, type FeedSource } from '@matchkit/app-contract/feed';
import type { Clock } from '../clock';

/** What the thread is started with (its `workerData`). */
export interface SimWorkerData {
  readonly seed: number;
  readonly intervalMs: number;
  /** The feed's size; undefined for its default. */
  readonly eventCount: number | undefined;
  readonly origin: number;
  /** The seq to build the feed at: the main thread's. */
  readonly seq: number;
  /** Stepped by `tick` messages (a benchmark's clock) rather than by its own timer on the real clock. */
  readonly stepped: boolean;
}

/** Messages to the thread: start its timer (timed), or step one tick (stepped). */
export type ToSimWorker = { readonly type: 'start' } | { readonly type: 'tick' };

/** Messages from the thread. */
export type FromSimWorker =
  | { readonly type: 'ready'; readonly seq: number }
  /** The patch as JSON. */
  | { readonly type: 'patch'; readonly json: string }
  /** The patch as JSON, and the JSON of the snapshot it leads to. */
  | { readonly type: 'jump'; readonly json: string; readonly snapshot: string };

/** Options of {@link createWorkerFeed}: the simulated feed's, and where the thread's code is. */
export interface WorkerFeedOptions {
  readonly seed: number;
  readonly intervalMs?: number;
  readonly eventCount?: number;
  readonly origin?: number;
  /**
   * The clock the feed's first state is taken at. Once started, a timed feed's thread steps to the
   * system clock's tick (a worker thread cannot read this thread's clock): give the system clock.
   */
  readonly clock: Clock;
  /** The thread's code: server/dist/sim-worker.js in the built server. */
  readonly worker: URL;
  /** Stepped by `tick()` rather than by a timer (as createSteppedFeed). */
  readonly stepped?: boolean;
  /** Told of a thread that failed or stopped unasked (and of a listener that threw). */
  readonly onError?: (error: unknown) => void;
  /** The first pause before a dead thread is started again, milliseconds (default 1,000; doubles to 30,000). */
  readonly restartAfterMs?: number;
}

/** The simulated feed on its own thread. */
export interface WorkerFeed extends FeedSource {
  readonly simulated: true;
  /** The seq of the snapshot held. */
  readonly seq: number;
  /** Milliseconds between ticks. */
  readonly intervalMs: number;
  /** A stepped feed: asks the thread for the next tick (its patch reaches the listeners when it comes back). */
  tick(): void;
  /** Resolves once the thread has built its feed (its first patch follows the next tick). */
  readonly ready: Promise<void>;
  /** For tests: the thread now running, to end it as a crash would. */
  readonly thread: () => Worker | null;
  /** Whether the feed has fallen back to stepping on this thread (its own would not start). */
  readonly onMainThread: boolean;
}

const RESTART_MOST_MS = 30_000;
/** Threads that die in a row before sending a patch, after which the feed steps on this thread. */
const FAILED_STARTS_MOST = 3;

/** The simulated feed, stepped on a worker thread; the snapshot held and the listeners told on this one. */
export function createWorkerFeed(options: WorkerFeedOptions): WorkerFeed {
  const stepped = options.stepped === true;
  const simOptions = {
    seed: options.seed,
    clock: options.clock,
    ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    ...(options.eventCount === undefined ? {} : { eventCount: options.eventCount }),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
  // The options checked and the first state built here, as the in-thread feed would.
  const local = stepped ? createSteppedFeed(simOptions) : createSimulatedFeed(simOptions);
  const intervalMs = local.intervalMs;
  const origin = local.origin;
  let snapshot: FeedSnapshot = local.snapshot();
  const listeners = new Set<(p: FeedPatch) => void>();
  let started = false;
  let stopped = false;
  let thread: Worker | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let pause = options.restartAfterMs ?? 1000;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error('simulated feed thread', error);
    });

  const emit = (patch: FeedPatch) => {
    for (const listener of [...listeners]) {
      try {
        listener(patch);
      } catch (error) {
        onError(error);
      }
    }
  };

  /** Threads that died (or were ended) since the last one sent a patch. */
  let failedStarts = 0;
  /** The feed stepped on this thread, once its own would not start (null until then). */
  let fallback: ReturnType<typeof createSimulatedFeed> | null = null;

  /** Ends `worker` (it failed), and starts another after the pause, or falls back to this thread. */
  const failed = (worker: Worker, why: unknown) => {
    if (worker !== thread || stopped) return;
    thread = null;
    void worker.terminate();
    failedStarts += 1;
    if (failedStarts >= FAILED_STARTS_MOST) {
      onError(
        new Error(
          `the simulated feed's thread failed ${failedStarts} times without a patch (${String(why)}): stepping the feed on the main thread`,
          { cause: why },
        ),
      );
      stepHere();
      return;
    }
    onError(new Error(`the simulated feed's thread stopped (${String(why)}); starting it again in ${pause} ms`, { cause: why }));
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!stopped) spawn();
    }, pause);
    restartTimer.unref();
    pause = Math.min(RESTART_MOST_MS, pause * 2);
  };

  /** The feed stepped on this thread from now on, at the clock's tick (listeners see a gap, and resync). */
  const stepHere = () => {
    const here = stepped ? createSteppedFeed(simOptions) : createSimulatedFeed(simOptions);
    fallback = here;
    snapshot = here.snapshot();
    here.onPatch((patch) => {
      snapshot = here.snapshot();
      emit(patch);
    });
    markReady();
    if (started) here.start();
  };

  const spawn = () => {
    const data: SimWorkerData = {
      seed: options.seed,
      intervalMs,
      origin,
      eventCount: options.eventCount,
      seq: snapshot.seq,
      stepped,
    };
    const worker = new Worker(options.worker, { workerData: data });
    worker.unref();
    thread = worker;
    worker.on('message', (message: FromSimWorker) => {
      if (worker !== thread) return;
      if (message.type === 'ready') {
        markReady();
        if (started && !stepped) worker.postMessage({ type: 'start' } satisfies ToSimWorker);
        return;
      }
      let patch: FeedPatch;
      let next: FeedSnapshot;
      try {
        patch = JSON.parse(message.json) as FeedPatch;
        next = message.type === 'jump' ? (JSON.parse(message.snapshot) as FeedSnapshot) : applyPatch(snapshot, patch);
      } catch (error) {
        // A patch that does not follow what this thread holds (never, as both step the same
        // simulation): the snapshot held stands, and the thread is ended as a failed one.
        failed(worker, error);
        return;
      }
      // A thread that sends patches has started well: the next failure waits the first pause again.
      failedStarts = 0;
      pause = options.restartAfterMs ?? 1000;
      snapshot = next;
      emit(patch);
    });
    // An error ends the thread ('exit' follows): told once, by the exit.
    let error: unknown = null;
    worker.on('error', (e) => (error = e));
    worker.on('exit', (code) => failed(worker, error ?? `exit code ${code}`));
  };
  spawn();

  return {
    simulated: true,
    intervalMs,
    get seq() {
      return snapshot.seq;
    },
    ready,
    thread: () => thread,
    get onMainThread() {
      return fallback !== null;
    },
    snapshot: () => snapshot,
    health: () => [],
    onPatch(listener) {
      const own = (p: FeedPatch) => listener(p);
      listeners.add(own);
      return () => {
        listeners.delete(own);
      };
    },
    start() {
      if (started || stopped) return;
      started = true;
      fallback?.start();
      if (!stepped) thread?.postMessage({ type: 'start' } satisfies ToSimWorker);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(restartTimer);
      fallback?.stop();
      const worker = thread;
      thread = null;
      void worker?.terminate();
    },
    tick() {
      if (!stepped) throw new Error('tick(): only a stepped worker feed is stepped by hand');
      if (fallback !== null) fallback.tick();
      else thread?.postMessage({ type: 'tick' } satisfies ToSimWorker);
    },
  };
}
