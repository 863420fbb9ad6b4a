// Test helpers of the feed's tests (not exported from the subpath): a fake server that holds the
// feed's state and its patches, a manual frame scheduler, and small markets.
import type { MarketSnapshot } from '../matching/model';
import { applyPatch, diffMarkets, type FeedPatch, type FeedSnapshot } from './contract';
import type { FrameScheduler, LiveFeedSource, PatchSink } from './live';

/** A frame scheduler whose frames run when the test says. */
export function manualFrames(): { schedule: FrameScheduler; run(): boolean; readonly pending: number; readonly asked: number } {
  const queue: (() => void)[] = [];
  let asked = 0;
  return {
    schedule(callback) {
      asked += 1;
      queue.push(callback);
      return () => {
        const at = queue.indexOf(callback);
        if (at >= 0) queue.splice(at, 1);
      };
    },
    run() {
      const next = queue.shift();
      next?.();
      return next !== undefined;
    },
    get pending() {
      return queue.length;
    },
    get asked() {
      return asked;
    },
  };
}

/** A snapshot request the test answers when it likes. */
export interface SnapshotRequest {
  readonly signal: AbortSignal;
  /** Answers with the server's state now. */
  answer(): void;
  /** Answers with this snapshot. */
  answerWith(s: FeedSnapshot): void;
  fail(error: unknown): void;
}

/** A fake feed server: its state, the patches it sends (or drops), snapshot requests held until answered. */
export function fakeServer(initial: FeedSnapshot) {
  let state = initial;
  const sinks = new Set<PatchSink>();
  const requests: SnapshotRequest[] = [];
  let subscribes = 0;
  const source: LiveFeedSource = {
    snapshot(signal) {
      return new Promise<FeedSnapshot>((resolve, reject) => {
        requests.push({
          signal,
          answer: () => resolve(state),
          answerWith: (s) => resolve(s),
          fail: (e) => reject(e instanceof Error ? e : new Error(String(e))),
        });
      });
    },
    patches(sink) {
      subscribes += 1;
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
  return {
    source,
    get state() {
      return state;
    },
    requests,
    get subscribers() {
      return sinks.size;
    },
    get subscribes() {
      return subscribes;
    },
    /** Moves the state to `market` and returns the patch (sent to every subscriber unless `drop`). */
    tick(market: MarketSnapshot, opts: { drop?: boolean; twice?: boolean } = {}): FeedPatch {
      const patch = diffMarkets(state.market, market, state.seq + 1, state.at + 250);
      state = applyPatch(state, patch);
      if (opts.drop !== true) for (const s of [...sinks]) s.next(patch);
      if (opts.twice === true) for (const s of [...sinks]) s.next(patch);
      return patch;
    },
    send(patch: FeedPatch) {
      for (const s of [...sinks]) s.next(patch);
    },
    complete() {
      for (const s of [...sinks]) {
        sinks.delete(s);
        s.complete();
      }
    },
    fail(error: unknown) {
      for (const s of [...sinks]) {
        sinks.delete(s);
        s.error(error);
      }
    },
  };
}

/** Lets the promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A market of one football match whose home price is `home` at each of `bookmakers`. */
export function matchMarket(home: number, bookmakers: readonly string[] = ['bet-co']): MarketSnapshot {
  return {
    events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
    markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'A' }] }],
    backPrices: bookmakers.map((bookmaker) => ({ bookmaker, selectionId: 'e1/mo/home', odds: home })),
    exchangePrices: [
      { exchange: 'smarkets', selectionId: 'e1/mo/home', back: null, lay: { odds: home + 0.1, liquidity: 10_000 }, commission: 0.02 },
    ],
    betBuilders: [],
  };
}

/** The snapshot of `market` at `seq`. */
export function snapshotOf(market: MarketSnapshot, seq = 10): FeedSnapshot {
  const empty: FeedSnapshot = {
    seq: seq - 1,
    at: 1_700_000_000_000,
    simulated: true,
    market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
  };
  return applyPatch(empty, diffMarkets(empty.market, market, seq, 1_700_000_000_250));
}
