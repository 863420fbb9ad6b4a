// Test fixtures for the finder engines (not exported by the module): small markets with round
// prices, so every figure the tests expect can be worked out by hand.

export const START = '2025-08-16T15:00:00+01:00';

export function lay(exchange: string, selectionId: string, odds: number, liquidity = 50_000, commission = 0.02, places?: number) {
  return { exchange, selectionId, back: null, lay: { odds, liquidity }, commission, ...(places === undefined ? {} : { places }) };
}

export function book(exchange: string, selectionId: string, back: number, layOdds: number, commission = 0.02, places?: number) {
  return {
    exchange,
    selectionId,
    back: { odds: back, liquidity: 50_000 },
    lay: { odds: layOdds, liquidity: 50_000 },
    commission,
    ...(places === undefined ? {} : { places }),
  };
}

/** A football match with a 2UP offer, a BTTS market and a bet builder. */
export function football() {
  return {
    events: [{ id: 'f1', sport: 'football', name: 'Arsenal v Spurs', startsAt: START }],
    markets: [
      {
        id: 'f1/mo',
        eventId: 'f1',
        type: 'match-odds',
        name: 'Match Odds',
        runners: [
          { id: 'f1/home', name: 'Arsenal' },
          { id: 'f1/draw', name: 'Draw' },
          { id: 'f1/away', name: 'Spurs' },
        ],
      },
      {
        id: 'f1/btts',
        eventId: 'f1',
        type: 'both-teams-to-score',
        name: 'Both teams to score',
        runners: [
          { id: 'f1/btts/yes', name: 'Yes' },
          { id: 'f1/btts/no', name: 'No' },
        ],
      },
    ],
    backPrices: [
      { bookmaker: 'bet-a', selectionId: 'f1/home', odds: 2.1, earlyPayout: { goalsAhead: 2 } },
      { bookmaker: 'bet-b', selectionId: 'f1/home', odds: 2.05 },
      { bookmaker: 'bet-a', selectionId: 'f1/away', odds: 4.2, earlyPayout: { goalsAhead: 2 } },
      { bookmaker: 'bet-a', selectionId: 'f1/draw', odds: 3.4 },
    ],
    exchangePrices: [
      book('smarkets', 'f1/home', 2.08, 2.1),
      book('smarkets', 'f1/draw', 3.5, 3.55),
      book('smarkets', 'f1/away', 4.1, 4.2),
      book('matchbook', 'f1/home', 2.06, 2.12, 0.015),
      lay('betconnect', 'f1/home', 2.0, 50_000, 0.03), // the best lay of all, but betconnect has no 2UP
      lay('betfair', 'f1/home', 2.02, 50_000, 0.02), // no 2upStandard key at betfair
      book('smarkets', 'f1/btts/yes', 1.8, 1.82),
      book('smarkets', 'f1/btts/no', 2.2, 2.24),
    ],
    betBuilders: [{ id: 'bb1', bookmaker: 'bet-a', eventId: 'f1', odds: 4.5, legs: ['f1/home', 'f1/btts/yes'] }],
  };
}

/**
 * A six-runner race: the exchange place market settles on 2 places; bookmaker bet-a pays 3
 * places at 1/5 (an extra place), bet-b pays 2 at 1/4 with BOG and a boosted price.
 */
export function race() {
  const runners = [1, 2, 3, 4, 5, 6].map((n) => ({ id: `r/${n}`, name: `Horse ${n}` }));
  const win = [3, 4, 5, 8, 10, 20]; // exchange mid odds (back = lay here)
  const place2 = [1.6, 1.9, 2.2, 3.2, 3.8, 6.5];
  const place3 = [1.35, 1.55, 1.75, 2.4, 2.8, 4.6];
  return {
    events: [{ id: 'race', sport: 'horse-racing', name: '14:30 Ascot', startsAt: '2025-08-16T14:30:00+01:00' }],
    markets: [{ id: 'race/win', eventId: 'race', type: 'win', name: 'Win', runners, exchangePlaces: 2 }],
    backPrices: [
      ...runners.map((r, i) => ({
        bookmaker: 'bet-a',
        selectionId: r.id,
        odds: (win[i] as number) * 1.1,
        eachWay: { places: 3, placeFraction: 0.2 },
      })),
      { bookmaker: 'bet-b', selectionId: 'r/1', odds: 3, eachWay: { places: 2, placeFraction: 0.25 }, bestOddsGuaranteed: true },
      { bookmaker: 'bet-b', selectionId: 'r/2', odds: 4.4, boostedFrom: 3.6, bestOddsGuaranteed: true },
    ],
    exchangePrices: [
      ...runners.map((r, i) => book('smarkets', r.id, win[i] as number, win[i] as number)),
      ...runners.map((r, i) => book('smarkets', r.id, place2[i] as number, place2[i] as number, 0.02, 2)),
      ...runners.map((r, i) => lay('smarkets', r.id, place3[i] as number, 50_000, 0.02, 3)),
      ...runners.map((r, i) => lay('matchbook', r.id, (win[i] as number) + 0.1, 50_000, 0.02)),
      ...runners.map((r, i) => lay('matchbook', r.id, (place2[i] as number) + 0.05, 50_000, 0.02, 2)),
      ...runners.map((r, i) => ({
        ...lay('betconnect', r.id, (win[i] as number) + 0.2, 50_000, 0.03),
        eachWayLay: { odds: (win[i] as number) + 0.3, liquidity: 20_000, places: 3, placeFraction: 0.2 },
      })),
    ],
  };
}

