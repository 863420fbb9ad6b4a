// The simulated feed's own thread (worker-feed.ts starts it): the feed steps here, off the thread
// that serves members, and each patch goes to the main thread, which applies it to the snapshot it
// holds. Built as its own entry (server/dist/sim-worker.js, build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { createSimulatedFeed, createSteppedFeed } from '@matchkit/app-contract/feed';
import type { SimWorkerData, FromSimWorker, ToSimWorker } from './worker-feed';

const port = parentPort;
if (port === null) throw new Error('sim-worker.ts runs as a worker thread (worker-feed.ts starts it)');
const data = workerData as SimWorkerData;

// Built at the main thread's seq (an instant within its tick), so both hold the same snapshot; once
// started, a timed feed reads the real clock and steps through every tick it is behind.
let now = data.origin + data.seq * data.intervalMs;
let released = false;
const clock = () => (released && !data.stepped ? Date.now() : now);
const options = {
  seed: data.seed,
  intervalMs: data.intervalMs,
  origin: data.origin,
  clock,
  ...(data.eventCount === undefined ? {} : { eventCount: data.eventCount }),
};
const feed = data.stepped ? createSteppedFeed(options) : createSimulatedFeed(options);
if (feed.seq !== data.seq) throw new Error(`the simulated feed's thread started at seq ${feed.seq}, not ${data.seq}`);

let last = feed.seq;
feed.onPatch((patch) => {
  // A patch after the one before it; or a jump (the thread was paused past the feed's catch-up),
  // with the snapshot it leads to, which the main thread takes whole. As JSON text: the main
  // thread parses it in a fraction of what cloning the records one by one takes there.
  const message: FromSimWorker =
    patch.seq === last + 1
      ? { type: 'patch', json: JSON.stringify(patch) }
      : { type: 'jump', json: JSON.stringify(patch), snapshot: JSON.stringify(feed.snapshot()) };
  last = patch.seq;
  port.postMessage(message);
});

port.on('message', (message: ToSimWorker) => {
  if (message.type === 'start') {
    released = true;
    feed.start();
  } else if (message.type === 'tick') {
    now = message.now;
    feed.tick();
  } else if (message.type === 'stop') {
    feed.stop();
    port.close();
  }
});
port.postMessage({ type: 'ready', seq: feed.seq } satisfies FromSimWorker);
