// The figures of the tracker's summary strip that the server's totals do not give: what the open
// bets' lays put at risk, and this month's settled profit against the member's target (the sdk's
// goalProgress).
import { betFromWire } from '@matchkit/app-contract';
import type { Brand } from '@matchkit/sdk/brands';
import { goalProgress, type GoalProgress } from '@matchkit/sdk/tracker';
import type { GqlTrackedBet } from '@matchkit/sdk/transport';

/**
 * The open liability, in pence: what the pending lays of the open bets lose if their selections
 * win, each lay's stake × (odds − 1) rounded to the penny, summed. The backs' stakes are already
 * paid to the bookmaker (they are in "Staked"), so only the lays are at risk still.
 */
export function openLiability(bets: readonly GqlTrackedBet[]): number {
  let total = 0;
  for (const bet of bets) {
    if (bet.status !== 'open') continue;
    for (const leg of bet.legs) if (leg.side === 'lay' && leg.result === 'pending') total += Math.round(leg.stake * (leg.odds - 1));
  }
  return total;
}

/** This month's progress against the member's goal, or null without a goal (or when the sdk refuses the bets). */
export function monthProgress(brand: Brand, bets: readonly GqlTrackedBet[], goal: string | null, month: string): GoalProgress | null {
  if (goal === null) return null;
  try {
    return goalProgress(brand, bets.map(betFromWire), { goal, month });
  } catch {
    return null;
  }
}
