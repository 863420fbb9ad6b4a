// The simulated feed's own thread (worker-feed.ts starts it): the feed steps here, off the thread
// that serves members, and each patch goes to the main thread, which applies it to the snapshot it
// holds. Built as its own entry (server/dist/sim-worker.js, build.mjs).
//
// Timed, it steps on its own timer to the real clock's tick, through every tick it is behind up to
// CATCH_UP_MOST (building the feed takes about as long as 5 ticks at 600 events, so a thread that
// has just started is a few ticks behind, and stepping them costs less than sending a snapshot);
// further behind (the process was paused), it jumps, with the snapshot.
import { parentPort, workerData } from 'node:worker_threads';
import { createSteppedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import type { SimWorkerData, FromSimWorker, ToSimWorker } from './worker-feed';

/** The most ticks a timed thread steps through, every patch sent, to reach the clock's tick. */
const CATCH_UP_MOST = 50;

const port = parentPort;
if (port === null) throw new Error('sim-worker.ts runs as a worker thread (worker-feed.ts starts it)');
const data = workerData as SimWorkerData;

const instantOf = (seq: number) => data.origin + seq * data.intervalMs;
let now = instantOf(data.seq);
/** The feed at `seq`, on a clock this thread sets. */
const feedAt = (seq: number): SimulatedFeed => {
  now = instantOf(seq);
  const built = createSteppedFeed({
    seed: data.seed,
    intervalMs: data.intervalMs,
    origin: data.origin,
    clock: () => now,
    ...(data.eventCount === undefined ? {} : { eventCount: data.eventCount }),
  });
  if (built.seq !== seq) throw new Error(`the simulated feed's thread built seq ${built.seq}, not ${seq}`);
  return built;
};
// Built at the main thread's seq (an instant within its tick), so both hold the same snapshot.
let feed = feedAt(data.seq);

/** One patch after the one before (as JSON text: the main thread parses it faster than it would clone the records). */
const step = () => {
  now += data.intervalMs;
  port.postMessage({ type: 'patch', json: JSON.stringify(feed.tick()) } satisfies FromSimWorker);
};

let timer: ReturnType<typeof setInterval> | undefined;
const sync = () => {
  const target = feed.tickAt(Date.now());
  if (target - feed.seq <= CATCH_UP_MOST) {
    while (feed.seq < target) step();
    return;
  }
  // Too far behind: the feed at the tick before the clock's, then one patch to it, with its snapshot.
  feed = feedAt(target - 1);
  now += data.intervalMs;
  const patch = feed.tick();
  port.postMessage({ type: 'jump', json: JSON.stringify(patch), snapshot: JSON.stringify(feed.snapshot()) } satisfies FromSimWorker);
};

port.on('message', (message: ToSimWorker) => {
  if (message.type === 'start' && !data.stepped && timer === undefined) {
    sync();
    timer = setInterval(sync, data.intervalMs);
  } else if (message.type === 'tick' && data.stepped) step();
});
port.postMessage({ type: 'ready', seq: feed.seq } satisfies FromSimWorker);
