import * as z from 'zod/mini';
import { expectedValue, MAX_ODDS } from '../../calculators/index';
import { feedKeySchema } from '../model';
import { backsOf, combinations, fairWinProbabilities, finderCommonShape, marketField, openFinder, rankRows, type FinderInput, type FinderResult } from './common';

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
   * How many of the best selections (by p × b, one per event) are combined.
   * @defaultValue 10
   */
  readonly pool?: number | undefined;
}

/**
 * A Lucky 15/31/63 of selections from different events, valued without a lay.
 *
 * @example
 * ```ts
 * import type { LuckyRow } from '@matchkit/sdk/matching';
 * const names = (r: LuckyRow) => r.selections.map((s) => s.selectionName).join(', ');
 * ```
 */
export interface LuckyRow {
  /** The bookmaker. */
  readonly bookmaker: string;
  /** The bet. */
  readonly bet: LuckyOffer['bet'];
  /** The selections with their odds and fair win probabilities. */
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
  }[];
  /** Number of lines (15, 31 or 63). */
  readonly lines: number;
  /** Total stake, pence. */
  readonly totalStake: number;
  /** Expected profit of the lines without the bonuses, pence. */
  readonly expectedProfitWithoutBonus: number;
  /** Expected value the bonuses add, pence. */
  readonly bonusValue: number;
  /** Expected profit with the bonuses, pence (the ranking key). */
  readonly expectedProfit: number;
  /** Probability that exactly one selection wins. */
  readonly probabilityOneWinner: number;
  /** Probability that every selection wins. */
  readonly probabilityAllWin: number;
}

const schema = z.object({
  ...marketField,
  ...finderCommonShape,
  pool: z.optional(z.int().check(z.gte(4, 'must be at least 4'), z.lte(16, 'must be at most 16'))),
  offer: z.object({
    bookmaker: feedKeySchema,
    bet: z.literal(['lucky15', 'lucky31', 'lucky63']),
    oneWinnerOddsMultiplier: z.optional(z.number().check(z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100'))),
    allWinnersBonus: z.optional(z.number().check(z.gte(0, 'must be at least 0'), z.lte(10, 'must be at most 10'))),
  }),
});

interface Pick {
  eventId: string;
  eventName: string;
  selectionId: string;
  selectionName: string;
  backOdds: number;
  probability: number;
}

/**
 * Lucky finder (the other brand's Lucky Finder EV): Lucky 15, 31 or 63 bets of 4, 5 or 6
 * selections from different events at the offer's bookmaker. Each event contributes its best
 * selection by p × b; the best `pool` are combined in every way. Ranks by the expected profit of
 * the whole bet with the offer's bonuses, best first: every line's value comes from the
 * calculators' `expectedValue` (a line of k selections at odds Π b with probability Π p), the
 * bonuses' value is added exactly (a sole winner's winnings multiplied; a share of the returns if
 * all win, the returns of all lines being stake × (Π (1 + b) − 1)).
 *
 * Assumptions: fair win probabilities from exchange mid prices (margin removed multiplicatively);
 * selections in different events are independent; no lay (the EV of backing); no Rule 4, dead heats
 * or non-runners. Bets whose all-selections line pays more than the calculators' largest odds
 * (1e6) are skipped.
 *
 * @param input - the prices, the offer, the stake per line and the member's settings
 * @returns the bets, best expected profit first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findLuckyBets } from '@matchkit/sdk/matching';
 * declare const market: unknown;
 * findLuckyBets({ market, offer: { bookmaker: 'bet-co', bet: 'lucky15', oneWinnerOddsMultiplier: 2 }, stake: 50 }).rows[0]?.bonusValue;
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
    if (!fair.has(view.market.id)) fair.set(view.market.id, fairWinProbabilities(ctx.index, view.market.id));
    const p = fair.get(view.market.id)?.get(view.runner.id);
    if (p === undefined) continue;
    const pick: Pick = { eventId: view.event.id, eventName: view.event.name, selectionId: view.runner.id, selectionName: view.runner.name, backOdds: back.odds, probability: p };
    const known = bestPerEvent.get(view.event.id);
    const value = p * back.odds;
    if (known === undefined || value > known.probability * known.backOdds || (value === known.probability * known.backOdds && pick.selectionId < known.selectionId)) {
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
      base += expectedValue({ stake: s, odds, probability }).expectedProfit;
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
    rows.push({
      bookmaker: offer.bookmaker,
      bet: offer.bet,
      selections: combo.map((c) => Object.freeze({ ...c })),
      lines,
      totalStake: lines * s,
      expectedProfitWithoutBonus: base,
      bonusValue,
      expectedProfit: base + bonusValue,
      probabilityOneWinner: pOne,
      probabilityAllWin: pAll,
    });
  }
  return rankRows(rows, (r) => r.expectedProfit, (r) => r.selections.map((x) => x.selectionId).join('\u0001'), ctx.limit);
}
