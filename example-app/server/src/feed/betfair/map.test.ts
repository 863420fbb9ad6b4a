import { describe, expect, it } from 'vitest';
import type { MarketCatalogue } from './betting';
import { createMarketCache } from './cache';
import { toProviderBook, toPence } from './map';
import type { MarketChange, MarketDefinition } from './protocol';

// 2026-12-03T14:30:00Z is 14:30 in London (GMT in December).
const RACE = Date.UTC(2026, 11, 3, 14, 30);
const KICK_OFF = Date.UTC(2026, 11, 3, 20, 0);

const football: MarketCatalogue = {
  marketId: '1.100',
  marketName: 'Match Odds',
  marketStartTime: new Date(KICK_OFF).toISOString(),
  eventType: { id: '1', name: 'Soccer' },
  competition: { id: '10932509', name: 'English Premier League' },
  event: { id: '3500', name: 'Arsenal v Tottenham Hotspur', countryCode: 'GB' },
  runners: [
    { selectionId: 58805, runnerName: 'The Draw', handicap: 0, sortPriority: 3 },
    { selectionId: 1096, runnerName: 'Arsenal', handicap: 0, sortPriority: 1 },
    { selectionId: 48351, runnerName: 'Tottenham Hotspur', handicap: 0, sortPriority: 2 },
  ],
};

const race = (marketId: string, marketName: string): MarketCatalogue => ({
  marketId,
  marketName,
  marketStartTime: new Date(RACE).toISOString(),
  eventType: { id: '7', name: 'Horse Racing' },
  event: { id: '35000001', name: 'Chelt 3rd Dec', countryCode: 'GB', venue: 'Cheltenham' },
  runners: [
    { selectionId: 101, runnerName: 'Galopin Des Champs', sortPriority: 1 },
    { selectionId: 102, runnerName: 'Fact To File', sortPriority: 2 },
  ],
});

const def = (over: Partial<MarketDefinition>): MarketDefinition => ({
  eventId: '3500',
  eventTypeId: '1',
  marketType: 'MATCH_ODDS',
  numberOfWinners: 1,
  marketBaseRate: 5,
  inPlay: false,
  status: 'OPEN',
  ...over,
});

function book(changes: MarketChange[], catalogue: MarketCatalogue[], commission?: number, inPlay = false) {
  const cache = createMarketCache();
  cache.apply({ op: 'mcm', ct: 'SUB_IMAGE', pt: 7000, mc: changes });
  return toProviderBook(cache.markets(), new Map(catalogue.map((c) => [c.marketId, c])), { commission, inPlay });
}

const footballImage = (over: Partial<MarketDefinition> = {}): MarketChange => ({
  id: '1.100',
  img: true,
  marketDefinition: def({
    runners: [
      { id: 1096, status: 'ACTIVE' },
      { id: 48351, status: 'ACTIVE' },
      { id: 58805, status: 'ACTIVE' },
    ],
    ...over,
  }),
  rc: [
    { id: 1096, batb: [[0, 2.1, 1523.45]], batl: [[0, 2.12, 310.2]] },
    { id: 48351, batb: [[0, 3.6, 402.1]] },
  ],
});

