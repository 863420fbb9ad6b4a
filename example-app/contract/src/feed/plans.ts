// Events and markets: what an event is (names, runners, who prices what, concessions), fixed for
// its life.
import { londonClockTime } from '@matchkit/sdk/billing';
import type { Market, SportEvent } from '@matchkit/sdk/matching';
import {
  type BookmakerBook,
  type BuilderPlan,
  COURSES,
  type EventPlan,
  type ExchangeBook,
  HORSE_A,
  HORSE_B,
  INITIALS,
  LEAGUES,
  type MarketPlan,
  type RunnerPlan,
  SPORT_CODE,
  SURNAMES,
  TEAMS,
  TOURNAMENTS,
} from './catalogue';
import { generator, hash } from './random';
import type { Slot } from './schedule';

export function pickDistinct<T>(next: (n: number) => number, items: readonly T[], count: number): T[] {
  const pool = items.slice();
  const out: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) out.push(pool.splice(next(pool.length), 1)[0] as T);
  return out;
}

export function runnerKey(seed: number, slot: Slot, g: number, market: number, runner: number): number {
  return hash(seed, SPORT_CODE[slot.sport] * 4096 + slot.index, g, market * 256 + runner);
}

/** Maximum stakes of a price boost, pounds, as UK bookmakers set them (most £10 to £25). */
export const BOOST_MAX_STAKES_POUNDS = [5, 10, 10, 20, 25, 25, 50] as const;

/**
 * A price boost on one runner: nine in ten add 10% to 30% to the winnings, the rest (a "super
 * boost") 30% to 50%; each with a small maximum stake.
 */
export function boostPlan(next: (n: number) => number, runner: number): NonNullable<BookmakerBook['boost']> {
  const perMille = next(10) < 9 ? 100 + next(201) : 300 + next(201);
  const pounds = BOOST_MAX_STAKES_POUNDS[next(BOOST_MAX_STAKES_POUNDS.length)] as number;
  return { runner, perMille, maxStake: 100 * pounds };
}

/** 2UP on the home and away teams of a match-odds market (runners listed home, draw, away). */
export const TWO_UP = Object.freeze({ goalsAhead: 2, runners: Object.freeze([0, 2]) });

export function footballPlan(seed: number, slot: Slot, g: number, eventId: string, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0xf007, slot.index, g));
  const [home, away] = pickDistinct(next, TEAMS, 2) as [string, string];
  const event: SportEvent = Object.freeze({
    id: eventId,
    sport: 'football',
    competition: LEAGUES[next(LEAGUES.length)] as string,
    name: `${home} v ${away}`,
    startsAt,
  });
  const h = 200 + next(401);
  const d = 220 + next(81);
  const yes = 420 + next(201);
  const over = 400 + next(221);
  const market = (mi: number, suffix: string, type: string, name: string, runners: readonly [string, string, number][]) => {
    const id = `${eventId}/${suffix}`;
    const listed = Object.freeze(runners.map(([rid, rname]) => Object.freeze({ id: `${id}/${rid}`, name: rname })));
    return {
      market: Object.freeze({ id, eventId, type, name, runners: listed }) as Market,
      runners: runners.map(([rid, , base], ri): RunnerPlan => ({ id: `${id}/${rid}`, base, key: runnerKey(seed, slot, g, mi, ri) })),
    };
  };
  const mo = market(0, 'mo', 'match-odds', 'Match Odds', [
    ['home', home, h],
    ['draw', 'Draw', d],
    ['away', away, 1000 - h - d],
  ]);
  const btts = market(1, 'btts', 'both-teams-to-score', 'Both Teams to Score', [
    ['yes', 'Yes', yes],
    ['no', 'No', 1000 - yes],
  ]);
  const ou = market(2, 'ou25', 'over-under-2-5', 'Over/Under 2.5 Goals', [
    ['over', 'Over 2.5 Goals', over],
    ['under', 'Under 2.5 Goals', 1000 - over],
  ]);
  const big = { minPounds: 50, spanPounds: 2950 };
  const small = { minPounds: 20, spanPounds: 780 };
  const boosted = next(2) === 0 ? boostPlan(next, next(3)) : undefined;
  const moBooks: BookmakerBook[] = [
    { bookmaker: 'alder-bet', earlyPayout: TWO_UP },
    { bookmaker: 'birch-bet', earlyPayout: TWO_UP },
    { bookmaker: 'cedar-bet' },
    next(2) === 0 ? { bookmaker: 'elm-bet', earlyPayout: TWO_UP } : { bookmaker: 'elm-bet' },
    { bookmaker: 'hazel-bet' },
    boosted === undefined ? { bookmaker: 'rowan-bet' } : { bookmaker: 'rowan-bet', boost: boosted },
  ];
  const sideBooks: BookmakerBook[] = [{ bookmaker: 'cedar-bet' }, { bookmaker: 'hazel-bet' }, { bookmaker: 'rowan-bet' }];
  const sideExchanges: ExchangeBook[] = [
    { exchange: 'smarkets', ...small },
    { exchange: 'matchbook', ...small },
    { exchange: 'betfair', ...small },
  ];
  const markets: MarketPlan[] = [
    {
      ...mo,
      marginScale: 1000,
      exchanges: [
        { exchange: 'smarkets', ...big },
        { exchange: 'matchbook', ...big },
        { exchange: 'betdaq', ...big },
        { exchange: 'betfair', ...big },
        { exchange: 'betconnect', layOnly: true, minPounds: 10, spanPounds: 490 },
      ],
      bookmakers: moBooks,
    },
    { ...btts, marginScale: 1200, exchanges: sideExchanges, bookmakers: sideBooks },
    { ...ou, marginScale: 1200, exchanges: sideExchanges, bookmakers: sideBooks },
  ];
  const builders: BuilderPlan[] = [
    {
      id: `${eventId}/bb/cedar-bet`,
      bookmaker: 'cedar-bet',
      legs: [
        { market: 0, runner: next(2) === 0 ? 0 : 2 },
        { market: 2, runner: 0 },
      ],
      margin: -40 + next(201),
    },
    {
      id: `${eventId}/bb/rowan-bet`,
      bookmaker: 'rowan-bet',
      legs: [
        { market: 0, runner: next(3) },
        { market: 1, runner: next(2) },
      ],
      margin: -40 + next(201),
    },
  ];
  return { event, markets, builders };
}

