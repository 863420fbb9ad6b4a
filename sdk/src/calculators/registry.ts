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
 * What kind of value an input takes, for a form: one number, a list of numbers, one of a few
 * strings (`choices`), free text, an object of `fields`, or a list of such objects.
 *
 * @example
 * ```ts
 * import type { CalculatorInputKind } from '@matchkit/sdk/calculators';
 * const kind: CalculatorInputKind = 'choice';
 * ```
 */
export type CalculatorInputKind = 'number' | 'numbers' | 'choice' | 'text' | 'object' | 'objects';

/**
 * One input a calculator function takes: a field of its input object, or one of its arguments.
 *
 * @example
 * ```ts
 * import type { CalculatorInputField } from '@matchkit/sdk/calculators';
 * const field: CalculatorInputField = { name: 'backOdds', description: "the bookmaker's decimal odds", kind: 'number', optional: false };
 * ```
 */
export interface CalculatorInputField {
  /** The field name, as the function takes it (for a positional argument, the parameter's name). */
  readonly name: string;
  /** What to enter, in plain words (a choice field names every choice). */
  readonly description: string;
  /** The kind of value. */
  readonly kind: CalculatorInputKind;
  /** True when a call may leave it out: it has a default, is one of a pair, or only some bet types read it. */
  readonly optional: boolean;
  /** For a `choice`: exactly the values the function accepts. */
  readonly choices?: readonly string[];
  /** For an `object` or a list of `objects`: the fields of each object. */
  readonly fields?: readonly CalculatorInputField[];
}

/**
 * The inputs of one function of a calculator page: what a form for it asks.
 *
 * @example
 * ```ts
 * import { findCalculator, type CalculatorForm } from '@matchkit/sdk/calculators';
 * const form: CalculatorForm | undefined = findCalculator('ev-calculator')?.forms.find((f) => f.function === 'noLay');
 * form?.inputs.map((i) => i.name); // ['betType', 'backStake', 'backOdds', 'placeFraction', 'winProbability', 'placeProbability']
 * ```
 */
export interface CalculatorForm {
  /** The function. */
  readonly function: CalculatorFunctionName;
  /** `object`: the function takes one input object whose fields are `inputs`; `positional`: `inputs` are its arguments, in order. */
  readonly arguments: 'object' | 'positional';
  /** Every input the function takes, and nothing else. */
  readonly inputs: readonly CalculatorInputField[];
}

/**
 * One advanced calculator: its page slug, title, what it does, the functions that compute it and
 * the inputs of each.
 *
 * @example
 * ```ts
 * import { calculatorRegistry, type CalculatorEntry } from '@matchkit/sdk/calculators';
 * const entry: CalculatorEntry | undefined = calculatorRegistry.find((c) => c.slug === 'rule-4-calculator');
 * ```
 */
export interface CalculatorEntry {
  /** The page slug, as in the brand catalogues' advanced calculators index. */
  readonly slug: string;
  /** The page title, as in the brand catalogues. */
  readonly title: string;
  /** What the calculator works out. */
  readonly description: string;
  /** The functions of `@matchkit/sdk/calculators` behind the page, main one first. */
  readonly functions: readonly CalculatorFunctionName[];
  /** One form per function, in the order of `functions`. */
  readonly forms: readonly CalculatorForm[];
}

// ---------------------------------------------------------------------------------------------
// The data: one literal. Inputs used by several forms are shared constants. A test derives every
// form from the function's zod/mini input schema (calculators/schemas) and from its parameter
// list, so a field missing, extra, wrongly optional or with the wrong choices fails the build.
// ---------------------------------------------------------------------------------------------

