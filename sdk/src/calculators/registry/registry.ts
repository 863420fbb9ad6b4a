import type * as v from 'valibot';
import { accaInsuranceInputSchema, accaSequentialLayInputSchema } from '../acca';
import { backLayInputSchema } from '../backLay';
import { betAndGetInputSchema } from '../betAndGet';
import { casinoWageringInputSchema } from '../casinoWagering';
import { dutchInputSchema } from '../dutch';
import { eachWayInputSchema, eachWayReturnsInputSchema } from '../eachWay';
import { expectedValueInputSchema } from '../expectedValue';
import { extraPlaceInputSchema } from '../extraPlace';
import { fixabetInputSchema } from '../fixabet';
import { kellyInputSchema } from '../kelly';
import { layThePlaceInputSchema } from '../layThePlace';
import { lockBetInputSchema } from '../lockBet';
import { marginMethodSchema, marketOddsSchema } from '../margin';
import { noLayInputSchema } from '../noLay';
import { DECIMAL_ODDS, americanOddsSchema, fractionalOddsSchema, probabilitySchema } from '../odds';
import { partLayInputSchema } from '../partLay';
import { matchRatingInputSchema } from '../rating';
import { applyRule4InputSchema, nonRunnerInputSchema, reductionFactorInputSchema, withdrawnOddsSchema } from '../rule4';
import { unwrap } from '../../internal/validate';
import { twoUpLockInInputSchema, twoUpValueInputSchema } from '../twoUp';

import {
  BACK_COMMISSION,
  BACK_ODDS,
  BACK_STAKE,
  BACK_STAKE_CASH,
  BET_TYPE,
  DEDUCTION,
  EACH_WAY_BET_TYPE,
  EACH_WAY_STAKE,
  LAY_BET_TYPE,
  LAY_COMMISSION,
  LAY_ODDS,
  LEGS,
  ODDS,
  ODDS_TAKEN,
  PLACE_LAY_ODDS,
  PLACE_TERMS,
  REDUCTION_FACTOR,
  REFUND,
  WIN_LAY_ODDS,
  type CalculatorUnit,
  type Labels,
} from './labels';

export type { CalculatorUnit } from './labels';

/**
 * The name of a calculator function exported by `@matchkit/sdk/calculators`.
 *
 * @example
 * ```ts
 * import type { CalculatorFunctionName } from '@matchkit/sdk/calculators/registry';
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
  | 'nonRunnerImbalance'
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
 * import type { CalculatorInputKind } from '@matchkit/sdk/calculators/registry';
 * const kind: CalculatorInputKind = 'choice';
 * ```
 */
export type CalculatorInputKind = 'number' | 'numbers' | 'choice' | 'text' | 'object' | 'objects';

/**
 * One input a calculator function takes: a field of its input object, or one of its arguments.
 *
 * @example
 * ```ts
 * import type { CalculatorInputField } from '@matchkit/sdk/calculators/registry';
 * const field: CalculatorInputField = { name: 'backOdds', label: 'Back odds', unit: 'odds', description: "the bookmaker's decimal odds", kind: 'number', optional: false };
 * ```
 */