/** Standard UK each-way terms for a field: places and fraction (per the usual runner bands). */
export function raceTerms(runners: number, handicap: boolean): { places: number; placeFraction: number } {
  if (runners <= 7) return { places: 2, placeFraction: 0.25 };
  if (runners <= 11 || !handicap) return { places: 3, placeFraction: 0.2 };
  if (runners <= 15) return { places: 3, placeFraction: 0.25 };
  return { places: 4, placeFraction: 0.25 };
}

export function racePlan(seed: number, slot: Slot, g: number, eventId: string, startMs: number, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0x4a2e, slot.index, g));
  const course = COURSES[next(COURSES.length)] as string;
  const event: SportEvent = Object.freeze({
    id: eventId,
    sport: 'horse-racing',
    competition: course,
    name: `${londonClockTime(startMs)} ${course}`,
    startsAt,
  });
  const count = 5 + next(12);
  const handicap = next(2) === 0;
  const terms = raceTerms(count, handicap);
  const id = `${eventId}/win`;
  const names = new Set<string>();
  const runners: RunnerPlan[] = [];
  const listed: { id: string; name: string }[] = [];
  for (let r = 0; r < count; r++) {
    const horse = () => `${HORSE_A[next(HORSE_A.length)] as string} ${HORSE_B[next(HORSE_B.length)] as string}`;
    let name = horse();
    while (names.has(name)) name = horse();
    names.add(name);
    const u = next(1000);
    runners.push({ id: `${id}/${r + 1}`, base: 100 + Math.floor((u * u) / 600), key: runnerKey(seed, slot, g, 0, r) });
    listed.push(Object.freeze({ id: `${id}/${r + 1}`, name }));
  }
  const market: Market = Object.freeze({
    id,
    eventId,
    type: 'win',
    name: 'Win',
    runners: Object.freeze(listed),
    exchangePlaces: terms.places,
  });
  const n = terms.places;
  const standard = { places: n, placeFraction: terms.placeFraction };
  // Bookmakers pay one extra place on races the exchanges settle on three or more places (eight
  // or more runners), as UK bookmakers' extra-place races do; never on the smallest fields.
  const extra = n >= 3 && n + 1 < count ? { places: n + 1, placeFraction: terms.placeFraction } : standard;
  const birch = next(10) < 7 ? extra : standard;
  const elm = next(10) < 4 ? extra : standard;
  const rowan = next(10) < 3 ? extra : standard;
  const maxPlaces = Math.max(n, birch.places, elm.places, rowan.places);
  const boost = next(10) < 6 ? boostPlan(next, next(count)) : undefined;
  const booster = next(2) === 0 ? 'birch-bet' : 'rowan-bet';
  const withBoost = (b: BookmakerBook): BookmakerBook => (boost !== undefined && b.bookmaker === booster ? { ...b, boost } : b);
  const books: BookmakerBook[] = [
    { bookmaker: 'alder-bet', eachWay: standard, bestOddsGuaranteed: true },
    { bookmaker: 'birch-bet', eachWay: birch },
    // cedar-bet prices most runners, not all (a lagging, thinner book)
    { bookmaker: 'cedar-bet', eachWay: standard, runners: runners.map((_, i) => i).filter((i) => i === 0 || next(5) > 0) },
    next(10) < 6 ? { bookmaker: 'elm-bet', eachWay: elm, bestOddsGuaranteed: true } : { bookmaker: 'elm-bet', eachWay: elm },
    next(2) === 0 ? { bookmaker: 'hazel-bet', eachWay: standard, bestOddsGuaranteed: true } : { bookmaker: 'hazel-bet', eachWay: standard },
    { bookmaker: 'rowan-bet', eachWay: rowan },
  ];
  const bookmakers = books.map(withBoost);
  const exchanges: ExchangeBook[] = [
    { exchange: 'smarkets', minPounds: 20, spanPounds: 1480 },
    { exchange: 'matchbook', minPounds: 20, spanPounds: 1480 },
    { exchange: 'betdaq', minPounds: 10, spanPounds: 990 },
    { exchange: 'betfair', minPounds: 20, spanPounds: 1480 },
    {
      exchange: 'betconnect',
      layOnly: true,
      minPounds: 10,
      spanPounds: 490,
      lock: { places: maxPlaces, placeFraction: terms.placeFraction },
    },
    { exchange: 'smarkets', places: n, minPounds: 10, spanPounds: 390 },
    { exchange: 'matchbook', places: n, minPounds: 10, spanPounds: 390 },
    { exchange: 'betdaq', places: n, minPounds: 5, spanPounds: 295 },
    { exchange: 'betfair', places: n, minPounds: 10, spanPounds: 390 },
    // A place market for every count of places a bookmaker pays beyond the standard terms (lay the place).
    ...[...new Set([birch.places, elm.places, rowan.places])]
      .filter((m) => m > n)
      .sort((a, b) => a - b)
      .flatMap((m): ExchangeBook[] => [
        { exchange: 'smarkets', places: m, minPounds: 5, spanPounds: 195 },
        { exchange: 'matchbook', places: m, minPounds: 5, spanPounds: 195 },
      ]),
  ];
  // Racing books carry 10% to 20% (more runners, more rounding on longer prices).
  return { event, markets: [{ market, runners, exchanges, bookmakers, marginScale: 2000 }], builders: [] };
}

