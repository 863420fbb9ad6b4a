// Test-only (the sdk build excludes testing/ folders): fast-check arbitraries of tracked bets and
// a few hand-built bets shared by the tracker's tests.
import fc from 'fast-check';
import type { LegResult, TrackedBetInput, TrackedLegInput } from '../model';

/** Sources of the primary brand's catalogue, and manual. */
export const PRIMARY_SOURCES = ['oddsmatcher', 'two-up', 'extra-place', 'steam-chaser', 'golf-master', 'lucky-finder', 'casino', 'manual'];
export const ACCOUNTS = ['bet-co', 'punt-hub', 'smarkets', 'betfair'];

/** Odds written with up to 2 decimals, 1.01 to 50. */
export const odds2 = fc.integer({ min: 101, max: 5000 }).map((n) => n / 100);
/** A commission among the usual ones. */
export const commission = fc.constantFrom(0, 0.01, 0.02, 0.025, 0.05);
const known = fc.constantFrom<LegResult>('won', 'lost', 'void');

const leg = (role: 'qualifying' | 'free-bet', side: 'back' | 'lay', result: fc.Arbitrary<LegResult>): fc.Arbitrary<TrackedLegInput> =>
  fc.record({
    role: fc.constant(role),
    side: fc.constant(side),
    account: fc.constantFrom(...ACCOUNTS),
    odds: odds2,
    stake: fc.integer({ min: 0, max: 200_000 }),
    commission,
    result,
    market: fc.constantFrom(null, null, 'match-odds', 'place'),
    ...(role === 'free-bet' && side === 'back' ? { freeBet: fc.constantFrom('snr' as const, 'sr' as const) } : {}),
  });

const legsOf = (result: fc.Arbitrary<LegResult>): fc.Arbitrary<TrackedLegInput[]> =>
  fc
    .tuple(
      leg('qualifying', 'back', result),
      fc.array(leg('qualifying', 'lay', result), { maxLength: 3 }),
      fc.option(fc.tuple(leg('free-bet', 'back', result), fc.array(leg('free-bet', 'lay', result), { maxLength: 2 })), { nil: undefined }),
    )
    .map(([back, lays, free]) => possible(shareRates([back, ...lays, ...(free === undefined ? [] : [free[0], ...free[1]])])));

/**
 * Gives the lays of a role with one back the result that can happen with the back's: a lay whose
 * result equals a won or lost back's is turned the other way (a back and its lay on one selection
 * cannot both lose, nor both win on a guaranteed bet).
 */
export function possible(legs: TrackedLegInput[]): TrackedLegInput[] {
  const opposite = { won: 'lost', lost: 'won' } as const;
  return legs.map((l) => {
    const backs = legs.filter((b) => b.role === l.role && b.side === 'back');
    const back = backs[0]?.result;
    if (l.side !== 'lay' || backs.length !== 1 || (back !== 'won' && back !== 'lost') || l.result !== back) return l;
    return { ...l, result: opposite[back] };
  });
}

/** Gives every leg of a netted group (one role, one account, one market key) the commission of the group's first leg. */
function shareRates(legs: TrackedLegInput[]): TrackedLegInput[] {
  const rates = new Map<string, number>();
  return legs.map((l) => {
    if (l.market === null || l.market === undefined) return l;
    const key = `${l.role}\u0000${l.account}\u0000${l.market}`;
    const rate = rates.get(key) ?? l.commission ?? 0;
    rates.set(key, rate);
    return { ...l, commission: rate };
  });
}

/** Instants from 2025-01-01 to 2026-12-31 (both UK summer and winter time). */
export const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 11, 31) });

/** Any valid bet (open, settled or void) with the given id. */
export function betArb(id: string): fc.Arbitrary<TrackedBetInput> {
  return fc
    .record({
      status: fc.constantFrom('open' as const, 'settled' as const, 'void' as const),
      source: fc.constantFrom(...PRIMARY_SOURCES),
      profitType: fc.constantFrom('guaranteed' as const, 'potential' as const, 'training' as const, 'ev' as const),
      event: fc.string({ maxLength: 12 }),
      market: fc.string({ maxLength: 8 }),
      selection: fc.string({ maxLength: 8 }),
      expectedProfit: fc.integer({ min: -50_000, max: 50_000 }),
      placedAt: instant,
      delay: fc.integer({ min: 0, max: 10 * 86_400_000 }),
      note: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      openLegs: legsOf(fc.constantFrom<LegResult>('pending', 'won', 'lost', 'void')),
      doneLegs: legsOf(known),
    })
    .map((r) => ({
      id,
      source: r.source,
      profitType: r.profitType,
      // A bet whose every leg is void is void, not settled.
      status: r.status === 'settled' && r.doneLegs.every((l) => l.result === 'void') ? ('void' as const) : r.status,
      event: r.event,
      market: r.market,
      selection: r.selection,
      legs: r.status === 'open' ? r.openLegs : r.doneLegs,
      expectedProfit: r.expectedProfit,
      placedAt: r.placedAt,
      ...(r.status === 'open' ? {} : { settledAt: r.placedAt + r.delay }),
      ...(r.note === undefined ? {} : { note: r.note }),
    }));
}

/** A list of valid bets with unique ids. */
export const betsArb = (maxLength = 12): fc.Arbitrary<TrackedBetInput[]> =>
  fc.integer({ min: 0, max: maxLength }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => betArb(`bet-${i}`))));

/** An open qualifying back/lay bet at the given stakes and odds. */
export function qualifier(backStake: number, backOdds: number, layStake: number, layOdds: number, layCommission: number): TrackedBetInput {
  return {
    id: 'q1',
    source: 'oddsmatcher',
    profitType: 'guaranteed',
    status: 'open',
    event: 'Arsenal v Spurs',
    market: 'Match Odds',
    selection: 'Arsenal',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: backOdds, stake: backStake, result: 'pending' },
      {
        role: 'qualifying',
        side: 'lay',
        account: 'smarkets',
        odds: layOdds,
        stake: layStake,
        commission: layCommission,
        result: 'pending',
      },
    ],
    expectedProfit: 0,
    placedAt: Date.UTC(2025, 7, 11, 12),
  };
}
