/**
 * The name of a calculator function exported by `@matchkit/sdk/calculators`.
 *
 * @example
 * ```ts
 * import type { CalculatorFunctionName } from '@matchkit/sdk/calculators';
 * const name: CalculatorFunctionName = 'backLay';
 * ```
 */
export type CalculatorFunctionName =
  | 'backLay'
  | 'partLay'
  | 'matchRating'
  | 'fixabet'
  | 'eachWay'
  | 'eachWayReturns'
  | 'extraPlace'
  | 'layThePlace'
  | 'lockBet'
  | 'noLay'
  | 'rule4Deduction'
  | 'applyRule4'
  | 'applyReductionFactor'
  | 'expectedValue'
  | 'kellyFraction'
  | 'dutch'
  | 'accaSequentialLay'
  | 'accaInsuranceLockIn'
  | 'twoUpLockIn'
  | 'twoUpExpectedValue'
  | 'oddsFromFractional'
  | 'oddsFromAmerican'
  | 'oddsFromProbability'
  | 'toFractional'
  | 'toAmerican'
  | 'impliedProbability'
  | 'removeMargin'
  | 'betAndGet'
  | 'casinoWagering';

/**
 * One input a calculator page asks for.
 *
 * @example
 * ```ts
 * import type { CalculatorInputField } from '@matchkit/sdk/calculators';
 * const field: CalculatorInputField = { name: 'backOdds', description: "the bookmaker's decimal odds" };
 * ```
 */
export interface CalculatorInputField {
  /** The input's field name, as the functions take it. */
  readonly name: string;
  /** What to enter, in plain words. */
  readonly description: string;
}

/**
 * One advanced calculator: its page slug, title, what it does, the functions that compute it and
 * the inputs they take.
 *
 * @example
 * ```ts
 * import { calculatorRegistry, type CalculatorEntry } from '@matchkit/sdk/calculators';
 * const entry: CalculatorEntry | undefined = calculatorRegistry.find((c) => c.slug === 'rule-4-calculator');
 * ```
 */
export interface CalculatorEntry {
  /** The page slug (`/advanced-calculators/<slug>` in the app). */
  readonly slug: string;
  /** The page title, as in the brand catalogues. */
  readonly title: string;
  /** What the calculator works out. */
  readonly description: string;
  /** The functions of `@matchkit/sdk/calculators` behind the page, main one first. */
  readonly functions: readonly CalculatorFunctionName[];
  /** The inputs of those functions, each described once. */
  readonly inputs: readonly CalculatorInputField[];
}

// Each input described once; the entries below pick theirs by name.
const FIELDS: Record<string, string> = {
  betType: 'qualifying (cash), snr or sr free bet; refund for a money-back offer',
  backStake: 'the bookmaker stake (or free-bet amount)',
  stake: 'the stake',
  stakePerPart: 'the stake of each part of the each-way bet',
  backOdds: "the bookmaker's decimal odds",
  layOdds: "the exchange's decimal lay odds",
  layCommission: 'exchange commission on net winnings, as a fraction (0.02 for 2%)',
  backCommission: 'commission on the back bet, as a fraction (default 0)',
  strategy: 'normal, underlay or overlay (default normal)',
  refund: 'for a refund offer: the refund amount and the share of it expected to be kept',
  layFraction: 'the share of the normal lay stake to lay (default 1)',
  maxLiability: 'the most the lay may risk (optional)',
  maxStake: 'the largest stake to place',
  maxLoss: 'the most to lose on the bet',
  stakeStep: 'round the stake down to a multiple of this (default 0: exact)',
  placeFraction: 'the place terms as a fraction of the odds (0.2 for 1/5)',
  winLayOdds: 'lay odds in the exchange win market',
  placeLayOdds: 'lay odds in the exchange place market',
  extraPlaceProbability: 'the chance of finishing exactly in the extra place',
  lockOdds: "the exchange's lay price for the each-way lock bet",
  winProbability: 'the chance of winning',
  placeProbability: 'the chance of finishing in the paid places',
  withdrawnOdds: "each withdrawn horse's decimal odds when it was withdrawn",
  odds: 'decimal odds',
  deduction: 'the Rule 4 deduction in pence per pound',
  reductionFactor: "the exchange's reduction factor, as a fraction",
  probability: 'the chance of winning (or give fairOdds)',
  fairOdds: 'the fair decimal odds (or give probability)',
  commission: 'commission on winnings, as a fraction (default 0)',
  anchor: 'a bet already fixed: its stake and odds (or give totalStake)',
  totalStake: 'the budget to split (or give anchor)',
  legs: "each leg's bookmaker and exchange odds, in settling order",
  inPlayBackOdds: 'the exchange back odds once the team is two goals up',
  earlyPayoutProbability: 'the chance the team goes two up and fails to win',
  fractional: "fractional odds such as '9/4' or 'evens'",
  american: 'American odds such as +138 or -200',
  method: 'multiplicative, additive, power, shin or odds-ratio',
  freeBetAmount: 'the free bets awarded, in total',
  freeBetRetention: 'the share of the free bets expected to be kept',
  deposit: 'the deposit',
  bonus: 'the casino bonus',
  wageringMultiple: 'how many times the base must be staked',
  wageringBase: 'bonus, or deposit+bonus',
  rtp: "the games' return to player, as a fraction",
};

function entry(
  slug: string,
  title: string,
  description: string,
  functions: readonly CalculatorFunctionName[],
  inputs: string,
): CalculatorEntry {
  return Object.freeze({
    slug,
    title,
    description,
    functions: Object.freeze(functions),
    inputs: Object.freeze(
      inputs.split(' ').map((name) => Object.freeze({ name, description: FIELDS[name] ?? name })),
    ),
  });
}