const BACK_STAKE: CalculatorInputField = { name: 'backStake', description: 'the bookmaker stake (or free-bet amount)', kind: 'number', optional: false };
const BACK_ODDS: CalculatorInputField = { name: 'backOdds', description: "the bookmaker's decimal odds", kind: 'number', optional: false };
const LAY_ODDS: CalculatorInputField = { name: 'layOdds', description: "the exchange's decimal lay odds", kind: 'number', optional: false };
const LAY_COMMISSION: CalculatorInputField = {
  name: 'layCommission',
  description: 'exchange commission on net winnings, as a fraction (0.02 for 2%)',
  kind: 'number',
  optional: false,
};
const BACK_STAKE_CASH: CalculatorInputField = { ...BACK_STAKE, description: 'the bookmaker stake' };
const BACK_COMMISSION: CalculatorInputField = {
  name: 'backCommission',
  description: 'commission on the back bet’s winnings, as a fraction (default 0)',
  kind: 'number',
  optional: true,
};
const LAY_BET_TYPE: CalculatorInputField = {
  name: 'betType',
  description: 'qualifying (the default: a cash bet), snr or sr (a free bet, stake not returned or returned), or refund (a cash bet with money back if it loses)',
  kind: 'choice',
  optional: true,
  choices: ['qualifying', 'snr', 'sr', 'refund'],
};
const BET_TYPE: CalculatorInputField = {
  name: 'betType',
  description: 'qualifying (the default: a cash bet), or snr or sr (a free bet, stake not returned or returned)',
  kind: 'choice',
  optional: true,
  choices: ['qualifying', 'snr', 'sr'],
};
const EACH_WAY_BET_TYPE: CalculatorInputField = { ...BET_TYPE, description: `${BET_TYPE.description}; both parts are of this kind` };
const REFUND_FIELDS: readonly CalculatorInputField[] = [
  { name: 'amount', description: 'the refund paid if the bet loses (at most backStake)', kind: 'number', optional: false },
  { name: 'retention', description: 'the share of the refund expected to be kept: 1 for cash, about 0.7 to 0.8 for a free bet', kind: 'number', optional: false },
];
const REFUND: CalculatorInputField = {
  name: 'refund',
  description: 'the refund terms; required when betType is refund, ignored otherwise',
  kind: 'object',
  optional: true,
  fields: REFUND_FIELDS,
};
const EACH_WAY_STAKE: CalculatorInputField = {
  name: 'backStake',
  description: 'the stake of each part of the each-way bet (the whole bet costs twice this, as in "£5 each way")',
  kind: 'number',
  optional: false,
};
const PLACE_FRACTION: CalculatorInputField = { name: 'placeFraction', description: 'the place terms as a fraction of the odds (0.2 for 1/5)', kind: 'number', optional: false };
const WIN_LAY_ODDS: CalculatorInputField = { name: 'winLayOdds', description: 'lay odds in the exchange win market', kind: 'number', optional: false };
const PLACE_LAY_ODDS: CalculatorInputField = { name: 'placeLayOdds', description: 'lay odds in the exchange place market', kind: 'number', optional: false };
const EACH_WAY_LAY: readonly CalculatorInputField[] = [EACH_WAY_BET_TYPE, EACH_WAY_STAKE, BACK_ODDS, PLACE_FRACTION, WIN_LAY_ODDS, PLACE_LAY_ODDS, LAY_COMMISSION];
const ODDS: CalculatorInputField = { name: 'odds', description: 'decimal odds', kind: 'number', optional: false };
const LEGS: CalculatorInputField = {
  name: 'legs',
  description: "each leg's bookmaker and exchange odds, in settling order (1 to 20 legs)",
  kind: 'objects',
  optional: false,
  fields: [
    { name: 'backOdds', description: "the leg's bookmaker decimal odds", kind: 'number', optional: false },
    { name: 'layOdds', description: "the leg's exchange decimal lay odds", kind: 'number', optional: false },
  ],
};
const TWO_UP_BET: readonly CalculatorInputField[] = [BACK_STAKE, BACK_ODDS, LAY_ODDS, LAY_COMMISSION];
const POSITIONAL_ODDS: readonly CalculatorInputField[] = [{ ...ODDS, description: 'decimal odds, greater than 1' }];

