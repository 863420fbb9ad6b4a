import { describe, expect, it, vi } from 'vitest';
import { matchRating } from '@matchkit/sdk/calculators';
import { createOddsmatcher, indexMarketSnapshot, parseMarketSnapshot, type OddsmatchRow } from '@matchkit/sdk/matching';
import { validationError } from '../../internal/testing/validation';

// A small fixture: two football matches and a race; prices chosen so the ratings are easy to
// work out by hand.
const START = '2025-08-16T15:00:00+01:00';
function snapshot() {
  return {
    events: [
      { id: 'e1', sport: 'football', competition: 'Premier League', name: 'Arsenal v Spurs', startsAt: START },
      { id: 'e2', sport: 'football', name: 'Leeds v Hull', startsAt: '2025-08-17T15:00:00+01:00' },
      { id: 'e3', sport: 'horse-racing', name: '14:30 Ascot', startsAt: '2025-08-16T14:30:00+01:00' },
    ],
    markets: [
      {
        id: 'e1/mo',
        eventId: 'e1',
        type: 'match-odds',
        name: 'Match Odds',
        runners: [
          { id: 'e1/mo/home', name: 'Arsenal' },
          { id: 'e1/mo/draw', name: 'Draw' },
        ],
      },
      { id: 'e2/mo', eventId: 'e2', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e2/mo/home', name: 'Leeds' }] },
      { id: 'e3/win', eventId: 'e3', type: 'win', name: 'Win', runners: [{ id: 'e3/win/1', name: 'Fast Horse' }] },
    ],
    backPrices: [
      { bookmaker: 'bet-a', selectionId: 'e1/mo/home', odds: 3 },
      { bookmaker: 'bet-b', selectionId: 'e1/mo/home', odds: 2.9 },
      { bookmaker: 'bet-a', selectionId: 'e1/mo/draw', odds: 3.4 },
      { bookmaker: 'bet-a', selectionId: 'e2/mo/home', odds: 2 },
      { bookmaker: 'bet-b', selectionId: 'e3/win/1', odds: 6 },
    ],
    exchangePrices: [
      lay('smarkets', 'e1/mo/home', 3.2, 50_000, 0.02),
      lay('matchbook', 'e1/mo/home', 3.25, 900, 0.015),
      lay('smarkets', 'e1/mo/draw', 3.5, 20_000, 0.02),
      lay('smarkets', 'e2/mo/home', 2.02, 10_000, 0.02),
      lay('betconnect', 'e2/mo/home', 2, 10_000, 0.03),
      lay('smarkets', 'e3/win/1', 6.4, 5_000, 0.02),
    ],
  };
}
function lay(exchange: string, selectionId: string, odds: number, liquidity: number, commission: number) {
  return { exchange, selectionId, back: null, lay: { odds, liquidity }, commission };
}
const key = (r: OddsmatchRow) => `${r.selectionId} ${r.bookmaker} ${r.exchange}`;

function loaded(options: Parameters<typeof createOddsmatcher>[0] = {}) {
  const matcher = createOddsmatcher(options);
  matcher.load(snapshot());
  return matcher;
}

describe('oddsmatcher: the worked example (S = £10, b = 3, l = 3.2, c = 2%)', () => {
  it('scores the pair as worked by hand: L = 30/3.18, both outcomes lose 75.47p', () => {
    const row = loaded({ stake: 1000 })
      .getSnapshot()
      .find((r) => key(r) === 'e1/mo/home bet-a smarkets');
    expect(row).toBeDefined();
    // Hand-worked: rating = 3 × 0.98 / 3.18 = 2.94 / 3.18 = 0.9245283...
    expect(row?.rating).toBeCloseTo(92.45283018867924, 10);
    // SNR retention = 2 × 0.98 / 3.18 = 1.96 / 3.18
    expect(row?.snrRetention).toBeCloseTo(61.63522012578616, 10);
    // Lay stake L = 10 × 3 / 3.18 = £9.4339...; lay wins: 9.4339 × 0.98 − 10 = −0.7547; back wins:
    // 10 × 2 − 9.4339 × 2.2 = −0.7547. In pence: −75.47.
    const L = 1000 * (3 / 3.18);
    expect(row?.qualifyingLoss).toBeCloseTo(L * 0.98 - 1000, 9);
    expect(row?.qualifyingLoss).toBeCloseTo(1000 * 2 - L * 2.2, 9);
    expect(row?.qualifyingLoss).toBeCloseTo(-75.4716981, 6);
    expect(row).toMatchObject({
      eventName: 'Arsenal v Spurs',
      competition: 'Premier League',
      sport: 'football',
      startsAt: START,
      marketName: 'Match Odds',
      marketType: 'match-odds',
      selectionName: 'Arsenal',
      backOdds: 3,
      layOdds: 3.2,
      layLiquidity: 50_000,
      commission: 0.02,
    });
  });

  it('gives the lay stakes and the free-bet figures for the stake (£10 qualifier, £10 SNR free bet)', () => {
    const row = loaded({ stake: 1000 })
      .getSnapshot()
      .find((r) => key(r) === 'e1/mo/home bet-a smarkets');
    expect(row?.layStake).toBeCloseTo(3000 / 3.18, 9); // 943.40p
    expect(row?.freeBetLayStake).toBeCloseTo(2000 / 3.18, 9); // F(b − 1)/(l − c) = 628.93p
    // Free bet lost: the lay wins 628.93 × 0.98 = 616.35p; free bet won: 10 × 2 − 6.2893 × 2.2 = 6.1635
    expect(row?.freeBetProfit).toBeCloseTo((2000 / 3.18) * 0.98, 9);
    expect(row?.freeBetProfit).toBeCloseTo(2000 - (2000 / 3.18) * 2.2, 9);
    expect(row?.freeBetProfit).toBeCloseTo((1000 * (row?.snrRetention ?? 0)) / 100, 9);
  });

  it("agrees with the calculators' matchRating (to 1e-12, the arithmetic is factored differently)", () => {
    for (const row of loaded().getSnapshot()) {
      const rating = matchRating({ betType: 'qualifying', backOdds: row.backOdds, layOdds: row.layOdds, layCommission: row.commission });
      const snr = matchRating({ betType: 'snr', backOdds: row.backOdds, layOdds: row.layOdds, layCommission: row.commission });
      expect(Math.abs(row.rating - rating)).toBeLessThanOrEqual(1e-12 * rating);
      expect(Math.abs(row.snrRetention - snr)).toBeLessThanOrEqual(1e-12 * snr);
    }
  });
});

describe('oddsmatcher: ranking', () => {
  it('lists every back/lay pair of enabled exchanges, ranked by hand-computed ratings', () => {
    // betconnect is off by default: its lay on e2/mo/home is not paired.
    const expected = [
      ['e2/mo/home bet-a smarkets', (2 * 0.98) / 2.0],
      ['e1/mo/draw bet-a smarkets', (3.4 * 0.98) / 3.48],
      ['e1/mo/home bet-a smarkets', (3 * 0.98) / 3.18],
      ['e3/win/1 bet-b smarkets', (6 * 0.98) / 6.38],
      ['e1/mo/home bet-a matchbook', (3 * 0.985) / 3.235],
      ['e1/mo/home bet-b smarkets', (2.9 * 0.98) / 3.18],
      ['e1/mo/home bet-b matchbook', (2.9 * 0.985) / 3.235],
    ] as const;
    const rows = loaded().getSnapshot();
    expect(rows.map(key)).toEqual(expected.map(([k]) => k));
    rows.forEach((r, i) => expect(r.rating).toBeCloseTo((expected[i]?.[1] ?? 0) * 100, 10));
  });

  it('keeps only the top `limit` rows', () => {
    const rows = loaded({ limit: 2 }).getSnapshot();
    expect(rows.map(key)).toEqual(['e2/mo/home bet-a smarkets', 'e1/mo/draw bet-a smarkets']);
  });

  it('ranks by SNR retention when asked: (b − 1)(1 − c)/(l − c)', () => {
    const rows = loaded({ rankBy: 'snrRetention' }).getSnapshot();
    // e3: 5 × 0.98 / 6.38 = 0.768; e1 draw: 2.4 × 0.98 / 3.48 = 0.676; e1 home bet-a smarkets: 0.616
    expect(rows.slice(0, 3).map(key)).toEqual(['e3/win/1 bet-b smarkets', 'e1/mo/draw bet-a smarkets', 'e1/mo/home bet-a smarkets']);
    expect(rows[0]?.snrRetention).toBeCloseTo(((5 * 0.98) / 6.38) * 100, 10);
  });

  it('breaks equal ratings by selection id, then bookmaker, then exchange (code-unit order)', () => {
    const matcher = createOddsmatcher({ filters: { exchangeSettings: { betconnect: true } } });
    const ids = ['b', 'a', 'c'];
    matcher.load({
      events: [{ id: 'e', sport: 'tennis', name: 'A v B', startsAt: START }],
      markets: [{ id: 'm', eventId: 'e', type: 'match-odds', name: 'Match', runners: ids.map((id) => ({ id, name: id })) }],
      backPrices: ids.flatMap((id) => ['bk-z', 'bk-y'].map((bookmaker) => ({ bookmaker, selectionId: id, odds: 2 }))),
      exchangePrices: ids.flatMap((id) => ['smarkets', 'betdaq'].map((ex) => lay(ex, id, 2.1, 1000, 0.02))),
    });
    expect(matcher.getSnapshot().map(key)).toEqual([
      'a bk-y betdaq',
      'a bk-y smarkets',
      'a bk-z betdaq',
      'a bk-z smarkets',
      'b bk-y betdaq',
      'b bk-y smarkets',
      'b bk-z betdaq',
      'b bk-z smarkets',
      'c bk-y betdaq',
      'c bk-y smarkets',
      'c bk-z betdaq',
      'c bk-z smarkets',
    ]);
  });

  it('ignores exchange place-market prices and null lays', () => {
    const s = snapshot();
    const matcher = createOddsmatcher();
    matcher.load({
      ...s,
      exchangePrices: [
        { ...lay('smarkets', 'e3/win/1', 2, 5000, 0.02), places: 3 },
        { exchange: 'matchbook', selectionId: 'e3/win/1', back: { odds: 6, liquidity: 100 }, lay: null, commission: 0.02 },
      ],
    });
    expect(matcher.getSnapshot()).toEqual([]);
    expect(matcher.stats()).toEqual({ selections: 4, pairs: 0, candidates: 0 });
  });
});

describe('oddsmatcher: filters', () => {
  const keys = (options: Parameters<typeof createOddsmatcher>[0]) => loaded(options).getSnapshot().map(key).sort();
  const all = keys({});

  it('back odds range, inclusive', () => {
    expect(keys({ filters: { minOdds: 2.9, maxOdds: 3.4 } })).toEqual(all.filter((k) => !k.startsWith('e2') && !k.startsWith('e3')));
    expect(keys({ filters: { minOdds: 3, maxOdds: 3 } })).toEqual(['e1/mo/home bet-a matchbook', 'e1/mo/home bet-a smarkets']);
  });

  it('minimum rating, in percent, inclusive', () => {
    expect(keys({ filters: { minRating: 95 } })).toEqual(['e1/mo/draw bet-a smarkets', 'e2/mo/home bet-a smarkets']);
    // 2 × 0.98 / 2 is 0.98 exactly in binary? It is 0.98 (the same double): inclusive bound keeps it.
    expect(keys({ filters: { minRating: 98 } })).toEqual(['e2/mo/home bet-a smarkets']);
  });

  it('minimum liquidity at the lay price, pence', () => {
    expect(keys({ filters: { minLiquidity: 1000 } })).toEqual(all.filter((k) => !k.endsWith('matchbook')));
  });

  it('start window, inclusive instants (offsets respected)', () => {
    // 14:30+01:00 is 13:30Z; 15:00+01:00 is 14:00Z.
    expect(keys({ filters: { startsFrom: '2025-08-16T13:30:00Z', startsTo: '2025-08-16T13:30:00Z' } })).toEqual([
      'e3/win/1 bet-b smarkets',
    ]);
    expect(keys({ filters: { startsFrom: '2025-08-16T14:00:00Z', startsTo: '2025-08-16T23:59:59Z' } })).toEqual(
      all.filter((k) => k.startsWith('e1')),
    );
  });

  it('sports, market types and bookmakers', () => {
    expect(keys({ filters: { sports: ['horse-racing'] } })).toEqual(['e3/win/1 bet-b smarkets']);
    expect(keys({ filters: { marketTypes: ['win', 'match-odds'] } })).toEqual(all);
    expect(keys({ filters: { marketTypes: ['win'] } })).toEqual(['e3/win/1 bet-b smarkets']);
    expect(keys({ filters: { bookmakers: ['bet-b'] } })).toEqual(all.filter((k) => k.includes('bet-b')));
    expect(keys({ filters: { sports: [] } })).toEqual([]);
  });

  it("exchanges per the member's exchange settings (enabledExchanges)", () => {
    expect(keys({ filters: { exchangeSettings: { smarkets: false } } })).toEqual(all.filter((k) => k.endsWith('matchbook')));
    const withBetconnect = keys({ filters: { exchangeSettings: { betconnect: true } } });
    expect(withBetconnect).toEqual([...all, 'e2/mo/home bet-a betconnect'].sort());
  });

  it("the member's own commission replaces the feed's", () => {
    const row = loaded({ commissions: { smarkets: 0 } })
      .getSnapshot()
      .find((r) => key(r) === 'e1/mo/home bet-a smarkets');
    expect(row?.commission).toBe(0);
    expect(row?.rating).toBeCloseTo((3 / 3.2) * 100, 10);
  });

  it('setOptions replaces the given options and re-ranks everything', () => {
    const matcher = loaded();
    matcher.setOptions({ filters: { sports: ['horse-racing'] }, limit: 5 });
    expect(matcher.getSnapshot().map(key)).toEqual(['e3/win/1 bet-b smarkets']);
    matcher.setOptions({ rankBy: 'snrRetention' });
    expect(matcher.getOptions()).toMatchObject({ filters: { sports: ['horse-racing'] }, limit: 5, rankBy: 'snrRetention', stake: 1000 });
    matcher.setOptions({ filters: {} });
    expect(matcher.getSnapshot()).toHaveLength(5);
  });
});

describe('oddsmatcher: incremental updates', () => {
  it('a back-price tick re-ranks: the pair moves to the top', () => {
    const matcher = loaded();
    matcher.setBackPrice({ bookmaker: 'bet-b', selectionId: 'e1/mo/home', odds: 3.3 });
    // 3.3 × 0.98 / 3.18 = 1.01698: an arb, now first
    expect(matcher.getSnapshot().map(key).slice(0, 2)).toEqual(['e1/mo/home bet-b smarkets', 'e1/mo/home bet-b matchbook']);
    expect(matcher.getSnapshot()[0]?.rating).toBeCloseTo(((3.3 * 0.98) / 3.18) * 100, 10);
  });

  it('a lay tick re-ranks, a liquidity drop below the minimum removes the pair, a null lay removes the quote', () => {
    const matcher = loaded({ filters: { minLiquidity: 1000 } });
    matcher.setExchangePrice(lay('smarkets', 'e3/win/1', 6, 5000, 0.02));
    expect(matcher.getSnapshot()[0]?.selectionId).toBe('e3/win/1'); // 6 × 0.98 / 5.98 > 0.98
    matcher.setExchangePrice(lay('smarkets', 'e3/win/1', 6, 999, 0.02));
    expect(matcher.getSnapshot().some((r) => r.selectionId === 'e3/win/1')).toBe(false);
    matcher.setExchangePrice(lay('smarkets', 'e3/win/1', 6, 5000, 0.02));
    expect(matcher.getSnapshot()[0]?.selectionId).toBe('e3/win/1');
    matcher.setExchangePrice({ exchange: 'smarkets', selectionId: 'e3/win/1', back: null, lay: null, commission: 0.02 });
    expect(matcher.getSnapshot().some((r) => r.selectionId === 'e3/win/1')).toBe(false);
    // stored pairs: e1 home 2 × 2, e1 draw 1, e2 1 × 2 (betconnect stored, not shown); e3 has no lay now
    expect(matcher.stats().pairs).toBe(7);
  });

  it('keeps the snapshot reference (and notifies nobody) when a tick leaves the top rows unchanged', () => {
    const matcher = loaded({ limit: 2 });
    const listener = vi.fn();
    matcher.subscribe(listener);
    const before = matcher.getSnapshot();
    matcher.setBackPrice({ bookmaker: 'bet-b', selectionId: 'e1/mo/home', odds: 2.8 }); // far below the top 2
    expect(matcher.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    matcher.setBackPrice({ bookmaker: 'bet-a', selectionId: 'e1/mo/draw', odds: 3.45 }); // a top row changes
    expect(matcher.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(matcher.getSnapshot())).toBe(true);
    expect(Object.isFrozen(matcher.getSnapshot()[0])).toBe(true);
  });

  it('adds new bookmakers and exchanges to a selection, and removes them', () => {
    const matcher = loaded();
    for (const bookmaker of ['bet-c', 'bet-d', 'bet-e']) matcher.setBackPrice({ bookmaker, selectionId: 'e2/mo/home', odds: 1.9 });
    matcher.setExchangePrice(lay('betdaq', 'e2/mo/home', 1.95, 10_000, 0.02));
    // e2/mo/home: 4 bookmakers × 3 exchanges stored (betconnect off, so 8 pairs shown); others 4 + 1 + 1
    expect(matcher.stats().pairs).toBe(4 + 1 + 12 + 1);
    const e2 = matcher.getSnapshot().filter((r) => r.selectionId === 'e2/mo/home');
    expect(e2).toHaveLength(8);
    matcher.removeBackPrice('bet-c', 'e2/mo/home');
    matcher.removeExchangePrice('betdaq', 'e2/mo/home');
    expect(
      matcher
        .getSnapshot()
        .filter((r) => r.selectionId === 'e2/mo/home')
        .map(key)
        .sort(),
    ).toEqual(['e2/mo/home bet-a smarkets', 'e2/mo/home bet-d smarkets', 'e2/mo/home bet-e smarkets']);
    matcher.removeBackPrice('nobody', 'e2/mo/home');
    matcher.removeExchangePrice('smarkets', 'nowhere');
  });

  it('moving an event out of the start window removes its pairs; moving it back restores them', () => {
    const matcher = loaded({ filters: { startsTo: '2025-08-16T23:00:00+01:00' } });
    expect(matcher.getSnapshot().some((r) => r.eventId === 'e2')).toBe(false);
    matcher.upsertEvent({ id: 'e2', sport: 'football', name: 'Leeds v Hull', startsAt: '2025-08-16T20:00:00+01:00' });
    expect(matcher.getSnapshot()[0]).toMatchObject({ eventId: 'e2', startsAt: '2025-08-16T20:00:00+01:00' });
    matcher.upsertEvent({ id: 'e1', sport: 'football', name: 'Arsenal v Tottenham', startsAt: START });
    expect(matcher.getSnapshot().find((r) => r.eventId === 'e1')?.eventName).toBe('Arsenal v Tottenham');
  });

  it('adds and edits markets: new runners can be priced, dropped runners lose their pairs', () => {
    const matcher = loaded();
    matcher.upsertEvent({ id: 'e4', sport: 'tennis', name: 'Nadal v Federer', startsAt: START });
    matcher.upsertMarket({ id: 'e4/mo', eventId: 'e4', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e4/1', name: 'Nadal' }] });
    matcher.setBackPrice({ bookmaker: 'bet-a', selectionId: 'e4/1', odds: 1.5 });
    matcher.setExchangePrice(lay('smarkets', 'e4/1', 1.5, 1000, 0.02));
    expect(matcher.getSnapshot().some((r) => r.selectionId === 'e4/1')).toBe(true);
    matcher.upsertMarket({
      id: 'e1/mo',
      eventId: 'e1',
      type: 'match-odds',
      name: 'Full-time result',
      runners: [{ id: 'e1/mo/draw', name: 'The draw' }],
    });
    const rows = matcher.getSnapshot();
    expect(rows.some((r) => r.selectionId === 'e1/mo/home')).toBe(false);
    expect(rows.find((r) => r.selectionId === 'e1/mo/draw')).toMatchObject({ marketName: 'Full-time result', selectionName: 'The draw' });
    matcher.removeMarket('e4/mo');
    expect(matcher.getSnapshot().some((r) => r.selectionId === 'e4/1')).toBe(false);
    matcher.removeEvent('e1');
    expect(matcher.getSnapshot().some((r) => r.eventId === 'e1')).toBe(false);
    expect(() => matcher.setBackPrice({ bookmaker: 'bet-a', selectionId: 'e1/mo/draw', odds: 2 })).toThrow(/unknown selection/);
    matcher.removeEvent('e1');
    matcher.removeMarket('nope');
  });

  it('applyPrices applies a batch and re-ranks once', () => {
    const matcher = loaded();
    const listener = vi.fn();
    matcher.subscribe(listener);
    matcher.applyPrices({
      backPrices: [
        { bookmaker: 'bet-b', selectionId: 'e3/win/1', odds: 6.6 },
        { bookmaker: 'bet-a', selectionId: 'e2/mo/home', odds: 1.8 },
      ],
      exchangePrices: [lay('smarkets', 'e1/mo/draw', 3.4, 20_000, 0.02)],
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(matcher.getSnapshot()[0]?.selectionId).toBe('e3/win/1');
  });
});

describe('oddsmatcher: validation', () => {
  it('a bad price lists every bad field; commission ≥ 1 suggests the fraction', () => {
    const matcher = loaded();
    const error = validationError(() =>
      matcher.setExchangePrice({
        exchange: 'Smarkets',
        selectionId: 'e1/mo/home',
        back: null,
        lay: { odds: 1, liquidity: -5 },
        commission: 2,
      }),
    );
    expect(error.issues.map((i) => i.path).sort()).toEqual(['commission', 'exchange', 'lay.liquidity', 'lay.odds']);
    expect(error.issues.find((i) => i.path === 'commission')?.message).toBe('commission 2 is not a fraction: did you mean 0.02?');
    const nan = validationError(() => matcher.setBackPrice({ bookmaker: 'bet-a', selectionId: 'e1/mo/home', odds: Number.NaN }));
    expect(nan.issues.map((i) => i.path)).toEqual(['odds']);
    expect(nan.issues[0]?.message).toMatch(/^expected number/);
    expect(validationError(() => matcher.setBackPrice({ bookmaker: 'bet-a', selectionId: 'x', odds: 2 })).issues[0]?.path).toBe(
      'selectionId',
    );
  });

  it('a batch with a bad price applies nothing and names every bad entry', () => {
    const matcher = loaded();
    const before = matcher.getSnapshot();
    const error = validationError(() =>
      matcher.applyPrices({
        backPrices: [
          { bookmaker: 'bet-a', selectionId: 'e1/mo/home', odds: 10 },
          { bookmaker: 'bet-a', selectionId: 'e1/mo/home', odds: 0.5 },
        ],
        exchangePrices: [lay('smarkets', 'missing', 2, 1, 0.02)],
      }),
    );
    expect(error.issues.map((i) => i.path)).toEqual(['backPrices.1.odds', 'exchangePrices.0.selectionId']);
    expect(matcher.getSnapshot()).toBe(before);
  });

  it('bad options and contradictory ranges are rejected', () => {
    expect(
      validationError(() => createOddsmatcher({ limit: 0, stake: 10.5, rankBy: 'x' as 'rating' }))
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['limit', 'rankBy', 'stake']);
    expect(validationError(() => createOddsmatcher({ filters: { minOdds: 3, maxOdds: 2 } })).issues).toEqual([
      { path: 'filters.maxOdds', message: 'must be at least minOdds (3)' },
    ]);
    expect(
      validationError(() => createOddsmatcher({ filters: { startsFrom: '2025-08-17T00:00:00Z', startsTo: '2025-08-16T00:00:00Z' } }))
        .issues[0]?.path,
    ).toBe('filters.startsTo');
    expect(validationError(() => createOddsmatcher({ commissions: { smarkets: 5 } })).issues[0]?.message).toBe(
      'commission 5 is not a fraction: did you mean 0.05?',
    );
  });

  it('a snapshot with broken links is rejected with every problem', () => {
    const s = snapshot();
    const bad = {
      ...s,
      markets: [...s.markets, { id: 'e9/x', eventId: 'e9', type: 'win', name: 'Win', runners: [{ id: 'e1/mo/home', name: 'dup' }] }],
      backPrices: [
        ...s.backPrices,
        { bookmaker: 'bet-a', selectionId: 'e1/mo/home', odds: 3.1 },
        { bookmaker: 'bet-a', selectionId: 'ghost', odds: 2 },
      ],
    };
    const error = validationError(() => parseMarketSnapshot(bad));
    expect(error.issues.map((i) => i.path)).toEqual([
      'markets.3.eventId',
      'markets.3.runners.0.id',
      'backPrices.5',
      'backPrices.6.selectionId',
    ]);
    const matcher = createOddsmatcher();
    expect(() => matcher.load(bad)).toThrow(/Invalid market snapshot/);
  });

  it('load takes a MarketIndex: the same rows as the raw snapshot', () => {
    const fromIndex = createOddsmatcher();
    fromIndex.load(indexMarketSnapshot(snapshot()));
    expect(fromIndex.getSnapshot()).toEqual(loaded().getSnapshot());
    // 2 backs × 2 lays on e1 home, 1 × 1 on the draw, e2 and e3 (betconnect is off by default)
    expect(fromIndex.getSnapshot().length).toBe(4 + 1 + 1 + 1);
  });

  it('an index is not validated again: its brand vouches for its snapshot (validate once, rank with many tools)', () => {
    // An object carrying the index brand around a snapshot that parseMarketSnapshot would reject
    // (an empty event name): load uses it as it is, where the raw snapshot throws.
    const s = snapshot();
    const unchecked = { ...s, events: s.events.map((e) => (e.id === 'e2' ? { ...e, name: '' } : e)) };
    expect(() => createOddsmatcher().load(unchecked)).toThrow(/Invalid market snapshot/);
    const branded = { snapshot: unchecked, [Symbol.for('@matchkit/sdk/market-index')]: true };
    const matcher = createOddsmatcher();
    matcher.load(branded);
    expect(matcher.getSnapshot().find((r) => r.eventId === 'e2')?.eventName).toBe('');
  });

  it('a market cannot reuse another market’s runner id or name an unknown event', () => {
    const matcher = loaded();
    const error = validationError(() =>
      matcher.upsertMarket({ id: 'new', eventId: 'zzz', type: 'win', name: 'Win', runners: [{ id: 'e1/mo/home', name: 'x' }] }),
    );
    expect(error.issues.map((i) => i.path)).toEqual(['eventId', 'runners.0.id']);
  });
});

describe('oddsmatcher: housekeeping', () => {
  it('a selection filtered out after its block moved (a new bookmaker) hides only its own pairs', () => {
    const matcher = loaded({ filters: { exchangeSettings: { betconnect: true } } });
    // e1/mo/home gains a third bookmaker: its block moves to the end of the columns
    matcher.setBackPrice({ bookmaker: 'bet-c', selectionId: 'e1/mo/home', odds: 3.1 });
    expect(matcher.getSnapshot().filter((r) => r.selectionId === 'e1/mo/home')).toHaveLength(6);
    matcher.setOptions({ filters: { exchangeSettings: { betconnect: true }, sports: ['horse-racing'] } });
    expect(matcher.getSnapshot().map(key)).toEqual(['e3/win/1 bet-b smarkets']);
    matcher.setOptions({
      filters: { exchangeSettings: { betconnect: true }, marketTypes: ['match-odds'], startsFrom: '2025-08-17T00:00:00Z' },
    });
    expect(matcher.getSnapshot().map(key)).toEqual(['e2/mo/home bet-a betconnect', 'e2/mo/home bet-a smarkets']);
  });

  it('stays correct through heavy churn (blocks moved, removed, compacted)', () => {
    const matcher = createOddsmatcher({ limit: 5, filters: { exchangeSettings: { betconnect: true } } });
    matcher.load({ events: [], markets: [], backPrices: [], exchangePrices: [] });
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < 400; e++) {
        const id = `r${round}e${e}`;
        matcher.upsertEvent({ id, sport: 'football', name: id, startsAt: START });
        matcher.upsertMarket({ id: `${id}/m`, eventId: id, type: 'match-odds', name: 'MO', runners: [{ id: `${id}/s`, name: 'S' }] });
        for (const [i, bookmaker] of ['a', 'b', 'c', 'd', 'e'].entries()) {
          matcher.setBackPrice({ bookmaker, selectionId: `${id}/s`, odds: 2 + ((e * 7 + i) % 50) / 100 });
        }
        for (const exchange of ['smarkets', 'matchbook', 'betdaq', 'betconnect'])
          matcher.setExchangePrice(lay(exchange, `${id}/s`, 2.5, 100, 0.02));
      }
      for (let e = 0; e < 400; e++) if (e % 4 !== 0) matcher.removeEvent(`r${round}e${e}`);
    }
    // Left: events e ≡ 0 (mod 4) of each round; best back odds 2 + ((7e + i) mod 50)/100 maximal
    const expected: { id: string; odds: number; bookmaker: string }[] = [];
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < 400; e += 4) {
        ['a', 'b', 'c', 'd', 'e'].forEach((bookmaker, i) =>
          expected.push({ id: `r${round}e${e}/s`, odds: 2 + ((e * 7 + i) % 50) / 100, bookmaker }),
        );
      }
    }
    expected.sort((x, y) => y.odds - x.odds || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0) || (x.bookmaker < y.bookmaker ? -1 : 1));
    const top = expected
      .slice(0, 2)
      .flatMap((x) => ['betconnect', 'betdaq', 'matchbook', 'smarkets'].map((exchange) => `${x.id} ${x.bookmaker} ${exchange}`));
    expect(matcher.getSnapshot().map(key)).toEqual(top.slice(0, 5));
    expect(matcher.stats()).toEqual({ selections: 300, pairs: 300 * 20, candidates: 300 * 20 });
  });
});

describe('oddsmatcher: price boosts', () => {
  // bet-c boosts Arsenal from 2.9 to 3.4 (max £25): a 104% "match" that is a boost, not a match.
  const boosted = { bookmaker: 'bet-c', selectionId: 'e1/mo/home', odds: 3.4, boostedFrom: 2.9, maxStake: 2500 };
  const standard = { bookmaker: 'bet-c', selectionId: 'e1/mo/home', odds: 2.9 };
  const withBack = (p: object) => ({ ...snapshot(), backPrices: [...snapshot().backPrices, p] });
  const boostRows = (rows: readonly OddsmatchRow[]) => rows.filter((r) => r.bookmaker === 'bet-c');

  it('ranks a boosted price at the bookmaker’s standard price by default, unmarked, loaded or ticked in', () => {
    const matcher = createOddsmatcher({ limit: 50 });
    matcher.load(withBack(boosted));
    const plain = createOddsmatcher({ limit: 50 });
    plain.load(withBack(standard));
    expect(matcher.getSnapshot()).toEqual(plain.getSnapshot());
    expect(boostRows(matcher.getSnapshot()).every((r) => r.backOdds === 2.9 && !('boostedFrom' in r) && !('maxStake' in r))).toBe(true);
    matcher.setBackPrice({ ...boosted, odds: 3.6 });
    matcher.applyPrices({ backPrices: [{ ...boosted, odds: 3.8 }] });
    expect(matcher.getSnapshot()).toEqual(plain.getSnapshot());
  });

  it('ranks boosts at the boosted odds when the member asks, marked with the price before and the maximum stake', () => {
    const matcher = createOddsmatcher({ limit: 50, filters: { includeBoosts: true } });
    matcher.load(withBack(boosted));
    const [top] = matcher.getSnapshot();
    expect(top).toMatchObject({ bookmaker: 'bet-c', backOdds: 3.4, boostedFrom: 2.9, maxStake: 2500 });
    expect(
      matcher
        .getSnapshot()
        .filter((r) => r.bookmaker !== 'bet-c')
        .every((r) => !('boostedFrom' in r)),
    ).toBe(true);
    // The boost ends (a standard price again): the row loses its mark.
    matcher.setBackPrice({ ...standard, odds: 3 });
    const after = boostRows(matcher.getSnapshot());
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.backOdds === 3 && !('boostedFrom' in r) && !('maxStake' in r))).toBe(true);
    // Boosted again, then the filter turned off: back to the standard price.
    matcher.setBackPrice(boosted);
    expect(boostRows(matcher.getSnapshot())[0]).toMatchObject({ backOdds: 3.4, boostedFrom: 2.9 });
    matcher.setOptions({ filters: {} });
    expect(boostRows(matcher.getSnapshot()).every((r) => r.backOdds === 2.9 && !('boostedFrom' in r))).toBe(true);
    matcher.setOptions({ filters: { includeBoosts: true } });
    expect(boostRows(matcher.getSnapshot())[0]).toMatchObject({ backOdds: 3.4, boostedFrom: 2.9, maxStake: 2500 });
  });

  it('refuses a maximum stake that is not whole pence, naming it', () => {
    const matcher = loaded();
    expect(validationError(() => matcher.setBackPrice({ ...boosted, maxStake: 12.5 })).issues.map((i) => i.path)).toContain('maxStake');
  });
});
