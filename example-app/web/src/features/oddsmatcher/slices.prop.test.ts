// @vitest-environment node
// The row store applies a large patch a slice of prices a task: the slices must rank as the whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatchToOddsmatcher, diffMarkets } from '@matchkit/sdk/feed';
import { createOddsmatcher, type MarketSnapshot } from '@matchkit/sdk/matching';
import { slicesOf } from './store';

/** `n` events of one two-runner market, two bookmakers and one exchange each; `move` shifts the prices of the events it picks. */
function marketOf(n: number, move: (e: number) => number, from = 0): MarketSnapshot {
  const events = [];
  const markets = [];
  const backPrices = [];
  const exchangePrices = [];
  for (let e = from; e < from + n; e++) {
    events.push({ id: `e${e}`, sport: 'football', name: `Home ${e} v Away ${e}`, startsAt: '2030-06-01T15:00:00.000Z' });
    markets.push({
      id: `e${e}/mo`,
      eventId: `e${e}`,
      type: 'match-odds',
      name: 'Match Odds',
      runners: ['h', 'a'].map((r) => ({ id: `e${e}/${r}`, name: r })),
    });
    for (const r of ['h', 'a']) {
      for (const bookmaker of ['bet-co', 'odds-r-us'])
        backPrices.push({ bookmaker, selectionId: `e${e}/${r}`, odds: 2 + (e % 7) / 10 + move(e) });
      exchangePrices.push({
        exchange: 'smarkets',
        selectionId: `e${e}/${r}`,
        commission: 0.02,
        back: null,
        lay: { odds: 2.1 + (e % 5) / 10 + move(e) / 2, liquidity: 10_000 },
      });
    }
  }
  const byKey =
    <T>(key: (x: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return {
    events,
    markets,
    backPrices: backPrices.sort(byKey((p) => `${p.bookmaker}:${p.selectionId}`)),
    exchangePrices: exchangePrices.sort(byKey((p) => `${p.exchange}:win:${p.selectionId}`)),
    betBuilders: [],
  };
}

describe('slicesOf', () => {
  it('law: a patch applied in slices of any size, in order, ranks as the whole patch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 }), (size, every, shift) => {
        const before = marketOf(20, () => 0);
        // Prices move on every `every`-th event; `shift` events leave at the start and as many arrive at the end.
        const after = marketOf(20, (e) => (e % every === 0 ? 0.3 : 0), shift);
        const patch = diffMarkets(before, after, 2, 1_000);
        const whole = createOddsmatcher({ limit: 50 });
        whole.load(before);
        applyPatchToOddsmatcher(whole, patch);
        const sliced = createOddsmatcher({ limit: 50 });
        sliced.load(before);
        const parts = slicesOf(patch, size);
        const prices = patch.upserts.backPrices.length + patch.upserts.exchangePrices.length;
        expect(parts.length).toBe(Math.max(1, Math.ceil(prices / size)));
        for (const part of parts) {
          expect(part.upserts.backPrices.length + part.upserts.exchangePrices.length).toBeLessThanOrEqual(size);
          applyPatchToOddsmatcher(sliced, part);
        }
        expect(sliced.getSnapshot()).toEqual(whole.getSnapshot());
      }),
      { numRuns: 60 },
    );
  });
});
