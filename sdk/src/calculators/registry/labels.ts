import type { InferInput } from 'valibot';
import type { accaLegSchema } from '../acca';
import type { refundTermsSchema } from '../fields';

// The words of the registry's forms: each input's label, help text and unit, keyed by the input
// schema's field names. The schemas (in each calculator's file) hold the rules; the words live
// here, so that a page running one calculator does not ship every form's text. `Labels<T>` is
// derived from the schema's input type: a form that misses a field, or names one the schema does
// not have, does not compile.

/**
 * What a number means, so that a form can ask for it and show it as a member reads it:
 * `money` (an amount in the caller's unit: an app keeping pence passes pence and gets pence back),
 * `odds` (decimal odds), `share` (a fraction a member reads as a percentage: 0.02 is 2%),
 * `percent` (a number that already is a percentage: 95 is 95%), `place-terms` (a fraction of the
 * odds a member reads as a/b: 0.2 is 1/5), `pence-per-pound` (a Rule 4 deduction: 25 is 25p in
 * the pound) or `times` (a multiple: 30 is 30×). A number with no unit is shown as it is.
 *
 * @example
 * ```ts
 * import type { CalculatorUnit } from '@matchkit/sdk/calculators/registry';
 * const unit: CalculatorUnit = 'share';
 * ```
 */
export type CalculatorUnit = 'money' | 'odds' | 'share' | 'percent' | 'place-terms' | 'pence-per-pound' | 'times';

/** The words of a number, a list of numbers, a text or a choice: its label, its help text and (for a number) its unit. */
export type FieldLabel = readonly [label: string, description: string, unit?: CalculatorUnit];

/** The words of an object, or of a list of objects: its label, its help text and its fields' words. */
export type ObjectLabel<T> = readonly [label: string, description: string, fields: Labels<T>];

type LabelOf<T> = T extends readonly (infer I)[]
  ? I extends object
    ? ObjectLabel<I>
    : FieldLabel
  : T extends object
    ? ObjectLabel<T>
    : FieldLabel;

/** The words of every field of an input of type `T` (a schema's input type), and of no other. */
export type Labels<T> = { readonly [K in keyof T]-?: LabelOf<Exclude<T[K], undefined>> };

// Fields many forms share.
export const LAY_BET_TYPE: FieldLabel = [
  'Bet type',
  'qualifying (the default: a cash bet), snr or sr (a free bet, stake not returned or returned), or refund (a cash bet with money back if it loses)',
];
export const BET_TYPE: FieldLabel = [
  'Bet type',
  'qualifying (the default: a cash bet), or snr or sr (a free bet, stake not returned or returned)',
];
export const EACH_WAY_BET_TYPE: FieldLabel = [
  'Bet type',
  'qualifying (the default: a cash bet), or snr or sr (a free bet, stake not returned or returned); both parts are of this kind',
];
export const BACK_STAKE: FieldLabel = ['Back stake', 'the bookmaker stake (or free-bet amount)', 'money'];
export const BACK_STAKE_CASH: FieldLabel = ['Back stake', 'the bookmaker stake', 'money'];
export const EACH_WAY_STAKE: FieldLabel = [
  'Stake each way',
  'the stake of each part of the each-way bet (the whole bet costs twice this, as in "£5 each way")',
  'money',
];
export const BACK_ODDS: FieldLabel = ['Back odds', "the bookmaker's decimal odds", 'odds'];
export const ODDS_TAKEN: FieldLabel = ['Back odds', 'the decimal odds taken', 'odds'];
export const LAY_ODDS: FieldLabel = ['Lay odds', "the exchange's decimal lay odds", 'odds'];
export const ODDS: FieldLabel = ['Decimal odds', 'decimal odds, greater than 1', 'odds'];
export const LAY_COMMISSION: FieldLabel = [
  'Exchange commission',
  'exchange commission on net winnings, as a fraction (0.02 for 2%)',
  'share',
];
export const BACK_COMMISSION: FieldLabel = [
  'Bookmaker commission',
  'commission on the back bet’s winnings, as a fraction (default 0)',
  'share',
];
export const PLACE_TERMS: FieldLabel = ['Place terms', 'the place terms as a fraction of the odds (0.2 for 1/5)', 'place-terms'];
export const WIN_LAY_ODDS: FieldLabel = ['Win lay odds', 'lay odds in the exchange win market', 'odds'];
export const PLACE_LAY_ODDS: FieldLabel = ['Place lay odds', 'lay odds in the exchange place market', 'odds'];
export const DEDUCTION: FieldLabel = ['Rule 4 deduction', 'the Rule 4 deduction in pence per pound (0 to 90)', 'pence-per-pound'];
export const REDUCTION_FACTOR: FieldLabel = ['Reduction factor', "the exchange's reduction factor, as a fraction (0.25 for 25%)", 'share'];
export const REFUND: ObjectLabel<InferInput<typeof refundTermsSchema>> = [
  'Refund terms',
  'the refund terms; required when betType is refund, ignored otherwise',
  {
    amount: ['Refund', 'the refund paid if the bet loses (at most backStake)', 'money'],
    retention: ['Refund kept', 'the share of the refund expected to be kept: 1 for cash, about 0.7 to 0.8 for a free bet', 'share'],
  },
];
export const LEGS: ObjectLabel<InferInput<typeof accaLegSchema>> = [
  'Legs',
  "each leg's bookmaker and exchange odds, in settling order (1 to 20 legs)",
  {
    backOdds: ['Back odds', "the leg's bookmaker decimal odds", 'odds'],
    layOdds: ['Lay odds', "the leg's exchange decimal lay odds", 'odds'],
  },
];
