// The calculator element's form, without the DOM: the fields as typed, read into the sdk's
// backLay input, and the sdk's verdict turned into a message beside each field. The maths and the
// validation are backLay's own; this module only converts units (percent to fraction) and words.
import { backLay, type BackLayInput, type BackLayResult } from '../calculators/backLay';
import { MAX_MONEY, MAX_ODDS } from '../calculators/schema';
import { roundForDisplay } from '../calculators/round';
import { isValidationError, type ValidationIssue } from '../errors/errors';

/** The number fields, as the element names them (and as their ids in the shadow root). */
export type NumberField = 'backStake' | 'backOdds' | 'layOdds' | 'layCommission' | 'refundAmount' | 'refundRetention';
/** Every field with a message slot: the number fields and the two choices. */
export type FieldName = NumberField | 'betType' | 'strategy';

/** The form as the member sees it: every field as typed (pounds, decimal odds, percent). */
export type FormValues = Record<FieldName, string>;

/** What the element shows before any attribute or typing: a £10 qualifying bet, 2% commission. */
export const DEFAULT_FORM: FormValues = {
  betType: 'qualifying',
  strategy: 'normal',
  backStake: '10',
  backOdds: '',
  layOdds: '',
  layCommission: '2',
  refundAmount: '',
  refundRetention: '70',
};

/** The sdk input path of each number field (backLay's issues name these). */
const SDK_PATH: Record<string, NumberField> = {
  backStake: 'backStake',
  backOdds: 'backOdds',
  layOdds: 'layOdds',
  layCommission: 'layCommission',
  'refund.amount': 'refundAmount',
  'refund.retention': 'refundRetention',
};

/** How each field is named in a sentence ("Enter the back odds ..."). */
export const FIELD_NAMES: Record<NumberField, string> = {
  backStake: 'the back stake',
  backOdds: 'the back odds',
  layOdds: 'the lay odds',
  layCommission: 'the lay commission',
  refundAmount: 'the refund',
  refundRetention: 'the share of the refund you keep',
};

const PERCENT: readonly NumberField[] = ['layCommission', 'refundRetention'];

/** A plain decimal as typed (`3.2`, `.5`, `10.`); NaN for anything else (no `1e3`, no `0x10`). */
export function parseDecimal(text: string): number {
  const t = text.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

/** A percent as typed, as the fraction the sdk reads (`2.5` is 0.025, without binary noise). */
const fraction = (percent: number): number => Number((percent / 100).toPrecision(12));

const sentence = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * `text` as a whole sentence: a full stop added unless it already ends with one, a question mark
 * or an exclamation mark (the sdk's "did you mean 0.02?" keeps its own).
 */
export function endSentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** What the member reads for a bad number field, in the field's own units. */
function messageFor(field: NumberField, typed: number, issue: ValidationIssue): string {
  const name = FIELD_NAMES[field];
  if (Number.isNaN(typed)) {
    return PERCENT.includes(field)
      ? `Enter ${name} as a percentage, such as 2.`
      : field === 'backOdds' || field === 'layOdds'
        ? `Enter ${name} as decimal odds, such as 3.2.`
        : `Enter ${name} in pounds, such as 10.50.`;
  }
  if (field === 'refundAmount' && issue.message.startsWith('must not exceed')) return 'The refund cannot be more than the back stake.';
  if (field === 'backOdds' || field === 'layOdds')
    return `${sentence(name)} must be more than 1 and at most ${MAX_ODDS.toLocaleString('en-GB')}.`;
  if (field === 'layCommission') return `${sentence(name)} must be from 0% to less than 100%.`;
  if (field === 'refundRetention') return `${sentence(name)} must be from 0% to 100%.`;
  return `${sentence(name)} must be from £0 to £${MAX_MONEY.toLocaleString('en-GB')}.`;
}

/** The backLay input for the form: each number field read as typed, percentages as fractions. */
export function backLayInput(form: FormValues): BackLayInput {
  const read = (field: NumberField): number | undefined => {
    const text = form[field];
    if (text.trim() === '') return undefined;
    const n = parseDecimal(text);
    return PERCENT.includes(field) && Number.isFinite(n) ? fraction(n) : n;
  };
  // Built loosely and handed to the sdk, which validates every field (undefined is "is required").
  const input: Record<string, unknown> = {
    betType: form.betType,
    strategy: form.strategy,
    backStake: read('backStake'),
    backOdds: read('backOdds'),
    layOdds: read('layOdds'),
    layCommission: read('layCommission'),
  };
  if (form.betType === 'refund') input['refund'] = { amount: read('refundAmount'), retention: read('refundRetention') };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as unknown as BackLayInput;
}

/** The sdk's figures for the form, or a message per field it refused and the fields still empty. */
export interface Outcome {
  /** The input backLay accepted, when it did. */
  readonly input?: BackLayInput;
  /** backLay's result for `input`, when it accepted it. */
  readonly result?: BackLayResult;
  /** A message per field the member typed something wrong in. */
  readonly errors: Partial<Record<FieldName, string>>;
  /** The number fields still empty (not an error: nothing was typed yet). */
  readonly empty: readonly NumberField[];
}

/** Runs the sdk's backLay on the form; its validation issues become messages per field. */
export function calculate(form: FormValues): Outcome {
  const input = backLayInput(form);
  try {
    return { input, result: backLay(input), errors: {}, empty: [] };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const errors: Partial<Record<FieldName, string>> = {};
    const empty: NumberField[] = [];
    for (const issue of error.issues) {
      const field = SDK_PATH[issue.path];
      if (field === undefined) {
        // betType and strategy come from the selects or the page's attributes: the sdk's words.
        const choice = issue.path === 'betType' || issue.path === 'strategy' ? issue.path : null;
        if (choice !== null) errors[choice] ??= endSentence(`${choice === 'betType' ? 'Bet type' : 'Lay strategy'}: ${issue.message}`);
        continue;
      }
      if (errors[field] !== undefined || empty.includes(field)) continue;
      if (form[field].trim() === '') empty.push(field);
      else errors[field] = messageFor(field, parseDecimal(form[field]), issue);
    }
    return { errors, empty };
  }
}

/**
 * The sdk's message for one attribute's value, or undefined when backLay accepts it: the value
 * is tried in an otherwise valid input, so the message is backLay's own.
 */
export function attributeIssue(key: 'betType' | 'strategy' | 'layCommission', value: unknown): string | undefined {
  try {
    backLay({ backStake: 1, backOdds: 2, layOdds: 2, layCommission: 0, refund: { amount: 0, retention: 0 }, [key]: value } as BackLayInput);
    return undefined;
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return error.issues.find((issue) => issue.path === key)?.message;
  }
}

/** Money as the member reads it: pounds to the penny (the sdk's roundForDisplay), `-£0.75` for a loss. */
export function money(value: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(roundForDisplay(value));
}

/** "a", "a and b", "a, b and c". */
export function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
