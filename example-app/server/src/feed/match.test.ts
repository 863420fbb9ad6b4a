import { describe, expect, it } from 'vitest';
import { parseMarketSnapshot } from '@matchkit/sdk/matching';
import { combineBooks, liveMarket } from './combine';
import { createMatchRule } from './match';
import { createNameRule } from './names';
import type { ProviderBook, ProviderEvent } from './provider';
import { footballMatch } from './testing';

const names = createNameRule();
const rule = createMatchRule(names);
const KICK_OFF = Date.parse('2026-12-05T15:00:00Z');
const AT = KICK_OFF - 3_600_000;
const AGES = { staleAfterMs: 300_000, maxPollAgeMs: 900_000 };
const MIN = 60_000;

const combine = (...books: ProviderBook[]) => liveMarket(combineBooks(books, rule, names), AT, AGES);
const book = (provider: string, ...events: ProviderEvent[]): ProviderBook => ({ provider, events });

function race(key: string, course: string, startsAt: number, horses: readonly string[], options: { places?: number } = {}): ProviderEvent {
  const priced = (name: string) => ({
    key: name,
    name,
    back: [],
    exchange: [
      { exchange: 'betfair', back: { odds: 5, liquidity: 500 }, lay: { odds: 5.2, liquidity: 700 }, commission: 0.05, updatedAt: AT },
    ],
  });
  return {
    key,
    sport: 'horse-racing',
    competition: course,
    name: `${course} race`,
    participants: [],
    startsAt,
    markets: [
      { key: `${key}/win`, type: 'win', name: 'Win', runners: horses.map(priced) },
      ...(options.places === undefined
        ? []
        : [{ key: `${key}/place`, type: 'win', name: 'To Be Placed', places: options.places, runners: horses.map(priced) }]),
    ],
  };
}

