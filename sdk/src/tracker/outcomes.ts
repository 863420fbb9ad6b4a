// Leg results that cannot happen together. A tracked bet has one selection; a role (the qualifier,
// the free bet) with one back leg is that back and the lays that hedge it, all on that selection.
// - The back lost and a lay lost: the back lost because the selection did not do what was backed,
//   the lay lost because it did. No offer makes this possible: an early payout (2UP) pays the back
//   more often, an extra place pays the back for more places than the exchange settles on.
// - The back won and a lay won, on a `guaranteed` bet: a matched bet's both outcomes are fixed, so
//   exactly one side wins. Only an offer makes both win (2UP paid early, the extra place itself),
//   and such a bet is `potential` (or `ev`), never `guaranteed`.
// A role with several backs (each-way, a lock-in back at the exchange) does not record which lay
// hedges which back, so its results are not compared. Void legs are never compared (a bookmaker
// voids on its own).
import type { ValidationIssue } from '../errors/errors';
import type { ProfitType } from '../model/schemas';
import type { LegResult, TrackedLeg } from './model';

type Leg = Pick<TrackedLeg, 'role' | 'side' | 'result'>;

/** One impossible pair: the back's and the lay's leg indices, and why. */
export interface ImpossiblePair {
  readonly back: number;
  readonly lay: number;
  readonly result: LegResult;
}

/** Every back/lay pair of the legs whose results cannot happen together, in leg order. */
export function impossiblePairs(
  profitType: ProfitType,
  legs: readonly Leg[],
  results: readonly LegResult[] = legs.map((l) => l.result),
): ImpossiblePair[] {
  const pairs: ImpossiblePair[] = [];
  for (const role of ['qualifying', 'free-bet'] as const) {
    const backs = legs.flatMap((l, n) => (l.role === role && l.side === 'back' ? [n] : []));
    if (backs.length !== 1) continue;
    const back = backs[0] as number;
    const backResult = results[back];
    if (backResult !== 'won' && backResult !== 'lost') continue;
    if (backResult === 'won' && profitType !== 'guaranteed') continue;
    legs.forEach((l, lay) => {
      if (l.role === role && l.side === 'lay' && results[lay] === backResult) pairs.push({ back, lay, result: backResult });
    });
  }
  return pairs;
}

/** Whether a bet's legs record results that can happen together (a void bet always can: it counts for nothing). */
export function isPossible(bet: { readonly status: string; readonly profitType: ProfitType; readonly legs: readonly Leg[] }): boolean {
  return bet.status === 'void' || impossiblePairs(bet.profitType, bet.legs).length === 0;
}

/**
 * Records one issue per leg of every impossible pair, at `path(n)` (`legs.0.result`,
 * `options.results.1`), each naming the other leg.
 */
export function checkPossible(
  profitType: ProfitType,
  legs: readonly Leg[],
  results: readonly LegResult[],
  issues: ValidationIssue[],
  path: (n: number) => string,
  legName: (n: number) => string,
): void {
  const found = new Map<number, string[]>();
  const note = (n: number, text: string) => found.set(n, [...(found.get(n) ?? []), text]);
  for (const p of impossiblePairs(profitType, legs, results)) {
    const both = p.result === 'won' ? 'won' : 'lost';
    const why =
      p.result === 'won'
        ? 'the back and the lay of one selection cannot both win on a guaranteed bet (record an early payout or an extra place as potential)'
        : 'the back and the lay of one selection cannot both lose';
    note(p.back, `cannot be ${both} while ${legName(p.lay)} (its lay) is ${both} too: ${why}`);
    note(p.lay, `cannot be ${both} while ${legName(p.back)} (the back it hedges) is ${both} too: ${why}`);
  }
  [...found.keys()].sort((a, b) => a - b).forEach((n) => issues.push({ path: path(n), message: (found.get(n) as string[]).join('; ') }));
}
