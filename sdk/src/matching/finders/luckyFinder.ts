import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { expectedValue, MAX_ODDS } from '../../calculators/index';
import { balancedLay } from '../../calculators/core';
import { feedKeySchema } from '../model';
import {
  backsOf,
  bestLay,
  combinations,
  fairWinProbabilities,
  finderCommonShape,
  laysOf,
  marketField,
  openFinder,
  rankRows,
  type FinderInput,
  type FinderResult,
  type Lay,
} from './common';

/** The number of selections of each full-cover bet. */
const SELECTIONS = { lucky15: 4, lucky31: 5, lucky63: 6 } as const;

/**
 * A bookmaker's Lucky 15/31/63 offer. `oneWinnerOddsMultiplier` multiplies the winnings (odds − 1)
 * of the single when exactly one selection wins (2 for "double the odds on a sole winner");
 * `allWinnersBonus` adds that share of the total returns when every selection wins (0.1 for 10%).
 *
 * @example
 * ```ts
 * import type { LuckyOffer } from '@matchkit/sdk/matching';
 * const offer: LuckyOffer = { bookmaker: 'bet-co', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 };
 * ```
 */
export interface LuckyOffer {
  /** The bookmaker. */
  readonly bookmaker: string;
  /** The bet: Lucky 15 (4 selections), 31 (5) or 63 (6). */
  readonly bet: 'lucky15' | 'lucky31' | 'lucky63';
  /**
   * Multiplier of a sole winner's winnings, at least 1.
   * @defaultValue 1 (no bonus)
   */
  readonly oneWinnerOddsMultiplier?: number | undefined;
  /**
   * Bonus share of the returns when all selections win, at least 0.
   * @defaultValue 0
   */
  readonly allWinnersBonus?: number | undefined;
}

/**
 * Input of {@link findLuckyBets}. `stake` is the stake per line, pence.
 *
 * @example
 * ```ts
 * import type { LuckyFinderInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): LuckyFinderInput => ({ market, offer: { bookmaker: 'bet-co', bet: 'lucky15', oneWinnerOddsMultiplier: 2 }, stake: 50 });
 * ```
 */
export interface LuckyFinderInput extends FinderInput {
  /** The offer. */
  readonly offer: LuckyOffer;
  /**
   * How many of the best selections (by p × b, one per event, each with a lay at an enabled
   * exchange) are combined.
   * @defaultValue 10
   */
  readonly pool?: number | undefined;
}

/**
 * A Lucky 15/31/63 of selections from different events, each selection laid as a single at an
 * exchange, valued after the lays.
 *
 * @example
 * ```ts
 * import type { LuckyRow } from '@matchkit/sdk/matching';
 * const names = (r: LuckyRow) => r.selections.map((s) => `${s.selectionName} (lay ${s.layStake.toFixed(0)}p at ${s.exchange})`).join(', ');
 * ```
 */