const REGISTRY: readonly CalculatorEntry[] = [
  {
    slug: 'fixabet-calculator',
    title: 'Fixabet (mug bet) calculator',
    description: 'A mug bet fixed in advance: the largest normal-looking stake whose fully laid loss stays within a limit.',
    functions: ['fixabet'],
    forms: [
      {
        function: 'fixabet',
        arguments: 'object',
        inputs: [
          { name: 'maxStake', description: 'the largest stake to place', kind: 'number', optional: false },
          { name: 'maxLoss', description: 'the most to lose on the bet', kind: 'number', optional: false },
          BACK_ODDS,
          LAY_ODDS,
          LAY_COMMISSION,
          { name: 'stakeStep', description: 'round the stake down to a multiple of this (default 0: exact)', kind: 'number', optional: true },
        ],
      },
    ],
  },
  {
    slug: 'each-way-calculator',
    title: 'Each-way calculator',
    description: 'Lays an each-way bet in the exchange win and place markets; the returns of an each-way bet.',
    functions: ['eachWay', 'eachWayReturns'],
    forms: [
      { function: 'eachWay', arguments: 'object', inputs: EACH_WAY_LAY },
      { function: 'eachWayReturns', arguments: 'object', inputs: [EACH_WAY_STAKE, BACK_ODDS, PLACE_FRACTION] },
    ],
  },
  {
    slug: 'rule-4-calculator',
    title: 'Rule 4 calculator',
    description: 'The Tattersalls Rule 4(c) deduction for non-runners, its effect on a winning bet, and the exchange reduction factor.',
    functions: ['rule4Deduction', 'applyRule4', 'applyReductionFactor'],
    forms: [
      {
        function: 'rule4Deduction',
        arguments: 'positional',
        inputs: [
          { name: 'withdrawnOdds', description: "each withdrawn horse's decimal odds when it was withdrawn (0 to 100 of them)", kind: 'numbers', optional: false },
        ],
      },
      {
        function: 'applyRule4',
        arguments: 'object',
        inputs: [
          BACK_STAKE_CASH,
          { ...BACK_ODDS, description: "the bookmaker's decimal odds taken" },
          { name: 'deduction', description: 'the Rule 4 deduction in pence per pound (0 to 90)', kind: 'number', optional: false },
        ],
      },
      {
        function: 'applyReductionFactor',
        arguments: 'object',
        inputs: [
          { ...ODDS, description: 'the matched decimal odds' },
          { name: 'reductionFactor', description: "the exchange's reduction factor, as a fraction (0.25 for 25%)", kind: 'number', optional: false },
        ],
      },
    ],
  },
  {
    slug: 'ev-calculator',
    title: 'Expected value calculator',
    description: 'The expected profit of a bet at a price against fair chances, the Kelly stake, and an unlaid each-way value bet.',
    functions: ['expectedValue', 'kellyFraction', 'noLay'],
    forms: [
      {
        function: 'expectedValue',
        arguments: 'object',
        inputs: [
          { ...BACK_STAKE, description: 'the back stake (or free-bet amount)' },
          { ...BACK_ODDS, description: 'the decimal odds taken' },
          { name: 'probability', description: 'the chance of winning (give this or fairOdds)', kind: 'number', optional: true },
          { name: 'fairOdds', description: 'the fair decimal odds (give this or probability)', kind: 'number', optional: true },
          BET_TYPE,
          BACK_COMMISSION,
        ],
      },
      {
        function: 'kellyFraction',
        arguments: 'object',
        inputs: [
          { ...BACK_ODDS, description: 'the decimal odds taken' },
          { name: 'probability', description: 'the chance of winning', kind: 'number', optional: false },
          BACK_COMMISSION,
        ],
      },
      {
        function: 'noLay',
        arguments: 'object',
        inputs: [
          EACH_WAY_BET_TYPE,
          EACH_WAY_STAKE,
          BACK_ODDS,
          PLACE_FRACTION,
          { name: 'winProbability', description: 'the chance of winning', kind: 'number', optional: false },
          {
            name: 'placeProbability',
            description: "the chance of finishing in the bookmaker's paid places, winning included (at least winProbability)",
            kind: 'number',
            optional: false,
          },
        ],
      },
    ],
  },
  {
    slug: 'dutching-calculator',
    title: 'Dutching calculator',
    description: 'Stakes across the outcomes of one market for the same profit whichever wins, around a fixed bet or from a budget.',
    functions: ['dutch'],
    forms: [
      {
        function: 'dutch',
        arguments: 'object',
        inputs: [
          {
            name: 'anchor',
            description: 'a back bet already fixed, its stake and odds (give this or totalStake)',
            kind: 'object',
            optional: true,
            fields: [
              { name: 'backStake', description: "the fixed bet's stake", kind: 'number', optional: false },
              { name: 'backOdds', description: "the fixed bet's decimal odds", kind: 'number', optional: false },
            ],
          },
          { name: 'totalStake', description: 'the budget to split (give this or anchor)', kind: 'number', optional: true },
          {
            name: 'backOdds',
            description: 'the decimal back odds of the other outcomes (with anchor) or of every outcome (with totalStake)',
            kind: 'numbers',
            optional: false,
          },
          {
            name: 'betType',
            description: 'qualifying (the default: stakes you paid), or snr (the anchor, or the whole budget, is a stake-not-returned free bet)',
            kind: 'choice',
            optional: true,
            choices: ['qualifying', 'snr'],
          },
        ],
      },
    ],
  },
  {
    slug: 'acca-calculator',
    title: 'Acca calculator',
    description: 'Lays an accumulator leg by leg for the same profit on every path, with or without acca insurance.',
    functions: ['accaSequentialLay', 'accaInsuranceLockIn'],
    forms: [
      { function: 'accaSequentialLay', arguments: 'object', inputs: [BET_TYPE, { ...BACK_STAKE, description: 'the acca stake (or free-bet amount)' }, LEGS, LAY_COMMISSION] },
      {
        function: 'accaInsuranceLockIn',
        arguments: 'object',
        inputs: [
          { ...BACK_STAKE, description: 'the acca stake (a cash bet)' },
          LEGS,
          LAY_COMMISSION,
          {
            name: 'refund',
            description: 'the refund if exactly one leg loses',
            kind: 'object',
            optional: false,
            fields: REFUND_FIELDS,
          },
        ],
      },
    ],
  },
  {
    slug: 'odds-converter-and-probability-calculator',
    title: 'Odds converter and probability calculator',
    description: 'Converts between decimal, fractional and American odds and probabilities; removes the margin from a market.',
    functions: [
      'oddsFromFractional',
      'oddsFromAmerican',
      'oddsFromProbability',
      'toFractional',
      'toAmerican',
      'impliedProbability',
      'removeMargin',
    ],
    forms: [
      {
        function: 'oddsFromFractional',
        arguments: 'positional',
        inputs: [{ name: 'fractional', description: "fractional odds such as '9/4' or 'evens'", kind: 'text', optional: false }],
      },
      {
        function: 'oddsFromAmerican',
        arguments: 'positional',
        inputs: [{ name: 'american', description: 'American odds such as +138 or -200', kind: 'number', optional: false }],
      },
      {
        function: 'oddsFromProbability',
        arguments: 'positional',
        inputs: [{ name: 'probability', description: 'a probability, from 0.000001 to below 1', kind: 'number', optional: false }],
      },
      { function: 'toFractional', arguments: 'positional', inputs: POSITIONAL_ODDS },
      { function: 'toAmerican', arguments: 'positional', inputs: POSITIONAL_ODDS },
      { function: 'impliedProbability', arguments: 'positional', inputs: POSITIONAL_ODDS },
      {
        function: 'removeMargin',
        arguments: 'positional',
        inputs: [
          { name: 'odds', description: "the decimal odds of every outcome of the market (2 to 1000)", kind: 'numbers', optional: false },
          {
            name: 'method',
            description: 'multiplicative (the default), additive, power, shin or odds-ratio',
            kind: 'choice',
            optional: true,
            choices: ['multiplicative', 'additive', 'power', 'shin', 'odds-ratio'],
          },
        ],
      },
    ],
  },
  {
    slug: 'sequential-lay-calculator',
    title: 'Sequential lay calculator',
    description: 'The lay stake of each leg of a multiple, laid one leg at a time.',
    functions: ['accaSequentialLay'],
    forms: [{ function: 'accaSequentialLay', arguments: 'object', inputs: [BET_TYPE, { ...BACK_STAKE, description: 'the multiple’s stake (or free-bet amount)' }, LEGS, LAY_COMMISSION] }],
  },
  {
    slug: 'early-payout-calculator',
    title: '2UP and early payout calculator',
    description: 'Locks in a 2UP (early payout) win in play, and the value of a 2UP offer before kick-off.',
    functions: ['twoUpLockIn', 'twoUpExpectedValue'],
    forms: [
      {
        function: 'twoUpLockIn',
        arguments: 'object',
        inputs: [...TWO_UP_BET, { name: 'inPlayBackOdds', description: 'the exchange back odds once the team is two goals up', kind: 'number', optional: false }],
      },
      {
        function: 'twoUpExpectedValue',
        arguments: 'object',
        inputs: [
          ...TWO_UP_BET,
          { name: 'earlyPayoutProbability', description: 'the chance the team goes two up and fails to win', kind: 'number', optional: false },
        ],
      },
    ],
  },
  {
    slug: 'extra-place-calculator',
    title: 'Extra place calculator',
    description: 'The value of an extra-place each-way bet laid in the win and place markets, or hedged with lay the place or a lock bet.',
    functions: ['extraPlace', 'layThePlace', 'lockBet'],
    forms: [
      {
        function: 'extraPlace',
        arguments: 'object',
        inputs: [
          ...EACH_WAY_LAY,
          { name: 'extraPlaceProbability', description: 'the chance of finishing exactly in the extra place', kind: 'number', optional: false },
        ],
      },
      {
        function: 'layThePlace',
        arguments: 'object',
        inputs: [
          EACH_WAY_BET_TYPE,
          EACH_WAY_STAKE,
          BACK_ODDS,
          PLACE_FRACTION,
          WIN_LAY_ODDS,
          { ...PLACE_LAY_ODDS, description: "lay odds in the exchange's place market that pays the bookmaker's places, extra places included" },
          LAY_COMMISSION,
        ],
      },
      {
        function: 'lockBet',
        arguments: 'object',
        inputs: [
          EACH_WAY_BET_TYPE,
          EACH_WAY_STAKE,
          BACK_ODDS,
          PLACE_FRACTION,
          { name: 'lockOdds', description: "the exchange's lay price for the each-way lock bet", kind: 'number', optional: false },
          LAY_COMMISSION,
        ],
      },
    ],
  },
  {
    slug: 'part-lay-calculator',
    title: 'Part lay calculator',
    description: 'Lays only part of a bet, by share or up to a liability, and shows the profit either way.',
    functions: ['partLay'],
    forms: [
      {
        function: 'partLay',
        arguments: 'object',
        inputs: [
          LAY_BET_TYPE,
          BACK_STAKE,
          BACK_ODDS,
          LAY_ODDS,
          LAY_COMMISSION,
          BACK_COMMISSION,
          REFUND,
          { name: 'layFraction', description: 'the share of the normal lay stake to lay (default 1)', kind: 'number', optional: true },
          { name: 'maxLiability', description: 'the most the lay may risk (no limit when absent)', kind: 'number', optional: true },
        ],
      },
    ],
  },
  {
    slug: 'free-bet-retention-calculator',
    title: 'Free bet retention calculator',
    description: 'The lay stake and guaranteed profit of a free bet, and the share of it kept (the rating).',
    functions: ['backLay', 'matchRating'],
    forms: [
      {
        function: 'backLay',
        arguments: 'object',
        inputs: [
          LAY_BET_TYPE,
          BACK_STAKE,
          BACK_ODDS,
          LAY_ODDS,
          LAY_COMMISSION,
          BACK_COMMISSION,
          {
            name: 'strategy',
            description: 'normal (the default: equal both ways), underlay or overlay',
            kind: 'choice',
            optional: true,
            choices: ['normal', 'underlay', 'overlay'],
          },
          REFUND,
        ],
      },
      { function: 'matchRating', arguments: 'object', inputs: [BET_TYPE, BACK_ODDS, LAY_ODDS, LAY_COMMISSION] },
    ],
  },
  {
    slug: 'bet-and-get-calculator',
    title: 'Bet and get calculator',
    description: 'A qualifying bet laid normally plus the expected value of the free bets it earns.',
    functions: ['betAndGet'],
    forms: [
      {
        function: 'betAndGet',
        arguments: 'object',
        inputs: [
          { ...BACK_STAKE, description: 'the qualifying stake' },
          BACK_ODDS,
          LAY_ODDS,
          LAY_COMMISSION,
          { name: 'freeBetAmount', description: 'the free bets awarded, in total', kind: 'number', optional: false },
          { name: 'freeBetRetention', description: 'the share of the free bets expected to be kept', kind: 'number', optional: false },
        ],
      },
    ],
  },
  {
    slug: 'casino-wagering-calculator',
    title: 'Casino wagering calculator',
    description: 'The expected profit of a casino bonus after its wagering requirement.',
    functions: ['casinoWagering'],
    forms: [
      {
        function: 'casinoWagering',
        arguments: 'object',
        inputs: [
          { name: 'deposit', description: 'the deposit', kind: 'number', optional: false },
          { name: 'bonus', description: 'the casino bonus', kind: 'number', optional: false },
          { name: 'wageringMultiple', description: 'how many times the base must be staked', kind: 'number', optional: false },
          {
            name: 'wageringBase',
            description: 'what the multiple applies to: bonus, or deposit+bonus',
            kind: 'choice',
            optional: false,
            choices: ['bonus', 'deposit+bonus'],
          },
          { name: 'rtp', description: "the games' return to player, as a fraction (0.96 for 96%)", kind: 'number', optional: false },
        ],
      },
    ],
  },
];

/** Freezes a value and everything reachable from it (plain data only). */
function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  }
  return value;
}

/**
 * Every advanced calculator (the slugs of the brand catalogues' advanced calculators index), with
 * the functions behind it and, for each, a form: every input the function takes, its kind,
 * whether it may be left out, its choices and nested fields. This is the one registry the app and
 * the docs read to know which function computes which page and what to ask for. Each function name
 * is an export of `@matchkit/sdk/calculators`. Plain data, frozen deeply.
 *
 * @example
 * ```ts
 * import * as calculators from '@matchkit/sdk/calculators';
 * const page = calculators.calculatorRegistry.find((c) => c.slug === 'each-way-calculator');
 * page?.functions; // ['eachWay', 'eachWayReturns']
 * page?.forms[0]?.inputs.map((i) => i.name); // ['betType', 'backStake', 'backOdds', 'placeFraction', 'winLayOdds', 'placeLayOdds', 'layCommission']
 * const run = calculators[page!.functions[0]!]; // the eachWay function
 * ```
 */
export const calculatorRegistry: readonly CalculatorEntry[] = /* @__PURE__ */ freeze(REGISTRY);

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