describe('the event matching rule', () => {
  it('one match from two providers that spell it differently is one event, with a stable id', () => {
    const m = combine(
      book('odds-api', footballMatch('a1', 'Man Utd', 'Spurs', KICK_OFF, AT)),
      book(
        'betfair',
        footballMatch('b1', 'Manchester United FC', 'Tottenham Hotspur', KICK_OFF + 5 * MIN, AT, {
          draw: 'The Draw',
          bookmaker: 'other-book',
        }),
      ),
    );
    expect(m.events.map((e) => e.id)).toEqual(['football/2026-12-05/manchester-united-v-tottenham-hotspur']);
    // The representative is the provider first in key order (betfair): its name and start.
    expect(m.events[0]).toMatchObject({ name: 'Manchester United FC v Tottenham Hotspur', startsAt: '2026-12-05T15:05:00.000Z' });
    expect(m.markets.map((x) => x.runners.map((r) => r.id))).toEqual([
      [
        'football/2026-12-05/manchester-united-v-tottenham-hotspur/match-odds/manchester-united',
        'football/2026-12-05/manchester-united-v-tottenham-hotspur/match-odds/draw',
        'football/2026-12-05/manchester-united-v-tottenham-hotspur/match-odds/tottenham-hotspur',
      ],
    ]);
    expect(m.backPrices.map((p) => `${p.bookmaker}@${p.source}`).sort()).toEqual([
      'bet-co@odds-api',
      'bet-co@odds-api',
      'bet-co@odds-api',
      'other-book@betfair',
      'other-book@betfair',
      'other-book@betfair',
    ]);
    expect(() => parseMarketSnapshot(m)).not.toThrow();
  });

  it('the same sides the other way round are another event (home first)', () => {
    const m = combine(
      book('odds-api', footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, AT)),
      book('betfair', footballMatch('b1', 'Chelsea', 'Arsenal', KICK_OFF, AT)),
    );
    expect(m.events.map((e) => e.id)).toEqual(['football/2026-12-05/arsenal-v-chelsea', 'football/2026-12-05/chelsea-v-arsenal']);
  });

  it('a football match 15 minutes apart is one event; 16 minutes apart, two, the later with its London time', () => {
    const within = combine(
      book('a', footballMatch('1', 'Arsenal', 'Chelsea', KICK_OFF, AT)),
      book('b', footballMatch('2', 'Arsenal', 'Chelsea', KICK_OFF + 15 * MIN, AT)),
    );
    expect(within.events).toHaveLength(1);
    const outside = combine(
      book('a', footballMatch('1', 'Arsenal', 'Chelsea', KICK_OFF, AT)),
      book('b', footballMatch('2', 'Arsenal', 'Chelsea', KICK_OFF + 16 * MIN, AT)),
    );
    expect(outside.events.map((e) => e.id)).toEqual([
      'football/2026-12-05/arsenal-v-chelsea',
      'football/2026-12-05/arsenal-v-chelsea~1516',
    ]);
  });

  it('a race is matched by course and off time to the minute; its place market becomes place prices', () => {
    const off = Date.parse('2026-07-01T13:30:00Z'); // 14:30 in London (BST)
    const books = [
      book('betfair', race('1.23', 'Ascot', off, ['Galopin Des Champs (IRE)', 'Frankel'], { places: 3 })),
      book('odds-api', race('x9', 'Ascot', off + 59_000, ['Galopin des Champs', 'Frankel'])),
      book('other', race('q', 'Ascot', off + MIN, ['Frankel'])),
    ];
    // Seen before the off (a started race leaves the live market).
    const m = liveMarket(combineBooks(books, rule, names), off - MIN, AGES);
    expect(m.events.map((e) => e.id)).toEqual(['horse-racing/2026-07-01/1430-ascot', 'horse-racing/2026-07-01/1431-ascot']);
    const win = m.markets.find((x) => x.id === 'horse-racing/2026-07-01/1430-ascot/win');
    expect(win?.exchangePlaces).toBe(3);
    expect(win?.runners.map((r) => r.name)).toEqual(['Galopin Des Champs (IRE)', 'Frankel']);
    expect(
      m.exchangePrices.filter((p) => p.selectionId.startsWith('horse-racing/2026-07-01/1430-ascot/')).map((p) => p.places ?? 'win'),
    ).toEqual([3, 3, 'win', 'win']);
    expect(() => parseMarketSnapshot(m)).not.toThrow();
  });

  it('of two providers pricing one thing, the price changed last wins, each keeping its source and age', () => {
    const older = footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 20_000, { exchange: 'betfair' });
    const newer = footballMatch('b1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 10_000, { exchange: 'betfair', bookmaker: 'x-book' });
    const m = combine(book('odds-api', older), book('betfair', newer));
    const lay = m.exchangePrices.filter((p) => p.exchange === 'betfair');
    expect(lay).toHaveLength(3);
    expect(new Set(lay.map((p) => `${p.source} ${p.updatedAt}`))).toEqual(new Set(['betfair 2026-12-05T13:59:50.000Z']));
    expect(m.backPrices.find((p) => p.bookmaker === 'bet-co')).toMatchObject({ source: 'odds-api', updatedAt: '2026-12-05T13:59:40.000Z' });
  });

  it('chooses among every provider’s price after the live filter: a stale newer one never hides a live one', () => {
    // The Odds API relayed Betfair's price 301 s ago (stale); Betfair's live stream last changed it 10 minutes ago.
    const relayed = footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 301_000, { exchange: 'betfair' });
    const streamed = footballMatch('b1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 600_000, { exchange: 'betfair', bookmaker: 'x-book' });
    const combined = combineBooks([book('odds-api', relayed), book('betfair', streamed)], rule, names);
    const m = liveMarket(combined, AT, { ...AGES, confirmed: new Set(['betfair']) });
    expect(m.exchangePrices.filter((p) => p.exchange === 'betfair').map((p) => p.source)).toEqual(['betfair', 'betfair', 'betfair']);
    // The stream down: the relay is the only candidate left, and it is stale.
    expect(liveMarket(combined, AT, { ...AGES, down: new Set(['betfair']) }).exchangePrices).toEqual([]);
    expect(() => parseMarketSnapshot(m)).not.toThrow();
  });

  it('prefers an exchange’s own provider for its prices while live, whoever changed last', () => {
    const relayed = footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 10_000, { exchange: 'betfair' });
    const streamed = footballMatch('b1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 20_000, { exchange: 'betfair', bookmaker: 'x-book' });
    const combined = combineBooks([book('odds-api', relayed), book('betfair', streamed)], rule, names);
    const sources = (m: ReturnType<typeof liveMarket>) => m.exchangePrices.map((p) => p.source);
    expect(sources(liveMarket(combined, AT, AGES))).toEqual(['betfair', 'betfair', 'betfair']);
    // Betfair's own provider down: the relay stands in.
    expect(sources(liveMarket(combined, AT, { ...AGES, down: new Set(['betfair']) }))).toEqual(['odds-api', 'odds-api', 'odds-api']);
  });

  it('drops prices older than the stale age, then markets and events left with none', () => {
    const books = [
      book(
        'odds-api',
        footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, AT - 301_000),
        footballMatch('a2', 'Leeds', 'Hull', KICK_OFF, AT),
      ),
    ];
    const m = combine(...books);
    expect(m.events.map((e) => e.id)).toEqual(['football/2026-12-05/leeds-v-hull']);
    expect(m.backPrices.every((p) => p.selectionId.startsWith('football/2026-12-05/leeds-v-hull/'))).toBe(true);
    expect(liveMarket(combineBooks(books, rule, names), AT, { ...AGES, down: new Set(['odds-api']) }).events).toEqual([]);
  });
});
