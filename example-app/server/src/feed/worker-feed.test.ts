import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSteppedFeed } from '@matchkit/app-contract/feed';
import { FeedGapError, type FeedPatch } from '@matchkit/sdk/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServerSource } from '../../../../scripts/server-from-source.mjs';
import { createWorkerFeed, type WorkerFeed } from './worker-feed';

// The thread's code as the server's build makes it (build.mjs), here from the sources.
let dir = '';
let workerUrl: URL;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matchkit-sim-worker-'));
  const outfile = join(dir, 'sim-worker.mjs');
  await bundleServerSource(new URL('./sim-worker.ts', import.meta.url).pathname, outfile);
  workerUrl = pathToFileURL(outfile);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const START = Date.parse('2026-12-04T10:00:00Z');

/** The next patch the feed tells its listeners. */
function nextPatch(feed: WorkerFeed): Promise<FeedPatch> {
  return new Promise((resolve) => {
    const stop = feed.onPatch((p) => {
      stop();
      resolve(p);
    });
  });
}

describe('the simulated feed on its own thread (worker-feed.ts)', () => {
  it('law: stepped on its thread, it holds and tells exactly what the feed stepped on this thread does, tick by tick', async () => {
    for (const [seed, eventCount] of [
      [7, 12],
      [4_000_000_000, 40],
    ] as const) {
      let now = START + seed;
      const clock = () => now;
      const here = createSteppedFeed({ seed, clock, intervalMs: 100, eventCount });
      const there = createWorkerFeed({ seed, clock, intervalMs: 100, eventCount, worker: workerUrl, stepped: true });
      try {
        await there.ready;
        expect(there.snapshot()).toStrictEqual(here.snapshot());
        for (let i = 0; i < 25; i++) {
          now += 100;
          const told = nextPatch(there);
          there.tick();
          const expected = here.tick();
          // Strictly: no property on one side that is absent (or undefined) on the other.
          expect(await told).toStrictEqual(expected);
          expect(there.seq).toBe(here.seq);
          expect(there.snapshot()).toStrictEqual(here.snapshot());
        }
      } finally {
        there.stop();
      }
    }
  }, 60_000);

  it('timed, it follows the real clock with every patch in order, as the feed on this thread would', async () => {
    const clock = () => Date.now();
    const there = createWorkerFeed({ seed: 3, clock, intervalMs: 200, eventCount: 10, worker: workerUrl });
    const seqs: number[] = [];
    there.onPatch((p) => seqs.push(p.seq));
    const first = there.seq;
    try {
      there.start();
      await there.ready;
      for (let i = 0; i < 100 && seqs.length < 4; i++) await new Promise((r) => setTimeout(r, 50));
      expect(seqs.length).toBeGreaterThanOrEqual(4);
      expect(seqs).toEqual(seqs.map((_, i) => first + 1 + i));
      // What it holds is the feed at that tick, built from nothing.
      const fresh = createSteppedFeed({ seed: 3, clock, intervalMs: 200, eventCount: 10 });
      expect(there.snapshot()).toEqual(fresh.snapshotAt(there.seq));
    } finally {
      there.stop();
    }
  }, 30_000);

  it('keeps what it holds when a thread sends a patch that does not follow it; after three such threads, steps the feed on this thread', async () => {
    // A thread that answers a tick with a patch five seqs ahead.
    const liar = join(dir, 'liar.mjs');
    writeFileSync(
      liar,
      `import { parentPort, workerData } from 'node:worker_threads';
const empty = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
parentPort.postMessage({ type: 'ready', seq: workerData.seq });
parentPort.on('message', (m) => {
  if (m.type === 'tick') parentPort.postMessage({ type: 'patch', json: JSON.stringify({ seq: workerData.seq + 5, at: 0, upserts: empty, removes: empty }) });
});`,
    );
    let now = START;
    const clock = () => now;
    const errors: unknown[] = [];
    const told: FeedPatch[] = [];
    const feed = createWorkerFeed({
      seed: 2,
      clock,
      intervalMs: 100,
      eventCount: 10,
      worker: pathToFileURL(liar),
      stepped: true,
      restartAfterMs: 10,
      onError: (e) => errors.push(e),
    });
    feed.onPatch((p) => told.push(p));
    const here = createSteppedFeed({ seed: 2, clock, intervalMs: 100, eventCount: 10 });
    try {
      await feed.ready;
      const held = feed.snapshot();
      for (let round = 1; round <= 3; round++) {
        // Each liar in turn: its patch refused, the snapshot held kept.
        for (let i = 0; i < 200 && (feed.thread() === null || errors.length >= round); i++) await new Promise((r) => setTimeout(r, 10));
        if (feed.onMainThread) break;
        feed.tick();
        for (let i = 0; i < 200 && errors.length < round; i++) await new Promise((r) => setTimeout(r, 10));
        expect((errors[round - 1] as Error).cause).toBeInstanceOf(FeedGapError);
        expect(told).toEqual([]);
        // The same object while threads are tried; the same snapshot, built here, once it falls back.
        if (feed.onMainThread) expect(feed.snapshot()).toStrictEqual(held);
        else expect(feed.snapshot()).toBe(held);
      }
      expect(feed.onMainThread).toBe(true);
      expect(String(errors.at(-1))).toMatch(/failed 3 times without a patch/);
      // From now on stepped here, from the clock's tick: exactly the feed stepped on this thread.
      now += 100;
      feed.tick();
      expect(told.at(-1)).toStrictEqual(here.tick());
      expect(feed.snapshot()).toStrictEqual(here.snapshot());
    } finally {
      feed.stop();
    }
  });

  it("timed and far behind the clock (a paused process), jumps to the clock's tick with the snapshot, which it then holds", async () => {
    // The first state taken a minute ago (300 ticks of 200 ms): past the thread's catch-up of 50.
    const minuteAgo = Date.now() - 60_000;
    const feed = createWorkerFeed({ seed: 5, clock: () => minuteAgo, intervalMs: 200, eventCount: 10, worker: workerUrl });
    const told: FeedPatch[] = [];
    feed.onPatch((p) => told.push(p));
    const first = feed.seq;
    try {
      feed.start();
      for (let i = 0; i < 200 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      const jump = told[0] as FeedPatch;
      expect(jump.seq).toBeGreaterThan(first + 250);
      const fresh = createSteppedFeed({ seed: 5, clock: () => minuteAgo, intervalMs: 200, eventCount: 10 });
      expect(feed.snapshot().seq).toBeGreaterThanOrEqual(jump.seq);
      expect(feed.snapshot()).toStrictEqual(fresh.snapshotAt(feed.snapshot().seq));
    } finally {
      feed.stop();
    }
  }, 30_000);

  it('starts a thread that died again at the seq it holds, and goes on with no gap', async () => {
    let now = START;
    const clock = () => now;
    const errors: unknown[] = [];
    const here = createSteppedFeed({ seed: 9, clock, intervalMs: 100, eventCount: 10 });
    const there = createWorkerFeed({
      seed: 9,
      clock,
      intervalMs: 100,
      eventCount: 10,
      worker: workerUrl,
      stepped: true,
      restartAfterMs: 10,
      onError: (error) => errors.push(error),
    });
    try {
      await there.ready;
      now += 100;
      const told = nextPatch(there);
      there.tick();
      expect(await told).toEqual(here.tick());
      const dead = there.thread();
      await dead?.terminate();
      for (let i = 0; i < 100 && (there.thread() === null || there.thread() === dead); i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors.map(String).join('\n')).toMatch(/stopped \(exit code 1\)/);
      // Ticks wait for the new thread (sent before it listens, they are queued): each patch the next.
      for (let i = 0; i < 100 && there.thread() === null; i++) await new Promise((r) => setTimeout(r, 20));
      for (let i = 0; i < 3; i++) {
        now += 100;
        const next = nextPatch(there);
        there.tick();
        expect(await next).toStrictEqual(here.tick());
        expect(there.snapshot()).toStrictEqual(here.snapshot());
      }
    } finally {
      there.stop();
    }
  }, 30_000);
});