const BACK_LAY = 'betType backStake backOdds layOdds layCommission backCommission';
const EACH_WAY = 'betType stakePerPart backOdds placeFraction';

function build(): readonly CalculatorEntry[] {
  return Object.freeze([
    entry(
      'fixabet-calculator',
      'Fixabet (mug bet) calculator',
      'A mug bet fixed in advance: the largest normal-looking stake whose fully laid loss stays within a limit.',
      ['fixabet'],
      'maxStake maxLoss backOdds layOdds layCommission stakeStep',
    ),
    entry(
      'each-way-calculator',
      'Each-way calculator',
      'Lays an each-way bet in the exchange win and place markets; the returns of an each-way bet.',
      ['eachWay', 'eachWayReturns'],
      `${EACH_WAY} winLayOdds placeLayOdds layCommission`,
    ),
    entry(
      'rule-4-calculator',
      'Rule 4 calculator',
      'The Tattersalls Rule 4(c) deduction for non-runners, its effect on a winning bet, and the exchange reduction factor.',
      ['rule4Deduction', 'applyRule4', 'applyReductionFactor'],
      'withdrawnOdds stake odds deduction reductionFactor',
    ),
    entry(
      'ev-calculator',
      'Expected value calculator',
      'The expected profit of a bet at a price against fair chances, the Kelly stake, and an unlaid each-way value bet.',
      ['expectedValue', 'kellyFraction', 'noLay'],
      'stake odds probability fairOdds betType commission',
    ),
    entry(
      'dutching-calculator',
      'Dutching calculator',
      'Stakes across the outcomes of one market for the same profit whichever wins, around a fixed bet or from a budget.',
      ['dutch'],
      'anchor totalStake odds betType',
    ),
    entry(
      'acca-calculator',
      'Acca calculator',
      'Lays an accumulator leg by leg for the same profit on every path, with or without acca insurance.',
      ['accaSequentialLay', 'accaInsuranceLockIn'],
      'betType stake legs layCommission refund',
    ),
    entry(
      'odds-converter-and-probability-calculator',
      'Odds converter and probability calculator',
      'Converts between decimal, fractional and American odds and probabilities; removes the margin from a market.',
      [
        'oddsFromFractional',
        'oddsFromAmerican',
        'oddsFromProbability',
        'toFractional',
        'toAmerican',
        'impliedProbability',
        'removeMargin',
      ],
      'fractional american probability odds method',
    ),
    entry(
      'sequential-lay-calculator',
      'Sequential lay calculator',
      'The lay stake of each leg of a multiple, laid one leg at a time.',
      ['accaSequentialLay'],
      'betType stake legs layCommission',
    ),
    entry(
      'early-payout-calculator',
      '2UP and early payout calculator',
      'Locks in a 2UP (early payout) win in play, and the value of a 2UP offer before kick-off.',
      ['twoUpLockIn', 'twoUpExpectedValue'],
      'backStake backOdds layOdds layCommission inPlayBackOdds earlyPayoutProbability',
    ),
    entry(
      'extra-place-calculator',
      'Extra place calculator',
      'The value of an extra-place each-way bet laid in the win and place markets, or hedged with lay the place or a lock bet.',
      ['extraPlace', 'layThePlace', 'lockBet'],
      `${EACH_WAY} winLayOdds placeLayOdds layCommission extraPlaceProbability lockOdds`,
    ),
    entry(
      'part-lay-calculator',
      'Part lay calculator',
      'Lays only part of a bet, by share or up to a liability, and shows the profit either way.',
      ['partLay'],
      `${BACK_LAY} refund layFraction maxLiability`,
    ),
    entry(
      'free-bet-retention-calculator',
      'Free bet retention calculator',
      'The lay stake and guaranteed profit of a free bet, and the share of it kept (the rating).',
      ['backLay', 'matchRating'],
      `${BACK_LAY} strategy`,
    ),
    entry(
      'bet-and-get-calculator',
      'Bet and get calculator',
      'A qualifying bet laid normally plus the expected value of the free bets it earns.',
      ['betAndGet'],
      'backStake backOdds layOdds layCommission freeBetAmount freeBetRetention',
    ),
    entry(
      'casino-wagering-calculator',
      'Casino wagering calculator',
      'The expected profit of a casino bonus after its wagering requirement.',
      ['casinoWagering'],
      'deposit bonus wageringMultiple wageringBase rtp',
    ),
  ]);
}

/**
 * Every advanced calculator (the slugs of the brand catalogues' advanced calculators index), with
 * the functions behind it and the inputs they take. The app builds its calculator pages from it
 * and the docs list it; each function name is an export of `@matchkit/sdk/calculators`. Frozen.
 *
 * @example
 * ```ts
 * import * as calculators from '@matchkit/sdk/calculators';
 * const page = calculators.calculatorRegistry.find((c) => c.slug === 'each-way-calculator');
 * page?.functions; // ['eachWay', 'eachWayReturns']
 * const run = calculators[page!.functions[0]!]; // the eachWay function
 * ```
 */
export const calculatorRegistry: readonly CalculatorEntry[] = /* @__PURE__ */ build();

/**
 * The registry entry of a calculator page, by slug.
 *
 * @param slug - a page slug such as `rule-4-calculator`
 * @returns the entry, or undefined for an unknown slug
 * @example
 * ```ts
 * import { findCalculator } from '@matchkit/sdk/calculators';
 * findCalculator('rule-4-calculator')?.functions; // ['rule4Deduction', 'applyRule4', 'applyReductionFactor']
 * ```
 */
export function findCalculator(slug: string): CalculatorEntry | undefined {
  return calculatorRegistry.find((c) => c.slug === slug);
}
