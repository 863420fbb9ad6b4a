import * as s from '../../internal/schemas';
import { expectedValue } from '../../calculators/index';
import { fairWinProbabilities, finderCommonShape, marketField, openFinder, rankRows, type FinderInput, type FinderResult } from './common';

/**
 * Input of {@link findBetBuilderValue}.
 *
 * @example
 * ```ts
 * import type { BetBuilderInput } from '@matchkit/sdk/matching';
 * const input = (market: unknown): BetBuilderInput => ({ market, stake: 500 });
 * ```
 */
export type BetBuilderInput = FinderInput;

/**
 * A bet builder compared with its legs' exchange-implied probabilities. Approximate.
 *
 * @example
 * ```ts
 * import type { BetBuilderRow } from '@matchkit/sdk/matching';
 * const looksGood = (r: BetBuilderRow) => r.valueRatio > 1.1;
 * ```
 */
export interface BetBuilderRow {
  /** Id of the bet-builder price. */
  readonly id: string;
  /** Event id. */
  readonly eventId: string;
  /** Event name. */
  readonly eventName: string;
  /** Event start. */
  readonly startsAt: string;
  /** Bookmaker. */
  readonly bookmaker: string;
  /** The bet builder's decimal odds. */
  readonly odds: number;
  /** The legs with their fair probabilities. */
  readonly legs: readonly {
    /** Selection id of the leg. */
    readonly selectionId: string;
    /** Selection name. */
    readonly selectionName: string;
    /** Fair probability of the leg. */
    readonly probability: number;
  }[];
  /** Product of the legs' fair probabilities (treating them as independent). */
  readonly impliedProbability: number;
  /** odds × impliedProbability: above 1 suggests value (the ranking key). */
  readonly valueRatio: number;
  /** Expected profit of the stake at that probability, pence (`expectedValue`). */
  readonly expectedProfit: number;
  /** Always true: the legs of a bet builder are correlated, which the ratio ignores. */
  readonly approximate: true;
}

const schema = s.object({ ...marketField, ...finderCommonShape });

/**
 * Bet builder finder: each bookmaker bet-builder price against the exchanges' fair probabilities
 * of its legs (each leg's market: exchange mid prices, margin removed multiplicatively). Ranks by
 * the value ratio, odds × Π p(leg), best first; the expected profit comes from the calculators'
 * `expectedValue` at probability Π p(leg). Approximate, and flagged so: the legs of a same-game
 * multiple are correlated (a team winning and its striker scoring), and the product treats them
 * as independent. Bet builders with a leg whose market has no full exchange book are skipped.
 *
 * @param input - the prices (with `betBuilders`), the stake and the member's settings
 * @returns the bet builders, best value ratio first
 * @throws MatchkitValidationError listing every bad field
 *
 * @example
 * ```ts
 * import { findBetBuilderValue } from '@matchkit/sdk/matching';
 * const market = { events: [], markets: [], backPrices: [], exchangePrices: [] }; // your feed's snapshot
 * findBetBuilderValue({ market }).rows.filter((r) => r.valueRatio > 1);
 * ```
 */
export function findBetBuilderValue(input: BetBuilderInput): FinderResult<BetBuilderRow> {
  const { ctx } = openFinder(schema, input, 'bet builder input');
  const rows: BetBuilderRow[] = [];
  const fair = new Map<string, Map<string, number> | null>();
  for (const builder of ctx.index.snapshot.betBuilders ?? []) {
    if (ctx.bookmakers !== null && !ctx.bookmakers.has(builder.bookmaker)) continue;
    const legs: { selectionId: string; selectionName: string; probability: number }[] = [];
    for (const id of builder.legs) {
      const view = ctx.index.selection(id);
      if (view === undefined) break;
      if (!fair.has(view.market.id)) fair.set(view.market.id, fairWinProbabilities(ctx.index, view.market.id));
      const p = fair.get(view.market.id)?.get(id);
      if (p === undefined) break;
      legs.push({ selectionId: id, selectionName: view.runner.name, probability: p });
    }
    if (legs.length !== builder.legs.length) continue;
    const implied = legs.reduce((acc, l) => acc * l.probability, 1);
    const event = ctx.index.event(builder.eventId);
    if (event === undefined) continue;
    const ev = expectedValue({ backStake: ctx.stake, backOdds: builder.odds, probability: implied });
    rows.push({
      id: builder.id,
      eventId: event.id,
      eventName: event.name,
      startsAt: event.startsAt,
      bookmaker: builder.bookmaker,
      odds: builder.odds,
      legs: legs.map((l) => Object.freeze(l)),
      impliedProbability: implied,
      valueRatio: builder.odds * implied,
      expectedProfit: ev.expectedProfit,
      approximate: true,
    });
  }
  return rankRows(
    rows,
    (r) => r.valueRatio,
    (r) => r.id,
    ctx.limit,
  );
}