export interface LuckyRow {
  /** The bookmaker. */
  readonly bookmaker: string;
  /** The bet. */
  readonly bet: LuckyOffer['bet'];
  /** The selections with their odds, fair win probabilities and lays. */
  readonly selections: readonly {
    /** Event id. */
    readonly eventId: string;
    /** Event name. */
    readonly eventName: string;
    /** Selection id. */
    readonly selectionId: string;
    /** Selection name. */
    readonly selectionName: string;
    /** The bookmaker's odds. */
    readonly backOdds: number;
    /** Fair win probability. */
    readonly probability: number;
    /** The exchange the selection is laid at (the best lay for a backer among the enabled exchanges). */
    readonly exchange: string;
    /** Its lay odds. */
    readonly layOdds: number;
    /** Its commission, a fraction. */
    readonly commission: number;
    /** The single lay stake, pence: (E[profit | it wins] − E[profit | it loses]) / (layOdds − commission), or 0 if that is negative. */
    readonly layStake: number;
    /** The lay's liability, pence: layStake × (layOdds − 1). */
    readonly liability: number;
  }[];
  /** Number of lines (15, 31 or 63). */
  readonly lines: number;
  /** Total stake, pence. */
  readonly totalStake: number;
  /** Expected profit of the lines without the bonuses and without the lays, pence (negative: the bookmaker's margin). */
  readonly expectedProfitWithoutBonus: number;
  /** Expected value the bonuses add, pence. */
  readonly bonusValue: number;
  /** Expected profit of backing alone, with the bonuses, no lay, pence: expectedProfitWithoutBonus + bonusValue. */
  readonly noLayExpectedProfit: number;
  /** What the lays cost on average, pence: the negated sum of their expected profits (commission and the exchange's margin). */
  readonly layCost: number;
  /** Expected profit after laying, pence: noLayExpectedProfit − layCost (the ranking key). */
  readonly expectedProfit: number;
  /** Total liability of the lays, pence. */
  readonly totalLiability: number;
  /** The smallest profit after laying over every combination of winners, pence (signed). */
  readonly worstCaseProfit: number;
  /** Probability that exactly one selection wins. */
  readonly probabilityOneWinner: number;
  /** Probability that every selection wins. */
  readonly probabilityAllWin: number;
}

const schema = s.object({
  ...marketField,
  ...finderCommonShape,
  pool: s.optional(v.pipe(s.int(), s.gte(4, 'must be at least 4'), s.lte(16, 'must be at most 16'))),
  offer: s.object({
    bookmaker: feedKeySchema,
    bet: s.picklist(['lucky15', 'lucky31', 'lucky63']),
    oneWinnerOddsMultiplier: s.optional(v.pipe(s.number(), s.gte(1, 'must be at least 1'), s.lte(100, 'must be at most 100'))),
    allWinnersBonus: s.optional(v.pipe(s.number(), s.gte(0, 'must be at least 0'), s.lte(10, 'must be at most 10'))),
  }),
});

interface Pick {
  eventId: string;
  eventName: string;
  selectionId: string;
  selectionName: string;
  backOdds: number;
  probability: number;
  lay: Lay;
}

/**
 * The bet's profit, bonuses included, for every set of winners (bit i of the index: selection i
 * won): the lines that pay are those whose selections all won, returning stake × Π b over them, so
 * the returns are stake × (Π over the winners of (1 + b) − 1).
 */
function profitByOutcome(combo: readonly Pick[], s: number, multiplier: number, bonus: number): Float64Array {
  const n = combo.length;
  const profits = new Float64Array(2 ** n);
  for (let mask = 0; mask < 2 ** n; mask++) {
    let product = 1;
    let winners = 0;
    let sole = 0;
    for (let i = 0; i < n; i++) {
      if ((mask & (1 << i)) === 0) continue;
      product *= 1 + (combo[i] as Pick).backOdds;
      winners++;
      sole = i;
    }
    let returns = s * (product - 1);
    if (winners === 1) returns += s * ((combo[sole] as Pick).backOdds - 1) * (multiplier - 1);
    if (winners === n) returns *= 1 + bonus;
    profits[mask] = returns - (2 ** n - 1) * s;
  }
  return profits;
}

/** The chance of exactly the winners in `mask` among the selections other than `skip` (−1: none skipped). */
function chanceOf(combo: readonly Pick[], mask: number, skip: number): number {
  let q = 1;
  combo.forEach((c, j) => {
    if (j !== skip) q *= (mask & (1 << j)) !== 0 ? c.probability : 1 - c.probability;
  });
  return q;
}