export interface CalculatorInputField {
  /** The field name, as the function takes it (for a positional argument, the parameter's name). */
  readonly name: string;
  /** A short label for a form, in sentence case ("Back stake"). */
  readonly label: string;
  /** What a number (or each number of a list) means; absent for text, choices, objects and plain numbers. */
  readonly unit?: CalculatorUnit;
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
 * One figure a calculator function returns: a field of its result object, or (`name: ''`) the
 * whole result when the function returns a number, a text or a list of numbers.
 *
 * @example
 * ```ts
 * import type { CalculatorResultField } from '@matchkit/sdk/calculators/registry';
 * const figure: CalculatorResultField = { name: 'layStake', label: 'Lay stake', unit: 'money' };
 * ```
 */
export interface CalculatorResultField {
  /** The result's field name, or `''` for the whole result. */
  readonly name: string;
  /** A short label, in sentence case ("Profit if it wins"). */
  readonly label: string;
  /** What the number (or each number of a list) means; absent for a text or a plain number. */
  readonly unit?: CalculatorUnit;
  /** For a list of numbers: what each item is for ("leg", "outcome"), in leg or outcome order. */
  readonly item?: string;
}

/**
 * A worked example of one function: the arguments to call it with and what they stand for, in
 * words. Money in `args` is in pence (whole numbers), as an app keeps it.
 *
 * @example
 * ```ts
 * import { rule4Deduction } from '@matchkit/sdk/calculators';
 * import { findCalculator, type CalculatorExample } from '@matchkit/sdk/calculators/registry';
 * const example: CalculatorExample | undefined = findCalculator('rule-4-calculator')?.forms[0]?.example;
 * rule4Deduction(...(example!.args as [number[]])); // 25
 * ```
 */
export interface CalculatorExample {
  /** The situation, in words ("One horse withdrawn at 3/1 (4.0)."). */
  readonly note: string;
  /** The function's arguments: one input object, or the positional arguments in order. */
  readonly args: readonly unknown[];
}

/**
 * The inputs of one function of a calculator page: what a form for it asks.
 *
 * @example
 * ```ts
 * import { findCalculator, type CalculatorForm } from '@matchkit/sdk/calculators/registry';
 * const form: CalculatorForm | undefined = findCalculator('ev-calculator')?.forms.find((f) => f.function === 'noLay');
 * form?.inputs.map((i) => i.name); // ['betType', 'backStake', 'backOdds', 'placeFraction', 'winProbability', 'placeProbability']
 * ```
 */
export interface CalculatorForm {
  /** The function. */
  readonly function: CalculatorFunctionName;
  /** A heading for the form, saying what it works out ("Lay an each-way bet"). */
  readonly title: string;
  /** `object`: the function takes one input object whose fields are `inputs`; `positional`: `inputs` are its arguments, in order. */
  readonly arguments: 'object' | 'positional';
  /** Every input the function takes, and nothing else. */
  readonly inputs: readonly CalculatorInputField[];
  /** Every figure the function returns, in the order to show them. */
  readonly results: readonly CalculatorResultField[];
  /** A worked example. */
  readonly example: CalculatorExample;
}

/**
 * One advanced calculator: its page slug, title, what it does, the functions that compute it and
 * the inputs of each.
 *
 * @example
 * ```ts
 * import { calculatorRegistry, type CalculatorEntry } from '@matchkit/sdk/calculators/registry';
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
// The data: one literal. Each form's inputs are read from the function's input schema (each
// field's kind, whether it may be left out, its choices and nested fields) and worded by its labels
// (./labels.ts: label, help text, unit), typed from the schema so that a form cannot ask for a
// field the function does not take nor forget one. The results and the
// worked examples are written here; a test runs every example and holds each form's results to the
// keys the function really returns.
// ---------------------------------------------------------------------------------------------

type Field = CalculatorInputField;
type Figure = CalculatorResultField;
type Schema = v.GenericSchema & {
  readonly entries?: v.ObjectEntries;
  readonly item?: v.GenericSchema;
  readonly options?: readonly string[];
};

/** The words of one input, untyped: a form's `Labels` are checked where the form is written. */
type AnyLabel = readonly [label: string, description: string, more?: CalculatorUnit | Readonly<Record<string, AnyLabel>>];

/** The form field of one input: what its schema says about it, in the words of `label`. */
function input(name: string, schema: v.GenericSchema, [label, description, more]: AnyLabel): Field {
  const s = unwrap(schema) as Schema;
  const item = s.item === undefined ? undefined : (unwrap(s.item) as Schema);
  const kind: CalculatorInputKind =
    s.type === 'number'
      ? 'number'
      : s.type === 'string'
        ? 'text'
        : s.type === 'picklist'
          ? 'choice'
          : s.entries !== undefined
            ? 'object'
            : item?.entries !== undefined
              ? 'objects'
              : 'numbers';
  const nested = s.entries ?? item?.entries;
  return {
    name,
    label,
    ...(typeof more === 'string' ? { unit: more } : {}),
    description,
    kind,
    optional: schema.type === 'optional',
    ...(s.options === undefined ? {} : { choices: s.options }),
    ...(nested === undefined ? {} : { fields: fields(nested, more as Readonly<Record<string, AnyLabel>>) }),
  };
}

/** The form fields of an object's entries, in the schema's order. */
function fields(entries: v.ObjectEntries, labels: Readonly<Record<string, AnyLabel>>): Field[] {
  return Object.entries(entries).map(([name, entry]) => input(name, entry as v.GenericSchema, labels[name] as AnyLabel));
}

/**
 * The form of an input object: its fields in the schema's order, each in the words `labels` gives
 * it. `labels` is typed from the schema's input type, so a field without words, or words for a
 * field the schema does not have, is a compile error.
 */
function form<S extends v.GenericSchema>(schema: S, labels: NoInfer<Labels<v.InferInput<S>>>): Field[] {
  return fields((unwrap(schema) as Schema).entries as v.ObjectEntries, labels as Readonly<Record<string, AnyLabel>>);
}

const POSITIONAL_ODDS: readonly Field[] = [input('odds', DECIMAL_ODDS, ODDS)];

const money = (name: string, label: string, item?: string): Figure => ({
  name,
  label,
  unit: 'money',
  ...(item === undefined ? {} : { item }),
});
const LAY_STAKE = money('layStake', 'Lay stake');
const LIABILITY = money('liability', 'Liability');
const IF_WINS = money('profitIfWins', 'Profit if it wins');
const IF_PLACES = money('profitIfPlaces', 'Profit if it only places');
const IF_LOSES = money('profitIfLoses', 'Profit if it loses');
const PROFIT = money('profit', 'Profit whatever happens');
const EXPECTED = money('expectedProfit', 'Expected profit');
const PLACE_ODDS: Figure = { name: 'placeOdds', label: 'Place odds', unit: 'odds' };
const WIN_LAY = money('winLayStake', 'Win lay stake');
const PLACE_LAY = money('placeLayStake', 'Place lay stake');
const BACK_LAY_RESULTS: readonly Figure[] = [LAY_STAKE, LIABILITY, IF_WINS, IF_LOSES];
const EACH_WAY_RESULTS: readonly Figure[] = [
  PLACE_ODDS,
  WIN_LAY,
  PLACE_LAY,
  IF_WINS,
  IF_PLACES,
  IF_LOSES,
  money('profitIfExtraPlace', 'Profit if it finishes in an extra place'),
];
const ACCA_RESULTS: readonly Figure[] = [money('layStakes', 'Lay stake', 'leg'), money('liabilities', 'Liability', 'leg'), PROFIT];
const QUALIFYING_LOSS = money('qualifyingLoss', 'Profit if it is not paid early');
const DECIMAL: readonly Figure[] = [{ name: '', label: 'Decimal odds', unit: 'odds' }];

// Worked examples (money in pence).
const ACCA_LEGS = [
  { backOdds: 2, layOdds: 2.1 },
  { backOdds: 1.8, layOdds: 1.85 },
  { backOdds: 2.5, layOdds: 2.6 },
];
const ACCA_EXAMPLE: CalculatorExample = {
  note: 'A £10 treble at 2.0, 1.8 and 2.5, each leg laid in turn at 2.1, 1.85 and 2.6 with 2% commission.',
  args: [{ betType: 'qualifying', backStake: 1000, legs: ACCA_LEGS, layCommission: 0.02 }],
};
const EACH_WAY_BET = { betType: 'qualifying', backStake: 500, backOdds: 13, placeFraction: 0.2 };
const ODDS_325: CalculatorExample = { note: 'A price of 3.25.', args: [3.25] };

const REGISTRY: readonly CalculatorEntry[] = [
  {
    slug: 'fixabet-calculator',
    title: 'Fixabet (mug bet) calculator',
    description: 'A mug bet fixed in advance: the largest normal-looking stake whose fully laid loss stays within a limit.',
    functions: ['fixabet'],
    forms: [
      {
        function: 'fixabet',
        title: 'Size a mug bet',
        arguments: 'object',
        inputs: form(fixabetInputSchema, {
          maxStake: ['Largest stake', 'the largest stake to place', 'money'],
          maxLoss: ['Largest loss', 'the most to lose on the bet', 'money'],
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          stakeStep: ['Round the stake to', 'round the stake down to a multiple of this (default 0: exact)', 'money'],
        }),
        results: [
          money('backStake', 'Stake to place'),
          LAY_STAKE,
          LIABILITY,
          PROFIT,
          { name: 'profitPerUnit', label: 'Profit per pound staked', unit: 'share' },
        ],
        example: {
          note: 'A mug bet of at most £50 at 3.0, laid at 3.1 with 2% commission, losing at most £2, the stake a multiple of £5.',
          args: [{ maxStake: 5000, maxLoss: 200, backOdds: 3, layOdds: 3.1, layCommission: 0.02, stakeStep: 500 }],
        },
      },
    ],
  },
  {
    slug: 'each-way-calculator',
    title: 'Each-way calculator',
    description: 'Lays an each-way bet in the exchange win and place markets; the returns of an each-way bet.',
    functions: ['eachWay', 'eachWayReturns'],
    forms: [
      {
        function: 'eachWay',
        title: 'Lay an each-way bet',
        arguments: 'object',
        inputs: form(eachWayInputSchema, {
          betType: EACH_WAY_BET_TYPE,
          backStake: EACH_WAY_STAKE,
          backOdds: BACK_ODDS,
          placeFraction: PLACE_TERMS,
          winLayOdds: WIN_LAY_ODDS,
          placeLayOdds: PLACE_LAY_ODDS,
          layCommission: LAY_COMMISSION,
        }),
        results: EACH_WAY_RESULTS,
        example: {
          note: '£5 each way at 9.0 (8/1) with 1/5 place terms, laid at 10.0 in the win market and 2.6 in the place market, with 2% commission.',
          args: [
            {
              betType: 'qualifying',
              backStake: 500,
              backOdds: 9,
              placeFraction: 0.2,
              winLayOdds: 10,
              placeLayOdds: 2.6,
              layCommission: 0.02,
            },
          ],
        },
      },
      {
        function: 'eachWayReturns',
        title: 'What an each-way bet returns',
        arguments: 'object',
        inputs: form(eachWayReturnsInputSchema, { backStake: EACH_WAY_STAKE, backOdds: BACK_ODDS, placeFraction: PLACE_TERMS }),
        results: [money('returnIfWins', 'Return if it wins'), money('returnIfPlaces', 'Return if it only places')],
        example: { note: '£5 each way at 9.0 (8/1) with 1/5 place terms.', args: [{ backStake: 500, backOdds: 9, placeFraction: 0.2 }] },
      },
    ],
  },
  {
    slug: 'rule-4-calculator',
    title: 'Rule 4 calculator',
    description:
      'The Tattersalls Rule 4(c) deduction for non-runners, its effect on a winning bet, and the exchange reduction factor beside it.',
    functions: ['rule4Deduction', 'nonRunnerImbalance', 'applyRule4', 'applyReductionFactor'],
    forms: [
      {
        function: 'rule4Deduction',
        title: 'The Rule 4 deduction',
        arguments: 'positional',
        inputs: [
          input('withdrawnOdds', withdrawnOddsSchema, [
            "Withdrawn horses' odds",
            "each withdrawn horse's decimal odds when it was withdrawn (0 to 100 of them)",
            'odds',
          ]),
        ],
        results: [{ name: '', label: 'Rule 4 deduction', unit: 'pence-per-pound' }],
        example: { note: 'One horse withdrawn at 3/1 (4.0).', args: [[4]] },
      },
      {
        function: 'nonRunnerImbalance',
        title: 'Rule 4 beside the reduction factor',
        arguments: 'object',
        inputs: form(nonRunnerInputSchema, {
          backStake: BACK_STAKE_CASH,
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          deduction: DEDUCTION,
          reductionFactor: REDUCTION_FACTOR,
        }),
        results: [
          LAY_STAKE,
          money('liabilityBefore', 'Liability before the non-runner'),
          money('profitIfWinsBefore', 'Profit if it wins, before the non-runner'),
          { name: 'effectiveBackOdds', label: 'Back odds after Rule 4', unit: 'odds' },
          money('backReturns', 'Back bet returns after Rule 4'),
          { name: 'reducedLayOdds', label: 'Lay odds after the reduction factor', unit: 'odds' },
          money('liability', 'Liability after the reduction factor'),
          IF_WINS,
          IF_LOSES,
          money('imbalance', 'Imbalance (if it wins, less if it loses)'),
        ],
        example: {
          note: '£10 backed at 6.0 and laid at 6.2 with 2% commission; then a 3/1 runner is withdrawn: the bookmaker deducts 25p in the pound, the exchange applies a 24% reduction factor.',
          args: [{ backStake: 1000, backOdds: 6, layOdds: 6.2, layCommission: 0.02, deduction: 25, reductionFactor: 0.24 }],
        },
      },
      {
        function: 'applyRule4',
        title: 'A winning bet after Rule 4',
        arguments: 'object',
        inputs: form(applyRule4InputSchema, {
          backStake: BACK_STAKE_CASH,
          backOdds: ['Back odds', "the bookmaker's decimal odds taken", 'odds'],
          deduction: DEDUCTION,
        }),
        results: [money('returns', 'Returns if it wins'), { name: 'effectiveOdds', label: 'Odds after the deduction', unit: 'odds' }],
        example: { note: '£10 at 9.0 (8/1) with 25p in the pound deducted.', args: [{ backStake: 1000, backOdds: 9, deduction: 25 }] },
      },
      {
        function: 'applyReductionFactor',
        title: "The exchange's reduction factor",
        arguments: 'object',
        inputs: form(reductionFactorInputSchema, {
          odds: ['Matched odds', 'the matched decimal odds', 'odds'],
          reductionFactor: REDUCTION_FACTOR,
        }),
        results: [{ name: '', label: 'Reduced odds', unit: 'odds' }],
        example: { note: 'Odds of 8.0 matched, then a 25% reduction factor.', args: [{ odds: 8, reductionFactor: 0.25 }] },
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
        title: 'The expected value of a bet',
        arguments: 'object',
        inputs: form(expectedValueInputSchema, {
          backStake: ['Back stake', 'the back stake (or free-bet amount)', 'money'],
          backOdds: ODDS_TAKEN,
          probability: ['Chance of winning', 'the chance of winning (give this or fairOdds)', 'share'],
          fairOdds: ['Fair odds', 'the fair decimal odds (give this or probability)', 'odds'],
          betType: BET_TYPE,
          backCommission: BACK_COMMISSION,
        }),
        results: [
          { name: 'probability', label: 'Chance of winning', unit: 'share' },
          EXPECTED,
          { name: 'edge', label: 'Edge (expected profit per pound)', unit: 'share' },
        ],
        example: { note: '£10 at 3.5 on a selection whose fair odds are 3.2.', args: [{ backStake: 1000, backOdds: 3.5, fairOdds: 3.2 }] },
      },
      {
        function: 'kellyFraction',
        title: 'The Kelly stake',
        arguments: 'object',
        inputs: form(kellyInputSchema, {
          backOdds: ODDS_TAKEN,
          probability: ['Chance of winning', 'the chance of winning', 'share'],
          backCommission: BACK_COMMISSION,
        }),
        results: [{ name: '', label: 'Share of the bank to stake', unit: 'share' }],
        example: { note: 'Odds of 3.5 on a selection with a 31.25% chance of winning.', args: [{ backOdds: 3.5, probability: 0.3125 }] },
      },
      {
        function: 'noLay',
        title: 'An unlaid each-way bet',
        arguments: 'object',
        inputs: form(noLayInputSchema, {
          betType: EACH_WAY_BET_TYPE,
          backStake: EACH_WAY_STAKE,
          backOdds: BACK_ODDS,
          placeFraction: PLACE_TERMS,
          winProbability: ['Chance of winning', 'the chance of winning', 'share'],
          placeProbability: [
            'Chance of placing',
            "the chance of finishing in the bookmaker's paid places, winning included (at least winProbability)",
            'share',
          ],
        }),
        results: [PLACE_ODDS, IF_WINS, IF_PLACES, IF_LOSES, EXPECTED],
        example: {
          note: '£5 each way at 21.0 (20/1) with 1/5 place terms, a 5% chance of winning and 25% of placing.',
          args: [{ betType: 'qualifying', backStake: 500, backOdds: 21, placeFraction: 0.2, winProbability: 0.05, placeProbability: 0.25 }],
        },
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
        title: 'Dutch a market',
        arguments: 'object',
        inputs: form(dutchInputSchema, {
          anchor: [
            'Fixed bet',
            'a back bet already fixed, its stake and odds (give this or totalStake)',
            {
              backStake: ['Fixed stake', "the fixed bet's stake", 'money'],
              backOdds: ['Fixed odds', "the fixed bet's decimal odds", 'odds'],
            },
          ],
          totalStake: ['Budget', 'the budget to split (give this or anchor)', 'money'],
          backOdds: [
            'Back odds of the outcomes',
            'the decimal back odds of the other outcomes (with anchor) or of every outcome (with totalStake)',
            'odds',
          ],
          betType: [
            'Bet type',
            'qualifying (the default: stakes you paid), or snr (the anchor, or the whole budget, is a stake-not-returned free bet)',
          ],
        }),
        results: [money('backStakes', 'Back stake', 'outcome'), money('totalStake', 'Total staked'), PROFIT],
        example: {
          note: 'A £10 bet at 3.0, dutched across the two other outcomes at 4.0 and 5.5.',
          args: [{ anchor: { backStake: 1000, backOdds: 3 }, backOdds: [4, 5.5] }],
        },
      },
    ],
  },
  {
    slug: 'acca-calculator',
    title: 'Acca calculator',
    description: 'Lays an accumulator leg by leg for the same profit on every path, with or without acca insurance.',
    functions: ['accaSequentialLay', 'accaInsuranceLockIn'],
    forms: [
      {
        function: 'accaSequentialLay',
        title: 'Lay an acca leg by leg',
        arguments: 'object',
        inputs: form(accaSequentialLayInputSchema, {
          betType: BET_TYPE,
          backStake: ['Back stake', 'the acca stake (or free-bet amount)', 'money'],
          legs: LEGS,
          layCommission: LAY_COMMISSION,
        }),
        results: ACCA_RESULTS,
        example: ACCA_EXAMPLE,
      },
      {
        function: 'accaInsuranceLockIn',
        title: 'Acca insurance',
        arguments: 'object',
        inputs: form(accaInsuranceInputSchema, {
          backStake: ['Back stake', 'the acca stake (a cash bet)', 'money'],
          legs: LEGS,
          layCommission: LAY_COMMISSION,
          refund: [
            'Refund terms',
            'the refund if exactly one leg loses',
            {
              amount: ['Refund', 'the refund paid if the bet loses (at most backStake)', 'money'],
              retention: [
                'Refund kept',
                'the share of the refund expected to be kept: 1 for cash, about 0.7 to 0.8 for a free bet',
                'share',
              ],
            },
          ],
        }),
        results: [...ACCA_RESULTS.slice(0, 2), money('lockInLayStakes', 'Lock-in lay stake', 'leg'), PROFIT],
        example: {
          note: 'A £10 treble at 2.0, 1.8 and 2.5 laid at 2.1, 1.85 and 2.6 with 2% commission, a £10 free bet back (kept at 70%) if one leg lets it down.',
          args: [{ backStake: 1000, legs: ACCA_LEGS, layCommission: 0.02, refund: { amount: 1000, retention: 0.7 } }],
        },
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
        title: 'Fractional to decimal',
        arguments: 'positional',
        inputs: [input('fractional', fractionalOddsSchema, ['Fractional odds', "fractional odds such as '9/4' or 'evens'"])],
        results: DECIMAL,
        example: { note: 'A price of 9/4.', args: ['9/4'] },
      },
      {
        function: 'oddsFromAmerican',
        title: 'American to decimal',
        arguments: 'positional',
        inputs: [input('american', americanOddsSchema, ['American odds', 'American odds such as +138 or -200'])],
        results: DECIMAL,
        example: { note: 'A price of +138.', args: [138] },
      },
      {
        function: 'oddsFromProbability',
        title: 'Probability to decimal',
        arguments: 'positional',
        inputs: [input('probability', probabilitySchema, ['Probability', 'a probability, from 0.000001 to below 1', 'share'])],
        results: DECIMAL,
        example: { note: 'A 40% chance.', args: [0.4] },
      },
      {
        function: 'toFractional',
        title: 'Decimal to fractional',
        arguments: 'positional',
        inputs: POSITIONAL_ODDS,
        results: [{ name: '', label: 'Fractional odds' }],
        example: ODDS_325,
      },
      {
        function: 'toAmerican',
        title: 'Decimal to American',
        arguments: 'positional',
        inputs: POSITIONAL_ODDS,
        results: [{ name: '', label: 'American odds' }],
        example: ODDS_325,
      },
      {
        function: 'impliedProbability',
        title: 'Implied probability',
        arguments: 'positional',
        inputs: POSITIONAL_ODDS,
        results: [{ name: '', label: 'Implied probability', unit: 'share' }],
        example: ODDS_325,
      },
      {
        function: 'removeMargin',
        title: "Remove a market's margin",
        arguments: 'positional',
        inputs: [
          input('odds', marketOddsSchema, ['Odds of every outcome', 'the decimal odds of every outcome of the market (2 to 1000)', 'odds']),
          input('method', marginMethodSchema, ['Method', 'multiplicative (the default), additive, power, shin or odds-ratio']),
        ],
        results: [{ name: '', label: 'Fair probability', unit: 'share', item: 'outcome' }],
        example: { note: 'A three-way market at 1.9, 3.6 and 4.5.', args: [[1.9, 3.6, 4.5], 'multiplicative'] },
      },
    ],
  },
  {
    slug: 'sequential-lay-calculator',
    title: 'Sequential lay calculator',
    description: 'The lay stake of each leg of a multiple, laid one leg at a time.',
    functions: ['accaSequentialLay'],
    forms: [
      {
        function: 'accaSequentialLay',
        title: 'Lay a multiple leg by leg',
        arguments: 'object',
        inputs: form(accaSequentialLayInputSchema, {
          betType: BET_TYPE,
          backStake: ['Back stake', 'the multiple’s stake (or free-bet amount)', 'money'],
          legs: LEGS,
          layCommission: LAY_COMMISSION,
        }),
        results: ACCA_RESULTS,
        example: ACCA_EXAMPLE,
      },
    ],
  },
  {
    slug: 'early-payout-calculator',
    title: '2UP and early payout calculator',
    description: 'Locks in a 2UP (early payout) win in play, and the value of a 2UP offer before kick-off.',
    functions: ['twoUpLockIn', 'twoUpExpectedValue'],
    forms: [
      {
        function: 'twoUpLockIn',
        title: 'Lock in a 2UP win',
        arguments: 'object',
        inputs: form(twoUpLockInInputSchema, {
          backStake: BACK_STAKE,
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          inPlayBackOdds: ['In-play back odds', 'the exchange back odds once the team is two goals up', 'odds'],
        }),
        results: [LAY_STAKE, money('inPlayBackStake', 'In-play back stake'), money('lockedProfit', 'Locked-in profit'), QUALIFYING_LOSS],
        example: {
          note: '£10 at 2.5 laid at 2.6 with 2% commission; the team goes two up and the exchange then backs it at 3.4.',
          args: [{ backStake: 1000, backOdds: 2.5, layOdds: 2.6, layCommission: 0.02, inPlayBackOdds: 3.4 }],
        },
      },
      {
        function: 'twoUpExpectedValue',
        title: 'The value of a 2UP offer',
        arguments: 'object',
        inputs: form(twoUpValueInputSchema, {
          backStake: BACK_STAKE,
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          earlyPayoutProbability: ['Chance of an early payout', 'the chance the team goes two up and fails to win', 'share'],
        }),
        results: [LAY_STAKE, QUALIFYING_LOSS, money('profitIfPaidEarly', 'Profit if paid early'), EXPECTED],
        example: {
          note: '£10 at 2.5 laid at 2.6 with 2% commission, with a 10% chance that the team goes two up and fails to win.',
          args: [{ backStake: 1000, backOdds: 2.5, layOdds: 2.6, layCommission: 0.02, earlyPayoutProbability: 0.1 }],
        },
      },
    ],
  },
  {
    slug: 'extra-place-calculator',
    title: 'Extra place calculator',
    description:
      'The value of an each-way bet with an extra place, laid in the win and place markets, or hedged with lay the place or a lock bet.',
    functions: ['extraPlace', 'layThePlace', 'lockBet'],
    forms: [
      {
        function: 'extraPlace',
        title: 'An each-way bet with an extra place, laid to win and place',
        arguments: 'object',
        inputs: form(extraPlaceInputSchema, {
          betType: EACH_WAY_BET_TYPE,
          backStake: EACH_WAY_STAKE,
          backOdds: BACK_ODDS,
          placeFraction: PLACE_TERMS,
          winLayOdds: WIN_LAY_ODDS,
          placeLayOdds: PLACE_LAY_ODDS,
          layCommission: LAY_COMMISSION,
          extraPlaceProbability: ['Chance of the extra place', 'the chance of finishing exactly in the extra place', 'share'],
        }),
        results: [
          ...EACH_WAY_RESULTS,
          EXPECTED,
          { name: 'breakEvenProbability', label: 'Break-even chance of the extra place', unit: 'share' },
        ],
        example: {
          note: '£5 each way at 13.0 (12/1) with 1/5 place terms, laid at 14.0 to win and 3.6 to place with 2% commission, a 6% chance of finishing in the extra place.',
          args: [{ ...EACH_WAY_BET, winLayOdds: 14, placeLayOdds: 3.6, layCommission: 0.02, extraPlaceProbability: 0.06 }],
        },
      },
      {
        function: 'layThePlace',
        title: 'Lay the place',
        arguments: 'object',
        inputs: form(layThePlaceInputSchema, {
          betType: EACH_WAY_BET_TYPE,
          backStake: EACH_WAY_STAKE,
          backOdds: BACK_ODDS,
          placeFraction: PLACE_TERMS,
          winLayOdds: WIN_LAY_ODDS,
          placeLayOdds: [
            'Place lay odds',
            "lay odds in the exchange's place market that pays the bookmaker's places, extra places included",
            'odds',
          ],
          layCommission: LAY_COMMISSION,
        }),
        results: [PLACE_ODDS, WIN_LAY, PLACE_LAY, LIABILITY, PROFIT],
        example: {
          note: '£5 each way at 13.0 (12/1) with 1/5 place terms, laid at 14.0 to win and 3.0 in a place market paying the same places.',
          args: [{ ...EACH_WAY_BET, winLayOdds: 14, placeLayOdds: 3, layCommission: 0.02 }],
        },
      },
      {
        function: 'lockBet',
        title: 'A lock bet',
        arguments: 'object',
        inputs: form(lockBetInputSchema, {
          betType: EACH_WAY_BET_TYPE,
          backStake: EACH_WAY_STAKE,
          backOdds: BACK_ODDS,
          placeFraction: PLACE_TERMS,
          lockOdds: ['Lock bet odds', "the exchange's lay price for the each-way lock bet", 'odds'],
          layCommission: LAY_COMMISSION,
        }),
        results: [PLACE_ODDS, { name: 'lockPlaceOdds', label: 'Lock bet place odds', unit: 'odds' }, WIN_LAY, PLACE_LAY, LIABILITY, PROFIT],
        example: {
          note: '£5 each way at 13.0 (12/1) with 1/5 place terms, hedged with an each-way lock bet laid at 13.5 with 2% commission.',
          args: [{ ...EACH_WAY_BET, lockOdds: 13.5, layCommission: 0.02 }],
        },
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
        title: 'Lay part of a bet',
        arguments: 'object',
        inputs: form(partLayInputSchema, {
          betType: LAY_BET_TYPE,
          backStake: BACK_STAKE,
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          backCommission: BACK_COMMISSION,
          refund: REFUND,
          layFraction: ['Share to lay', 'the share of the normal lay stake to lay (default 1)', 'share'],
          maxLiability: ['Largest liability', 'the most the lay may risk (no limit when absent)', 'money'],
        }),
        results: [...BACK_LAY_RESULTS, { name: 'coveredFraction', label: 'Share laid', unit: 'share' }],
        example: {
          note: '£10 at 5.0 laid at 5.2 with 2% commission, only half of the normal lay.',
          args: [{ betType: 'qualifying', backStake: 1000, backOdds: 5, layOdds: 5.2, layCommission: 0.02, layFraction: 0.5 }],
        },
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
        title: 'Lay a free bet',
        arguments: 'object',
        inputs: form(backLayInputSchema, {
          betType: LAY_BET_TYPE,
          backStake: BACK_STAKE,
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          backCommission: BACK_COMMISSION,
          strategy: ['Lay strategy', 'normal (the default: equal both ways), underlay or overlay'],
          refund: REFUND,
        }),
        results: BACK_LAY_RESULTS,
        example: {
          note: 'A £10 free bet (stake not returned) at 6.0, laid at 6.4 with 2% commission.',
          args: [{ betType: 'snr', backStake: 1000, backOdds: 6, layOdds: 6.4, layCommission: 0.02 }],
        },
      },
      {
        function: 'matchRating',
        title: 'The share of the free bet kept',
        arguments: 'object',
        inputs: form(matchRatingInputSchema, { betType: BET_TYPE, backOdds: BACK_ODDS, layOdds: LAY_ODDS, layCommission: LAY_COMMISSION }),
        results: [{ name: '', label: 'Rating', unit: 'percent' }],
        example: {
          note: 'A free bet (stake not returned) at 6.0, laid at 6.4 with 2% commission.',
          args: [{ betType: 'snr', backOdds: 6, layOdds: 6.4, layCommission: 0.02 }],
        },
      },
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
        title: 'Bet £10, get free bets',
        arguments: 'object',
        inputs: form(betAndGetInputSchema, {
          backStake: ['Back stake', 'the qualifying stake', 'money'],
          backOdds: BACK_ODDS,
          layOdds: LAY_ODDS,
          layCommission: LAY_COMMISSION,
          freeBetAmount: ['Free bets awarded', 'the free bets awarded, in total', 'money'],
          freeBetRetention: ['Free bet kept', 'the share of the free bets expected to be kept', 'share'],
        }),
        results: [
          LAY_STAKE,
          money('qualifyingProfit', 'Qualifying profit'),
          money('freeBetValue', 'Free bet value'),
          money('estimatedProfit', 'Estimated profit'),
        ],
        example: {
          note: 'Bet £10 at 2.0, laid at 2.06 with 2% commission, for £20 of free bets expected to keep 75% of their value.',
          args: [{ backStake: 1000, backOdds: 2, layOdds: 2.06, layCommission: 0.02, freeBetAmount: 2000, freeBetRetention: 0.75 }],
        },
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
        title: 'A bonus after wagering',
        arguments: 'object',
        inputs: form(casinoWageringInputSchema, {
          deposit: ['Deposit', 'the deposit', 'money'],
          bonus: ['Bonus', 'the casino bonus', 'money'],
          wageringMultiple: ['Wagering requirement', 'how many times the base must be staked', 'times'],
          wageringBase: ['Wagering applies to', 'what the multiple applies to: bonus, or deposit+bonus'],
          rtp: ['Return to player', "the games' return to player, as a fraction (0.96 for 96%)", 'share'],
        }),
        results: [money('totalWagered', 'Total wagered'), money('expectedLoss', 'Expected loss to the casino edge'), EXPECTED],
        example: {
          note: 'A £20 deposit with a £20 bonus to wager 30 times on games returning 96%.',
          args: [{ deposit: 2000, bonus: 2000, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 }],
        },
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
 * the functions behind it and, for each, a form: every input the function takes (its label, unit,
 * kind, whether it may be left out, its choices and nested fields), every figure it returns and a
 * worked example. This is the one registry the app and
 * the docs read to know which function computes which page and what to ask for. Each function name
 * is an export of `@matchkit/sdk/calculators`. Plain data, frozen deeply.
 *
 * @example
 * ```ts
 * import * as calculators from '@matchkit/sdk/calculators';
 * import { calculatorRegistry } from '@matchkit/sdk/calculators/registry';
 * const page = calculatorRegistry.find((c) => c.slug === 'each-way-calculator');
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
 * import { findCalculator } from '@matchkit/sdk/calculators/registry';
 * findCalculator('rule-4-calculator')?.functions; // ['rule4Deduction', 'nonRunnerImbalance', 'applyRule4', 'applyReductionFactor']
 * ```
 */
export function findCalculator(slug: string): CalculatorEntry | undefined {
  return calculatorRegistry.find((c) => c.slug === slug);
}
