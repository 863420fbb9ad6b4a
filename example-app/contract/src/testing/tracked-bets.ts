// Tracked bets for tests, in the sdk's form and the wire's: one qualifying back and lay on Arsenal v
// Spurs, so that the contract's, the server's and the web app's tests do not each spell a bet out.
// A test passes the fields it is about; the others are the defaults below. Only tests import this
// (`@matchkit/app-contract/testing`).
import type { TrackedBet, TrackedLeg } from '@matchkit/sdk/tracker';
import { betToWire, type WireTrackedBet } from '../tracked-bet';

/** A qualifying back leg, pending: £10 at 3.0 at bet-co, no free bet. */
export function backLeg(fields: Partial<TrackedLeg> = {}): TrackedLeg {
  return {
    role: 'qualifying',
    side: 'back',
    account: 'bet-co',
    odds: 3,
    stake: 1000,
    commission: 0,
    freeBet: null,
    result: 'pending',
    market: null,
    ...fields,
  };
}

/** The lay of {@link backLeg}, pending: £9.43 at 3.2 on smarkets, 2% commission. */
export function layLeg(fields: Partial<TrackedLeg> = {}): TrackedLeg {
  return backLeg({ side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, ...fields });
}

/** An open qualifying bet of the oddsmatcher, {@link backLeg} and {@link layLeg}, placed 2025-08-11 12:00 UTC. */
export function trackedBet(fields: Partial<TrackedBet> = {}): TrackedBet {
  return {
    id: 'bet_1',
    source: 'oddsmatcher',
    profitType: 'guaranteed',
    status: 'open',
    event: 'Arsenal v Spurs',
    market: 'Match Odds',
    selection: 'Arsenal',
    legs: [backLeg(), layLeg()],
    expectedProfit: -76,
    placedAt: Date.UTC(2025, 7, 11, 12),
    settledAt: null,
    settledProfit: null,
    note: null,
    ...fields,
  };
}

/** {@link trackedBet} as the platform sends it (instants as ISO 8601 in UTC). */
export function wireBet(fields: Partial<TrackedBet> = {}): WireTrackedBet {
  return betToWire(trackedBet(fields));
}
