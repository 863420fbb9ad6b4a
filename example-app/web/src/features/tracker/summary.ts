// The figures of the tracker's summary strip that the server's totals do not give: what the open
// bets' lays put at risk (the sdk's openLiability), and this month's settled profit against the
// member's target (the sdk's goalProgress).
import { betFromWire } from '@matchkit/app-contract';
import type { Brand } from '@matchkit/sdk/brands';
import { goalProgress, openLiability, type GoalProgress } from '@matchkit/sdk/tracker';
import type { GqlTrackedBet } from '@matchkit/sdk/transport';

/** The open bets' liability in pence (the sdk's openLiability), or null when the sdk refuses the bets. */
export function liabilityOf(bets: readonly GqlTrackedBet[]): number | null {
  try {
    return openLiability(bets.map(betFromWire));
  } catch {
    return null;
  }
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
