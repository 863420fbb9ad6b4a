import { backLay, type BackLayInput } from '../calculators/backLay';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import type { ProfitType } from '../model/schemas';
import type { TrackedLeg, TrackedLegInput } from './model';
import { exactProfit, roundHalfAwayFromZero } from './settle';

/**
 * A bet ready to record, open: what `recordBet` takes (the server assigns the id). Money in
 * integer pence, odds decimal, commission a fraction.
 *
 * @example
 * ```ts
 * import type { NewTrackedBet } from '@matchkit/sdk/tracker';
 * const legs = (bet: NewTrackedBet) => bet.legs.length;
 * ```
 */
export interface NewTrackedBet {
  /** The tool that found the bet (a catalogue `profitTrackerSource`), or `manual`. */
  readonly source: string;
  /** `guaranteed` for a matched back and lay; `potential` for a 2UP bet (its early payout can make both legs win). */
  readonly profitType: ProfitType;
  /** The event, as the member reads it. */
  readonly event: string;
  /** The market, as the member reads it. */
  readonly market: string;
  /** The selection, as the member reads it. */
  readonly selection: string;
  /** The back leg at the bookmaker, then the lay leg at the exchange, both pending. */
  readonly legs: readonly TrackedLegInput[];
  /** The profit the bet locks in, integer pence: the worse of its two outcomes. */
  readonly expectedProfit: number;
  /** When it was placed, an ISO 8601 instant. */
  readonly placedAt: string;
  /** The member's note, when there is one. */
  readonly note?: string;
}

/**
 * Input of {@link backLayBet}: a back/lay calculation in pence and where it was placed.
 *
 * @example
 * ```ts
 * import type { BackLayBetInput } from '@matchkit/sdk/tracker';
 * const input: BackLayBetInput = {
 *   source: 'oddsmatcher', event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *   bookmaker: 'bet-co', exchange: 'smarkets', placedAt: '2025-08-16T12:00:00Z',
 *   calculation: { backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 },
 * };
 * ```
 */
export interface BackLayBetInput {
  /** The tool that found the bet (a catalogue `profitTrackerSource`), or `manual`. */
  readonly source: string;
  /** The event. */
  readonly event: string;
  /** The market. */
  readonly market: string;
  /** The selection. */
  readonly selection: string;
  /** The bookmaker account of the back leg. */
  readonly bookmaker: string;
  /** The exchange account of the lay leg. */
  readonly exchange: string;
  /** The back/lay calculation, with `backStake` in integer pence (the free bet's amount for SNR and SR). */
  readonly calculation: BackLayInput;
  /** When it was placed: an ISO 8601 instant or epoch milliseconds. */
  readonly placedAt: string | number;
  /** The exchange market key of the lay leg (see `TrackedLegInput.market`). @defaultValue none */
  readonly exchangeMarket?: string;
  /** A note. @defaultValue none */
  readonly note?: string;
}

/**
 * The tracker sources of tools whose offer pays out early (2UP: the bookmaker settles the back as a
 * winner at two goals up, and the lay can still win): such a bet is `potential`, never `guaranteed`,
 * so that settling it with both legs won is allowed.
 */
const EARLY_PAYOUT_SOURCES: readonly string[] = ['two-up'];

function fullLeg(leg: TrackedLegInput, result: TrackedLeg['result']): TrackedLeg {
  return {
    role: leg.role,
    side: leg.side,
    account: leg.account,
    odds: leg.odds,
    stake: leg.stake,
    commission: leg.commission ?? 0,
    freeBet: leg.freeBet ?? null,
    result,
    market: leg.market ?? null,
  };
}