export function golfPlan(seed: number, slot: Slot, g: number, eventId: string, startsAt: string): EventPlan {
  const next = generator(hash(seed, 0x901f, slot.index, g));
  const name = TOURNAMENTS[next(TOURNAMENTS.length)] as string;
  const event: SportEvent = Object.freeze({ id: eventId, sport: 'golf', competition: 'Simulated Tour', name, startsAt });
  const count = 20 + next(11);
  const id = `${eventId}/win`;
  const names = new Set<string>();
  const runners: RunnerPlan[] = [];
  const listed: { id: string; name: string }[] = [];
  for (let r = 0; r < count; r++) {
    const golfer = () => `${INITIALS[next(INITIALS.length)] as string}. ${SURNAMES[next(SURNAMES.length)] as string}`;
    let player = golfer();
    while (names.has(player)) player = golfer();
    names.add(player);
    const u = next(1000);
    const pid = `${id}/p${String(r + 1).padStart(2, '0')}`;
    runners.push({ id: pid, base: 60 + Math.floor((u * u * u) / 600_000), key: runnerKey(seed, slot, g, 0, r) });
    listed.push(Object.freeze({ id: pid, name: player }));
  }
  const market: Market = Object.freeze({
    id,
    eventId,
    type: 'outright',
    name: 'Winner',
    runners: Object.freeze(listed),
    exchangePlaces: 5,
  });
  const fraction = 0.2;
  const bookmakers: BookmakerBook[] = [
    { bookmaker: 'alder-bet', eachWay: { places: 5, placeFraction: fraction } },
    { bookmaker: 'birch-bet', eachWay: { places: 6, placeFraction: fraction } },
    { bookmaker: 'elm-bet', eachWay: { places: [6, 7, 8][next(3)] as number, placeFraction: fraction } },
    { bookmaker: 'rowan-bet', eachWay: { places: 7, placeFraction: fraction } },
  ];
  const extra = [...new Set(bookmakers.map((b) => b.eachWay?.places ?? 5))].filter((m) => m !== 5 && m !== 10).sort((a, b) => a - b);
  const exchanges: ExchangeBook[] = [
    { exchange: 'smarkets', minPounds: 10, spanPounds: 490 },
    { exchange: 'matchbook', minPounds: 10, spanPounds: 490 },
    { exchange: 'betdaq', minPounds: 5, spanPounds: 245 },
    { exchange: 'betfair', minPounds: 10, spanPounds: 490 },
    { exchange: 'smarkets', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'matchbook', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'betfair', places: 5, minPounds: 5, spanPounds: 195 },
    { exchange: 'smarkets', places: 10, minPounds: 5, spanPounds: 145 },
    { exchange: 'betfair', places: 10, minPounds: 5, spanPounds: 145 },
    // Top-M markets for the extra places the bookmakers pay (lay the place; no Harville needed).
    ...extra.map((m): ExchangeBook => ({ exchange: 'smarkets', places: m, minPounds: 5, spanPounds: 145 })),
    ...extra.map((m): ExchangeBook => ({ exchange: 'matchbook', places: m, minPounds: 5, spanPounds: 145 })),
  ];
  // Golf outrights carry the most margin of the feed (an overround of 12% to 20%, markets.test.ts).
  return { event, markets: [{ market, runners, exchanges, bookmakers, marginScale: 2300 }], builders: [] };
}