/**
 * Lucky finder (the other brand's Lucky Finder EV): Lucky 15, 31 or 63 bets of 4, 5 or 6
 * selections from different events at the offer's bookmaker, each selection laid as a single at an
 * exchange. Ranks by **the expected profit after laying** ("the EV of the bonus after laying"),
 * best first: the value of the offer's bonuses, less the bookmaker's margin on the lines and the
 * cost of the lays.
 *
 * How it is laid (the standard matched-betting approach of laying each selection on its own, made
 * precise): selection i is laid at its best enabled exchange (highest (1 − c)/(l − c)) with the
 * calculators' balanced lay applied to the bet's exposure to it, L = (W − X)/(l − c) with W and X
 * the bet's expected profit, bonuses included, if i wins and if it loses (the others' chances
 * unchanged). For a single this is exactly `backLay`'s qualifying lay; for a full-cover bet, with
 * independent selections, these single lays are the ones that minimise the variance of the whole
 * position (W − X is the regression coefficient of the profit on i's result). A negative W − X (a
 * large sole-winner bonus can make a win cost the bet) is laid with 0.
 *
 * Figures: the lines' value comes from the calculators' `expectedValue` (a line of k selections at
 * odds Π b with probability Π p); the bonuses' value is added exactly (a sole winner's winnings
 * multiplied; a share of the returns if all win, the returns of all lines being
 * stake × (Π (1 + b) − 1)); each lay's expected profit is p × (−L(l − 1)) + (1 − p) × L(1 − c);
 * the worst case is taken over every combination of winners.
 *
 * Assumptions: fair win probabilities from exchange mid prices (margin removed multiplicatively);
 * selections in different events are independent; lays matched in full at the quoted price; no
 * Rule 4, dead heats or non-runners. Only selections with a lay at an enabled exchange take part.
 * Bets whose all-selections line pays more than the calculators' largest odds (1e6) are skipped.
 *
 * @param input - the prices, the offer, the stake per line and the member's settings
 * @returns the bets, best expected profit after laying first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findLuckyBets } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * const best = findLuckyBets({ market, offer: { bookmaker: 'bet-co', bet: 'lucky15', oneWinnerOddsMultiplier: 2 }, stake: 50 }).rows[0];
 * best?.expectedProfit; // after the lays; best?.noLayExpectedProfit is the figure without them
 * ```
 */