/** A golf outright: 8 players, exchange win, top-2 and top-4 markets; EW 3 places at 1/4 and 4 at 1/5. */
export function golf() {
  const players = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: `g/${n}`, name: `Golfer ${n}` }));
  const win = [4, 5, 6, 8, 10, 12, 20, 30];
  const top2 = [2.2, 2.6, 3.0, 3.9, 4.8, 5.6, 9, 13];
  const top4 = [1.4, 1.55, 1.7, 2.1, 2.5, 2.8, 4.2, 6];
  return {
    events: [{ id: 'open', sport: 'golf', name: 'The Open', startsAt: '2025-07-17T06:35:00+01:00' }],
    markets: [{ id: 'open/win', eventId: 'open', type: 'outright', name: 'Winner', runners: players }],
    backPrices: players.flatMap((p, i) => [
      { bookmaker: 'bet-a', selectionId: p.id, odds: (win[i] as number) * 1.25, eachWay: { places: 3, placeFraction: 0.25 } },
      { bookmaker: 'bet-b', selectionId: p.id, odds: (win[i] as number) * 1.1, eachWay: { places: 4, placeFraction: 0.2 } },
    ]),
    exchangePrices: [
      ...players.map((p, i) => book('smarkets', p.id, win[i] as number, win[i] as number)),
      ...players.map((p, i) => book('smarkets', p.id, top2[i] as number, top2[i] as number, 0.02, 2)),
      ...players.map((p, i) => book('smarkets', p.id, top4[i] as number, top4[i] as number, 0.02, 4)),
    ],
  };
}

/** Five football matches (two runners each for simplicity: home, away) for accas and lucky bets. */
export function coupon() {
  const matches = [
    { id: 'c1', back: 1.9, lay: 1.92, away: 2.1 },
    { id: 'c2', back: 2.5, lay: 2.52, away: 1.7 },
    { id: 'c3', back: 1.6, lay: 1.64, away: 2.6 },
    { id: 'c4', back: 3.1, lay: 3.2, away: 1.45 },
    { id: 'c5', back: 2.0, lay: 2.0, away: 2.0 },
  ];
  return {
    events: matches.map((m, i) => ({ id: m.id, sport: 'tennis', name: `Match ${m.id}`, startsAt: `2025-08-16T1${i}:00:00Z` })),
    markets: matches.map((m) => ({
      id: `${m.id}/mo`,
      eventId: m.id,
      type: 'match-odds',
      name: 'Match',
      runners: [
        { id: `${m.id}/a`, name: `Player A ${m.id}` },
        { id: `${m.id}/b`, name: `Player B ${m.id}` },
      ],
    })),
    backPrices: matches.flatMap((m) => [
      { bookmaker: 'bet-a', selectionId: `${m.id}/a`, odds: m.back },
      { bookmaker: 'bet-a', selectionId: `${m.id}/b`, odds: m.away * 0.9 },
    ]),
    exchangePrices: matches.flatMap((m) => [book('smarkets', `${m.id}/a`, m.lay, m.lay), book('smarkets', `${m.id}/b`, m.away, m.away)]),
  };
}

/**
 * Four even-money tennis matches for a hand-worked Lucky 15: both players backed and laid at 2.0 at
 * smarkets (so each fair probability is exactly 1/2), 2% commission, bookmaker bet-a pricing
 * player A of each match at 2.2.
 */
export function evensCoupon() {
  const ids = ['e1', 'e2', 'e3', 'e4'];
  return {
    events: ids.map((id, i) => ({ id, sport: 'tennis', name: `Match ${id}`, startsAt: `2025-08-16T1${i}:00:00Z` })),
    markets: ids.map((id) => ({
      id: `${id}/mo`,
      eventId: id,
      type: 'match-odds',
      name: 'Match',
      runners: [
        { id: `${id}/a`, name: `Player A ${id}` },
        { id: `${id}/b`, name: `Player B ${id}` },
      ],
    })),
    backPrices: ids.map((id) => ({ bookmaker: 'bet-a', selectionId: `${id}/a`, odds: 2.2 })),
    exchangePrices: ids.flatMap((id) => [book('smarkets', `${id}/a`, 2.0, 2.0), book('smarkets', `${id}/b`, 2.0, 2.0)]),
  };
}

/** Merges fixtures into one snapshot. */
export function merge(
  ...parts: { events: unknown[]; markets: unknown[]; backPrices: unknown[]; exchangePrices: unknown[]; betBuilders?: unknown[] }[]
) {
  return {
    events: parts.flatMap((p) => p.events),
    markets: parts.flatMap((p) => p.markets),
    backPrices: parts.flatMap((p) => p.backPrices),
    exchangePrices: parts.flatMap((p) => p.exchangePrices),
    betBuilders: parts.flatMap((p) => p.betBuilders ?? []),
  };
}