/**
 * The tracker record of a matched back and lay: the `backLay` calculation's lay stake rounded to
 * the penny, both legs pending, and the expected profit the tracker itself would settle each
 * outcome to with those stakes (the worse of the two; a refund offer adds the refund's expected
 * value, amount × retention, to the losing outcome). A free bet (`snr`, `sr`) makes both legs
 * `free-bet` legs; the others are `qualifying`. The profit type is `guaranteed`, except for a bet
 * from a 2UP tool (source `two-up`): its early payout can make the back and the lay both win, so it
 * is `potential` (the model refuses that result on a `guaranteed` bet).
 *
 * @param input - the calculation (stakes in pence) and where the bet was placed
 * @returns the bet to record (`recordBet`'s input)
 * @throws MatchkitValidationError naming every bad field (the calculation's own fields under `calculation.`)
 * @example
 * ```ts
 * import { backLayBet } from '@matchkit/sdk/tracker';
 * const bet = backLayBet({
 *   source: 'oddsmatcher', event: 'Arsenal v Spurs', market: 'Match Odds', selection: 'Arsenal',
 *   bookmaker: 'bet-co', exchange: 'smarkets', placedAt: '2025-08-16T12:00:00Z',
 *   calculation: { backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 },
 * });
 * bet.legs[1]?.stake; // 943 (pence: 30 / 3.18 pounds, to the penny)
 * bet.expectedProfit; // -76 (pence, the qualifying loss)
 * ```
 */
export function backLayBet(input: BackLayBetInput): NewTrackedBet {
  const issues: ValidationIssue[] = [];
  const text = (field: keyof BackLayBetInput, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') issues.push({ path: field, message: 'must be a non-empty string' });
  };
  for (const field of ['source', 'event', 'market', 'selection', 'bookmaker', 'exchange'] as const) text(field, input[field]);
  const placed = typeof input.placedAt === 'number' ? input.placedAt : Date.parse(input.placedAt);
  if (!Number.isFinite(placed)) issues.push({ path: 'placedAt', message: 'must be an ISO 8601 instant or epoch milliseconds' });
  const c = input.calculation;
  if (!Number.isSafeInteger(c.backStake)) issues.push({ path: 'calculation.backStake', message: 'must be whole pence' });
  let result: ReturnType<typeof backLay> | undefined;
  try {
    result = backLay(c);
  } catch (error) {
    if (!(error instanceof MatchkitValidationError)) throw error;
    for (const issue of error.issues) issues.push({ ...issue, path: `calculation.${issue.path}` });
  }
  if (issues.length > 0 || result === undefined) throw new MatchkitValidationError('backLayBet input', issues);

  const free = c.betType === 'snr' || c.betType === 'sr';
  const role = free ? 'free-bet' : 'qualifying';
  const back: TrackedLegInput = {
    role,
    side: 'back',
    account: input.bookmaker,
    odds: c.backOdds,
    stake: c.backStake,
    ...(c.backCommission === undefined || c.backCommission === 0 ? {} : { commission: c.backCommission }),
    ...(free ? { freeBet: c.betType as 'snr' | 'sr' } : {}),
    result: 'pending',
  };
  const lay: TrackedLegInput = {
    role,
    side: 'lay',
    account: input.exchange,
    odds: c.layOdds,
    stake: Math.round(result.layStake),
    ...(c.layCommission === 0 ? {} : { commission: c.layCommission }),
    result: 'pending',
    ...(input.exchangeMarket === undefined ? {} : { market: input.exchangeMarket }),
  };
  const ifWins = roundHalfAwayFromZero(exactProfit([fullLeg(back, 'won'), fullLeg(lay, 'lost')]));
  const refund = c.betType === 'refund' && c.refund !== undefined ? c.refund.amount * c.refund.retention : 0;
  const ifLoses = roundHalfAwayFromZero(exactProfit([fullLeg(back, 'lost'), fullLeg(lay, 'won')])) + Math.round(refund);
  return {
    source: input.source,
    profitType: EARLY_PAYOUT_SOURCES.includes(input.source) ? 'potential' : 'guaranteed',
    event: input.event,
    market: input.market,
    selection: input.selection,
    legs: [back, lay],
    expectedProfit: Math.min(ifWins, ifLoses),
    placedAt: new Date(placed).toISOString(),
    ...(input.note === undefined || input.note === '' ? {} : { note: input.note }),
  };
}
