import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createOddsmatcher, type OddsmatcherOptions } from '@matchkit/sdk/matching';
import { createTunedOddsmatcher } from './store';
import { indexMarketSnapshot } from '../snapshot';

// Random snapshots: a few events, markets and runners, back prices from several bookmakers and
// lay quotes from several exchanges (some without a lay, some in a place market), ranked with
// random options. Loading one in steps must give exactly the rows loading it at once gives.

const BOOKMAKERS = ['bk-b', 'bk-a', 'bk-c', 'bk-d'];
const EXCHANGES = ['smarkets', 'matchbook', 'betfair', 'betdaq'];
const ODDS = [1.5, 2, 2.02, 3, 3.5, 8];
const LAYS = [1.52, 2, 2.04, 3.1, 3.5, 8.4];

const snapshotArb = fc
  .record({
    events: fc.integer({ min: 0, max: 6 }),
    runners: fc.integer({ min: 1, max: 4 }),
    backs: fc.array(fc.tuple(fc.nat(), fc.nat({ max: BOOKMAKERS.length - 1 }), fc.nat({ max: ODDS.length - 1 })), { maxLength: 80 }),
    lays: fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat({ max: EXCHANGES.length - 1 }),
        fc.nat({ max: LAYS.length - 1 }),
        fc.constantFrom(0, 0.02, 0.05),
        fc.constantFrom(0, 500, 5000),
        fc.nat({ max: 9 }),
      ),
      { maxLength: 60 },
    ),
  })
  .map(({ events, runners, backs, lays }) => {
    const selections: string[] = [];
    const ev = [];
    const markets = [];
    for (let e = 0; e < events; e++) {
      ev.push({
        id: `e${e}`,
        sport: e % 2 === 0 ? 'football' : 'tennis',
        name: `Event ${e}`,
        startsAt: `2030-06-0${1 + (e % 3)}T15:00:00.000Z`,
      });
      const ids = Array.from({ length: runners }, (_, r) => `e${e}/r${r}`);
      selections.push(...ids);
      markets.push({
        id: `e${e}/m`,
        eventId: `e${e}`,
        type: e % 3 === 0 ? 'win' : 'match-odds',
        name: 'Market',
        runners: ids.map((id) => ({ id, name: id })),
      });
    }
    const seenBack = new Set<string>();
    const backPrices = [];
    const seenLay = new Set<string>();
    const exchangePrices = [];
    if (selections.length > 0) {
      for (const [s, b, o] of backs) {
        const selectionId = selections[s % selections.length] as string;
        const bookmaker = BOOKMAKERS[b] as string;
        if (seenBack.has(`${bookmaker}:${selectionId}`)) continue;
        seenBack.add(`${bookmaker}:${selectionId}`);
        backPrices.push({ bookmaker, selectionId, odds: ODDS[o] as number });
      }
      for (const [s, x, o, commission, liquidity, kind] of lays) {
        const selectionId = selections[s % selections.length] as string;
        const exchange = EXCHANGES[x] as string;
        if (seenLay.has(`${exchange}:${selectionId}`)) continue;
        seenLay.add(`${exchange}:${selectionId}`);
        const lay = kind === 0 ? null : { odds: LAYS[o] as number, liquidity };
        exchangePrices.push({ exchange, selectionId, commission, back: null, lay });
      }
    }
    return { events: ev, markets, backPrices, exchangePrices };
  });

const optionsArb: fc.Arbitrary<OddsmatcherOptions> = fc.record({
  limit: fc.integer({ min: 1, max: 30 }),
  rankBy: fc.constantFrom('rating' as const, 'snrRetention' as const),
  filters: fc.record({ minRating: fc.constantFrom(0, 80, 95), sports: fc.constantFrom(undefined, ['football']) }, { requiredKeys: [] }),
});

const now = () => Promise.resolve();

describe('Oddsmatcher.loadInSteps', () => {
  it('law: loading in steps of any size gives the same ranking as loading at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        snapshotArb,
        optionsArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        async (snapshot, options, chunkSize, spare, raw) => {
          // Tuned engines keep only k + spare pairs in their index, so the cut leaves pairs out.
          const tuning = { indexTarget: (k: number) => k + spare };
          const once = createTunedOddsmatcher(options, tuning);
          once.load(snapshot);
          const stepped = createTunedOddsmatcher(options, tuning);
          await stepped.loadInSteps(raw ? snapshot : indexMarketSnapshot(snapshot), { chunkSize, pause: now });
          expect(stepped.getSnapshot()).toEqual(once.getSnapshot());
          expect(stepped.stats()).toEqual(once.stats());
          // And it goes on ranking ticks the same way.
          const tick = snapshot.backPrices[0];
          if (tick !== undefined) {
            once.setBackPrice({ ...tick, odds: 4 });
            stepped.setBackPrice({ ...tick, odds: 4 });
            expect(stepped.getSnapshot()).toEqual(once.getSnapshot());
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('law: a stepped load over a loaded engine gives the same ranking as loading at once, and unchanged rows keep their objects', async () => {
    await fc.assert(
      fc.asyncProperty(snapshotArb, snapshotArb, optionsArb, fc.integer({ min: 1, max: 40 }), async (first, second, options, chunkSize) => {
        const once = createOddsmatcher(options);
        once.load(first);
        once.load(second);
        const stepped = createOddsmatcher(options);
        stepped.load(first);
        const before = stepped.getSnapshot();
        await stepped.loadInSteps(second, { chunkSize, pause: now });
        expect(stepped.getSnapshot()).toEqual(once.getSnapshot());
        for (const row of stepped.getSnapshot()) {
          const old = before.find((r) => r.selectionId === row.selectionId && r.bookmaker === row.bookmaker && r.exchange === row.exchange);
          if (old !== undefined && JSON.stringify(old) === JSON.stringify(row)) expect(before).toContain(row);
        }
      }),
      { numRuns: 80 },
    );
  });
});
