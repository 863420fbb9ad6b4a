import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRating } from '@matchkit/sdk/calculators';
import { findTwoUpMatches, indexMarketSnapshot, twoUpLay } from '@matchkit/sdk/matching';
import { isValidationError } from '@matchkit/sdk/errors';

// Random football matches (home, draw, away), each runner laid at some exchanges, some backs with
// a 2UP concession; random member settings (commissions, exchanges switched on or off).

const EXCHANGES = ['smarkets', 'matchbook', 'betconnect', 'betfair', 'betdaq'];
const odds = fc.double({ min: 1.05, max: 15, noNaN: true }).map((x) => Math.round(x * 100) / 100);
const runner = fc.record({
  lays: fc.dictionary(fc.constantFrom(...EXCHANGES), fc.record({ odds, commission: fc.constantFrom(0, 0.02, 0.05) })),
  backs: fc.dictionary(fc.constantFrom('bet-a', 'bet-b'), fc.record({ odds, twoUp: fc.boolean() })),
});
const matchArb = fc.array(fc.tuple(runner, runner, runner), { minLength: 1, maxLength: 4 });
const settingsArb = fc.record({
  commissions: fc.dictionary(
    fc.constantFrom(...EXCHANGES),
    fc.oneof(fc.constantFrom(0, 0.01, 0.9), fc.double({ min: 0, max: 0.99, noNaN: true })),
  ),
  exchangeSettings: fc.dictionary(fc.constantFrom(...EXCHANGES), fc.boolean()),
});

type Runner = { lays: Record<string, { odds: number; commission: number }>; backs: Record<string, { odds: number; twoUp: boolean }> };

function build(matches: [Runner, Runner, Runner][]) {
  const events = matches.map((_, i) => ({ id: `e${i}`, sport: 'football', name: `Match ${i}`, startsAt: '2030-06-01T15:00:00Z' }));
  const markets = matches.map((_, i) => ({
    id: `m${i}`,
    eventId: `e${i}`,
    type: 'match-odds',
    name: 'Match Odds',
    runners: ['home', 'draw', 'away'].map((side) => ({ id: `e${i}-${side}`, name: side })),
  }));
  const exchangePrices: unknown[] = [];
  const backPrices: unknown[] = [];
  matches.forEach((runners, i) =>
    runners.forEach((r, j) => {
      const selectionId = markets[i]?.runners[j]?.id as string;
      for (const [exchange, lay] of Object.entries(r.lays))
        exchangePrices.push({
          exchange,
          selectionId,
          commission: lay.commission,
          back: { odds: Math.max(1.01, Math.round(lay.odds * 95) / 100), liquidity: 10_000 },
          lay: { odds: lay.odds, liquidity: 5_000 },
        });
      for (const [bookmaker, back] of Object.entries(r.backs))
        backPrices.push({ bookmaker, selectionId, odds: back.odds, ...(back.twoUp ? { earlyPayout: { goalsAhead: 2 } } : {}) });
    }),
  );
  return { events, markets, backPrices, exchangePrices };
}

describe('twoUpLay', () => {
  it('is the lay of every findTwoUpMatches row of the selection at the same settings, and the row rates matchRating against it', () => {
    let rows = 0;
    fc.assert(
      fc.property(matchArb, settingsArb, (matches, settings) => {
        const market = indexMarketSnapshot(build(matches));
        const found = findTwoUpMatches({ market, limit: 1_000, ...settings }).rows;
        for (const row of found) {
          const lay = twoUpLay({ market, selectionId: row.selectionId, ...settings });
          expect(lay).toEqual({ exchange: row.exchange, layOdds: row.layOdds, layLiquidity: 5_000, commission: row.commission });
          expect(
            matchRating({
              betType: 'qualifying',
              backOdds: row.backOdds,
              layOdds: lay?.layOdds as number,
              layCommission: lay?.commission as number,
            }),
          ).toBe(row.rating);
        }
        rows += found.length;
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(rows).toBeGreaterThan(0);
  });

  it('names the bad field', () => {
    const market = indexMarketSnapshot(build([]));
    const fields = (input: unknown) => {
      try {
        twoUpLay(input as Parameters<typeof twoUpLay>[0]);
        return [];
      } catch (error) {
        return isValidationError(error) ? error.issues.map((i) => i.path) : ['not a validation error'];
      }
    };
    expect(fields({ market, selectionId: 'x', commissions: { smarkets: 1 } })).toEqual(['commissions.smarkets']);
    expect(fields({ market, selectionId: 'x', commissions: { smarkets: Number.NaN } })).toEqual(['commissions.smarkets']);
    expect(fields({ market: build([]), selectionId: '' })).toEqual(['market', 'selectionId']);
    expect(fields({ market, selectionId: 'x' })).toEqual([]);
  });
});