export function findLuckyBets(input: LuckyFinderInput): FinderResult<LuckyRow> {
  const { ctx, input: o } = openFinder(schema, input, 'lucky finder input');
  const offer = o.offer;
  const n = SELECTIONS[offer.bet];
  const multiplier = offer.oneWinnerOddsMultiplier ?? 1;
  const bonus = offer.allWinnersBonus ?? 0;
  const s = ctx.stake;
  const bestPerEvent = new Map<string, Pick>();
  const fair = new Map<string, Map<string, number> | null>();
  for (const view of ctx.index.selections) {
    const back = backsOf(view, ctx).find((b) => b.bookmaker === offer.bookmaker);
    if (back === undefined) continue;
    const lay = bestLay(laysOf(view, ctx));
    if (lay === undefined) continue;
    if (!fair.has(view.market.id)) fair.set(view.market.id, fairWinProbabilities(ctx.index, view.market.id));
    const p = fair.get(view.market.id)?.get(view.runner.id);
    if (p === undefined) continue;
    const pick: Pick = {
      eventId: view.event.id,
      eventName: view.event.name,
      selectionId: view.runner.id,
      selectionName: view.runner.name,
      backOdds: back.odds,
      probability: p,
      lay,
    };
    const known = bestPerEvent.get(view.event.id);
    const value = p * back.odds;
    if (
      known === undefined ||
      value > known.probability * known.backOdds ||
      (value === known.probability * known.backOdds && pick.selectionId < known.selectionId)
    ) {
      bestPerEvent.set(view.event.id, pick);
    }
  }
  const pool = [...bestPerEvent.values()]
    .sort((a, b) => b.probability * b.backOdds - a.probability * a.backOdds || (a.selectionId < b.selectionId ? -1 : 1))
    .slice(0, o.pool ?? 10);
  const rows: LuckyRow[] = [];
  const lines = 2 ** n - 1;
  for (const combo of combinations(pool, n)) {
    // The calculators take odds up to 1e6: a bet whose every-selection line pays more is skipped.
    if (combo.reduce((acc, c) => acc * c.backOdds, 1) > MAX_ODDS) continue;
    let base = 0;
    for (let mask = 1; mask < 2 ** n; mask++) {
      let odds = 1;
      let probability = 1;
      for (let i = 0; i < n; i++) {
        if ((mask & (1 << i)) === 0) continue;
        odds *= (combo[i] as Pick).backOdds;
        probability *= (combo[i] as Pick).probability;
      }
      base += expectedValue({ backStake: s, backOdds: odds, probability }).expectedProfit;
    }
    const pAll = combo.reduce((acc, c) => acc * c.probability, 1);
    let pOne = 0;
    let oneWinnerBonus = 0;
    combo.forEach((c, i) => {
      const only = combo.reduce((acc, d, j) => acc * (j === i ? d.probability : 1 - d.probability), 1);
      pOne += only;
      oneWinnerBonus += only * s * (c.backOdds - 1) * (multiplier - 1);
    });
    const allReturns = s * (combo.reduce((acc, c) => acc * (1 + c.backOdds), 1) - 1);
    const bonusValue = oneWinnerBonus + pAll * allReturns * bonus;
    // The lays: W − X for selection i is the mean, over the others' results, of the change in the
    // bet's profit when i wins instead of losing.
    const profits = profitByOutcome(combo, s, multiplier, bonus);
    const layStakes = combo.map((c, i) => {
      let exposure = 0;
      for (let mask = 0; mask < 2 ** n; mask++) {
        if ((mask & (1 << i)) !== 0) continue;
        exposure += chanceOf(combo, mask, i) * ((profits[mask | (1 << i)] as number) - (profits[mask] as number));
      }
      return Math.max(0, balancedLay(exposure, 0, c.lay.odds, c.lay.commission));
    });
    let layCost = 0;
    combo.forEach((c, i) => {
      const L = layStakes[i] as number;
      layCost -= c.probability * -(L * (c.lay.odds - 1)) + (1 - c.probability) * L * (1 - c.lay.commission);
    });
    let worst = Infinity;
    for (let mask = 0; mask < 2 ** n; mask++) {
      let total = profits[mask] as number;
      combo.forEach((c, i) => {
        const L = layStakes[i] as number;
        total += (mask & (1 << i)) !== 0 ? -(L * (c.lay.odds - 1)) : L * (1 - c.lay.commission);
      });
      worst = Math.min(worst, total);
    }
    const noLay = base + bonusValue;
    rows.push({
      bookmaker: offer.bookmaker,
      bet: offer.bet,
      selections: Object.freeze(
        combo.map((c, i) =>
          Object.freeze({
            eventId: c.eventId,
            eventName: c.eventName,
            selectionId: c.selectionId,
            selectionName: c.selectionName,
            backOdds: c.backOdds,
            probability: c.probability,
            exchange: c.lay.exchange,
            layOdds: c.lay.odds,
            commission: c.lay.commission,
            layStake: layStakes[i] as number,
            liability: (layStakes[i] as number) * (c.lay.odds - 1),
          }),
        ),
      ),
      lines,
      totalStake: lines * s,
      expectedProfitWithoutBonus: base,
      bonusValue,
      noLayExpectedProfit: noLay,
      layCost,
      expectedProfit: noLay - layCost,
      totalLiability: combo.reduce((t, c, i) => t + (layStakes[i] as number) * (c.lay.odds - 1), 0),
      worstCaseProfit: worst,
      probabilityOneWinner: pOne,
      probabilityAllWin: pAll,
    });
  }
  return rankRows(
    rows,
    (r) => r.expectedProfit,
    (r) => r.selections.map((x) => x.selectionId).join('\u0001'),
    ctx.limit,
  );
}
