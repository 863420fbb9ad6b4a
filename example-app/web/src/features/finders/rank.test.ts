// @vitest-environment node
// The finder ranker: the rows of a tool on the last prices sent, the engine's validation issues as
// data (they cross from the worker as a message), and the same answers without a Worker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { connectRanker, createRanker, type RankAnswer, type RankRequest } from './rank';

const NOON = Date.UTC(2026, 5, 1, 12);
const market = createSimulatedFeed({ seed: 3, clock: () => NOON }).snapshot().market;
const ctx: RankRequest['ctx'] = {
  stake: 1000,
  limit: 10,
  bookmaker: '',
  exchangeSettings: {},
  user: { capabilities: [], additionalCapabilities: [] },
  earlier: [],
  at: NOON,
};

describe('the finder ranker', () => {
  it('ranks on the prices sent last, without their being sent again', () => {
    const rank = createRanker();
    const first = rank({ id: 1, toolKey: 'priceBoostTracker', market, ctx, values: {} });
    expect(first.kind).toBe('rows');
    const again = rank({ id: 2, toolKey: 'priceBoostTracker', ctx, values: {} });
    expect(again).toEqual({ ...first, id: 2 });
  });

  it('answers a bad input with the engine’s issues, and a request before any prices with a failure', () => {
    const rank = createRanker();
    expect(rank({ id: 1, toolKey: 'bogCatcher', ctx, values: {} }).kind).toBe('failed');
    const bad = rank({ id: 2, toolKey: 'bogCatcher', market, ctx, values: { vol: 5 } });
    expect(bad).toEqual({ id: 2, kind: 'invalid', issues: [{ path: 'volatility', message: 'must be at most 2' }] });
  });

  it('ranks on the page’s thread where there is no Worker', async () => {
    const answers: RankAnswer[] = [];
    const ranker = connectRanker((a) => answers.push(a));
    ranker.send({ id: 7, toolKey: 'golfMaster', market, ctx, values: {} });
    await Promise.resolve();
    ranker.close();
    expect(answers.map((a) => [a.id, a.kind])).toEqual([[7, 'rows']]);
  });

  describe('when the worker fails', () => {
    /** A Worker that never answers by itself: the test fires its answers and errors. */
    class FakeWorker {
      static last: FakeWorker | undefined;
      onmessage: ((event: { data: RankAnswer }) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      readonly posted: RankRequest[] = [];
      terminated = false;
      constructor() {
        FakeWorker.last = this;
      }
      postMessage(request: RankRequest) {
        this.posted.push(request);
      }
      terminate() {
        this.terminated = true;
      }
    }
    const worker = () => FakeWorker.last as FakeWorker;
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('ranks the unanswered request on the page’s thread, on the last prices, and every later one', async () => {
      vi.stubGlobal('Worker', FakeWorker);
      const answers: RankAnswer[] = [];
      const ranker = connectRanker((a) => answers.push(a));
      ranker.send({ id: 1, toolKey: 'priceBoostTracker', market, ctx, values: {} });
      ranker.send({ id: 2, toolKey: 'priceBoostTracker', ctx, values: {} });
      expect(worker().posted.map((r) => r.id)).toEqual([1, 2]);
      // The chunk did not load: no answer ever comes from the worker.
      worker().onerror?.(new Event('error', { cancelable: true }));
      await tick();
      expect(worker().terminated).toBe(true);
      expect(answers.map((a) => [a.id, a.kind])).toEqual([[2, 'rows']]);
      ranker.send({ id: 3, toolKey: 'golfMaster', ctx, values: {} });
      await tick();
      expect(answers.map((a) => [a.id, a.kind])).toEqual([
        [2, 'rows'],
        [3, 'rows'],
      ]);
      expect(worker().posted).toHaveLength(2);
      ranker.close();
    });

    it('after an answered request, the next one is ranked here on the prices the worker had', async () => {
      vi.stubGlobal('Worker', FakeWorker);
      const answers: RankAnswer[] = [];
      const ranker = connectRanker((a) => answers.push(a));
      ranker.send({ id: 1, toolKey: 'priceBoostTracker', market, ctx, values: {} });
      worker().onmessage?.({ data: { id: 1, kind: 'rows', rows: [], considered: 0 } });
      worker().onmessageerror?.();
      await tick();
      expect(answers.map((a) => a.id)).toEqual([1]);
      ranker.send({ id: 2, toolKey: 'bogCatcher', ctx, values: {} });
      await tick();
      expect(answers.map((a) => [a.id, a.kind])).toEqual([
        [1, 'rows'],
        [2, 'rows'],
      ]);
      ranker.close();
    });
  });
});
