// Leg results that cannot happen together. A role (the qualifier, the free bet) with one back leg is
// that back and the lays that hedge it: lays of the back's own selection (one lay, or a lay in
// parts), or, for an acca, one lay per leg of the acca (each on another selection).
// - The back won and a lay won, on a `guaranteed` bet: a matched bet's both outcomes are fixed, so
//   when the back won every lay lost (its own selection did what was backed; an acca's every leg
//   won). Only an offer makes both win (2UP paid early, the extra place itself), and such a bet is
//   `potential` (or `ev`), never `guaranteed`.
// - The back lost and every lay lost, whatever the profit type: a back on one selection lost because
//   the selection did not do what was backed, so its lay won; an acca lost because one of its legs
//   lost, and that leg's lay (placed once the legs before it had won) won. One lay that won is
//   enough: with an acca's lays the others may well have lost. No offer makes this possible.
// A role with several backs (each-way, a lock-in back at the exchange) does not record which lay
// hedges which back, so its results are not compared. Void legs are never compared (a bookmaker
// voids on its own; an acca's lay never placed because an earlier leg lost is recorded void).
import type { ResultConflict, ValidationIssue } from '../errors/errors';
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
    const lays = legs.flatMap((l, n) => (l.role === role && l.side === 'lay' && results[n] !== 'void' ? [n] : []));
    if (backResult === 'won') {
      if (profitType !== 'guaranteed') continue;
      for (const lay of lays) if (results[lay] === 'won') pairs.push({ back, lay, result: 'won' });
    } else if (lays.length > 0 && lays.every((lay) => results[lay] === 'lost')) {
      for (const lay of lays) pairs.push({ back, lay, result: 'lost' });
    }
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
  const conflicts = new Map<number, ResultConflict>();
  const note = (n: number, text: string) => found.set(n, [...(found.get(n) ?? []), text]);
  const pairs = impossiblePairs(profitType, legs, results);
  for (const p of pairs) {
    const both = p.result === 'won' ? 'won' : 'lost';
    const why =
      p.result === 'won'
        ? 'the back and the lay of one selection cannot both win on a guaranteed bet (record an early payout or an extra place as potential)'
        : 'a back that lost needs one of its lays to have won (the lay of its selection, or of the acca leg that lost)';
    note(p.back, `cannot be ${both} while ${legName(p.lay)} (its lay) is ${both} too: ${why}`);
    note(p.lay, `cannot be ${both} while ${legName(p.back)} (the back it hedges) is ${both} too: ${why}`);
    const conflict: ResultConflict = {
      back: p.back,
      lays: pairs.filter((q) => q.back === p.back).map((q) => q.lay),
      result: both,
    };
    conflicts.set(p.back, conflict);
    conflicts.set(p.lay, conflict);
  }
  [...found.keys()]
    .sort((a, b) => a - b)
    .forEach((n) => {
      const conflict = conflicts.get(n);
      issues.push({ path: path(n), message: (found.get(n) as string[]).join('; '), ...(conflict === undefined ? {} : { conflict }) });
    });
}