describe('mapping Betfair onto the provider model', () => {
  it('turns pounds with pence into whole pence, rounding down', () => {
    expect([toPence(1523.45), toPence(0.29), toPence(4.999), toPence(1)]).toEqual([152345, 29, 499, 100]);
  });

  it('maps a football match: sport, names, sides, best back and lay with liquidity in pence, 5% commission, publish time', () => {
    const { book: b, stats } = book([footballImage()], [football]);
    expect(stats.unnamed).toBe(0);
    expect(b).toEqual({
      provider: 'betfair',
      events: [
        {
          key: '3500',
          sport: 'football',
          competition: 'English Premier League',
          name: 'Arsenal v Tottenham Hotspur',
          participants: ['Arsenal', 'Tottenham Hotspur'],
          startsAt: KICK_OFF,
          markets: [
            {
              key: '1.100',
              type: 'match-odds',
              name: 'Match Odds',
              runners: [
                {
                  key: '1096',
                  name: 'Arsenal',
                  back: [],
                  exchange: [
                    {
                      exchange: 'betfair',
                      back: { odds: 2.1, liquidity: 152345 },
                      lay: { odds: 2.12, liquidity: 31020 },
                      commission: 0.05,
                      updatedAt: 7000,
                    },
                  ],
                },
                {
                  key: '48351',
                  name: 'Tottenham Hotspur',
                  back: [],
                  exchange: [{ exchange: 'betfair', back: { odds: 3.6, liquidity: 40210 }, lay: null, commission: 0.05, updatedAt: 7000 }],
                },
                { key: '58805', name: 'The Draw', back: [], exchange: [] },
              ],
            },
          ],
        },
      ],
    });
  });

  it('reports the configured commission instead of the market base rate', () => {
    const { book: b } = book([footballImage()], [football], 0.02);
    expect(b.events[0]?.markets[0]?.runners[0]?.exchange[0]?.commission).toBe(0.02);
  });

  it('keeps no prices on a suspended market, nor in play unless asked, and leaves out a removed runner', () => {
    const suspended = book([footballImage({ status: 'SUSPENDED' })], [football]).book;
    expect(suspended.events[0]?.markets[0]?.runners.map((r) => r.exchange.length)).toEqual([0, 0, 0]);
    const inPlay = footballImage({ inPlay: true });
    expect(book([inPlay], [football]).book.events[0]?.markets[0]?.runners.map((r) => r.exchange.length)).toEqual([0, 0, 0]);
    expect(book([inPlay], [football], undefined, true).book.events[0]?.markets[0]?.runners.map((r) => r.exchange.length)).toEqual([
      1, 1, 0,
    ]);
    const removed = footballImage({
      runners: [
        { id: 1096, status: 'ACTIVE' },
        { id: 48351, status: 'REMOVED' },
        { id: 58805, status: 'ACTIVE' },
      ],
    });
    expect(book([removed], [football]).book.events[0]?.markets[0]?.runners.map((r) => r.name)).toEqual(['Arsenal', 'The Draw']);
  });

  it("puts a race's WIN and PLACE markets under one event named by its UK start time, the place market with its places", () => {
    const raceDef = (marketType: string, numberOfWinners: number) =>
      def({
        eventId: '35000001',
        eventTypeId: '7',
        marketType,
        numberOfWinners,
        venue: 'Cheltenham',
        runners: [
          { id: 101, status: 'ACTIVE' },
          { id: 102, status: 'ACTIVE' },
        ],
      });
    const { book: b } = book(
      [
        { id: '1.201', img: true, marketDefinition: raceDef('PLACE', 3), rc: [{ id: 101, batb: [[0, 1.3, 200]] }] },
        { id: '1.200', img: true, marketDefinition: raceDef('WIN', 1), rc: [{ id: 101, batb: [[0, 3, 500]] }] },
      ],
      [race('1.200', '2m4f Hcap Chs'), race('1.201', 'To Be Placed')],
    );
    expect(b.events).toHaveLength(1);
    const event = b.events[0];
    expect(event?.key).toBe(`35000001@${RACE}`);
    expect(event?.name).toBe('14:30 Cheltenham');
    expect(event?.sport).toBe('horse-racing');
    expect(event?.participants).toEqual([]);
    expect(event?.markets.map((m) => [m.key, m.type, m.places])).toEqual([
      ['1.200', 'win', undefined],
      ['1.201', 'win', 3],
    ]);
    expect(event?.markets.map((m) => m.runners.map((r) => r.key))).toEqual([
      ['101', '102'],
      ['101', '102'],
    ]);
  });

  it('leaves out a market the catalogue has not named, and counts it', () => {
    const { book: b, stats } = book([footballImage()], []);
    expect(b.events).toEqual([]);
    expect(stats.unnamed).toBe(1);
  });
});
