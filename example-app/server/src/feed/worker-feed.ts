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

/** Messages to the thread. */
export type ToSimWorker = { readonly type: 'start' } | { readonly type: 'tick'; readonly now: number } | { readonly type: 'stop' };

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
  /** The clock the feed's first state is taken at (and, stepped, each tick's instant). */
  readonly clock: Clock;
  /** The thread's code: server/dist/sim-worker.js in the built server. */
  readonly worker: URL;
  /** Stepped by `tick()` rather than by a timer (as createSteppedFeed). */
  readonly stepped?: boolean;
  /** Told of a thread that failed or stopped unasked, before it is started again. */
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
}

const RESTART_MOST_MS = 30_000;

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
        pause = options.restartAfterMs ?? 1000;
        markReady();
        if (started && !stepped) worker.postMessage({ type: 'start' } satisfies ToSimWorker);
        return;
      }
      let next: FeedSnapshot;
      const patch = JSON.parse(message.json) as FeedPatch;
      try {
        next = message.type === 'jump' ? (JSON.parse(message.snapshot) as FeedSnapshot) : applyPatch(snapshot, patch);
      } catch (error) {
        // A patch that does not follow what this thread holds (never, as both step the same
        // simulation): this thread's snapshot stands, and a new feed thread is built at its seq.
        onError(error);
        thread = null;
        void worker.terminate();
        if (!stopped) spawn();
        return;
      }
      snapshot = next;
      emit(patch);
    });
    worker.on('error', (error) => {
      if (worker === thread) onError(error);
    });
    worker.on('exit', (code) => {
      if (worker !== thread || stopped) return;
      thread = null;
      onError(new Error(`the simulated feed's thread stopped (exit code ${code}); starting it again in ${pause} ms`));
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (!stopped) spawn();
      }, pause);
      restartTimer.unref();
      pause = Math.min(RESTART_MOST_MS, pause * 2);
    });
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
      if (!stepped) thread?.postMessage({ type: 'start' } satisfies ToSimWorker);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(restartTimer);
      const worker = thread;
      thread = null;
      void worker?.terminate();
    },
    tick() {
      if (!stepped) throw new Error('tick(): only a stepped worker feed is stepped by hand');
      thread?.postMessage({ type: 'tick', now: options.clock() } satisfies ToSimWorker);
    },
  };
}
