// A calculator form's state and what it becomes, driven by the sdk registry's field descriptions
// (labels, units, kinds). The form holds text as the member typed it; at the edge it is read into
// the sdk's units (pounds typed, pence passed; a percentage typed, a fraction passed; place terms
// typed as 1/5, a fraction passed) and the sdk's validation issues are put back next to the field
// that caused them, in the member's units. Every figure is the sdk's: nothing here calculates.
import * as calculators from '@matchkit/sdk/calculators';
import type { CalculatorForm, CalculatorInputField, CalculatorResultField, CalculatorUnit } from '@matchkit/sdk/calculators/registry';
import { isValidationError } from '@matchkit/sdk/errors';
import { formatPence, poundsText, poundsToPence } from '../../components/money';

/** What the member typed: text per field path (`backStake`, `refund.amount`, `legs.0.backOdds`), and the number of rows of each list of objects. */
export interface FormState {
  readonly values: Readonly<Record<string, string>>;
  readonly rows: Readonly<Record<string, number>>;
}

/** A form's outcome: the sdk's result, or the problems to show (by field path; `''` for the whole form). */
export type Outcome =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

const trim = (n: number, decimals: number): string => String(calculators.roundForDisplay(n, decimals));

/** A number in the sdk's unit as the member types it. */
export function toText(value: number, unit: CalculatorUnit | undefined): string {
  switch (unit) {
    case 'money':
      return poundsText(value);
    case 'share':
      return trim(value * 100, 6);
    case 'place-terms':
      return calculators.toFractional(1 + value);
    default:
      return String(value);
  }
}

/** What the member typed, in the sdk's unit; `undefined` when empty; `null` when it cannot be read. */
export function fromText(text: string, unit: CalculatorUnit | undefined): number | undefined | null {
  if (text.trim() === '') return undefined;
  // Pounds to whole pence by the app's one reader: at most two decimals (never rounded), no exponent.
  if (unit === 'money') return poundsToPence(text, { signed: true });
  const t = text.trim().replace(/,/g, '').replace(/%$/, '').trim();
  if (t === '') return undefined;
  if (unit === 'place-terms' && t.includes('/')) {
    // Place terms as written (1/5): the fraction itself, read exactly (not 1 + 1/5 − 1).
    const m = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(t);
    return m === null || Number(m[2]) === 0 ? null : Number(m[1]) / Number(m[2]);
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  if (unit === 'share') return n / 100;
  return n;
}

/** A field's label with its unit, as the standard calculator writes them: "Back stake (£)", "Exchange commission (%)". */
export function fieldLabel(field: CalculatorInputField): string {
  const unit =
    field.unit === 'money'
      ? ' (£)'
      : field.unit === 'share'
        ? ' (%)'
        : field.unit === 'pence-per-pound'
          ? ' (pence in the pound)'
          : field.unit === 'times'
            ? ' (times)'
            : '';
  // A choice always has a value (its default), so it is never marked optional.
  return `${field.label}${unit}${field.optional && field.kind !== 'choice' ? ' (optional)' : ''}`;
}

/** Help under a field whose form is not obvious from its label. */
export function fieldHint(field: CalculatorInputField): string | undefined {
  if (field.unit === 'place-terms') return 'A fraction of the odds, such as 1/5';
  if (field.kind === 'numbers') return field.unit === 'odds' ? 'Decimal odds, separated by commas' : 'Separated by commas';
  if (field.kind === 'text' || field.name === 'american') return field.description.charAt(0).toUpperCase() + field.description.slice(1);
  return undefined;
}

/** An amount in pence as the page shows it: the sdk's figure to the penny, in pounds. */
export function money(pence: number): string {
  return formatPence(calculators.roundForDisplay(pence, 0));
}

/** A figure as the member reads it. */
export function formatValue(value: unknown, unit: CalculatorUnit | undefined): string {
  if (typeof value !== 'number') return String(value);
  switch (unit) {
    case 'money':
      return money(value);
    case 'odds':
      return trim(value, 3);
    case 'share':
      return `${trim(value * 100, 2)}%`;
    case 'percent':
      return `${trim(value, 2)}%`;
    case 'place-terms':
      return calculators.toFractional(1 + value);
    case 'pence-per-pound':
      return `${trim(value, 2)}p in the pound`;
    case 'times':
      return `${trim(value, 2)}×`;
    default:
      return trim(value, 4).toString();
  }
}

/** Every figure of a result, labelled ("Lay stake, leg 2"), with its value formatted. */
export function figures(
  form: CalculatorForm,
  result: unknown,
): { readonly key: string; readonly label: string; readonly value: string; readonly raw: unknown }[] {
  return form.results.flatMap((r: CalculatorResultField) => {
    const value = r.name === '' ? result : (result as Record<string, unknown>)[r.name];
    if (Array.isArray(value)) {
      return value.map((v: unknown, i) => ({
        key: `${r.name}.${i}`,
        label: `${r.label}, ${r.item ?? 'item'} ${i + 1}`,
        value: formatValue(v, r.unit),
        raw: v,
      }));
    }
    return [{ key: r.name, label: r.label, value: formatValue(value, r.unit), raw: value }];
  });
}

/** The form's text for one call's arguments (the registry's worked example, say). */
export function stateFrom(form: CalculatorForm, args: readonly unknown[]): FormState {
  const values: Record<string, string> = {};
  const rows: Record<string, number> = {};
  const input: Record<string, unknown> =
    form.arguments === 'object'
      ? ((args[0] ?? {}) as Record<string, unknown>)
      : Object.fromEntries(form.inputs.map((f, i) => [f.name, args[i]]));
  const put = (fields: readonly CalculatorInputField[], value: Record<string, unknown>, prefix: string) => {
    for (const f of fields) {
      const v = value[f.name];
      const key = `${prefix}${f.name}`;
      if (f.kind === 'object') put(f.fields ?? [], (v ?? {}) as Record<string, unknown>, `${key}.`);
      else if (f.kind === 'objects') {
        const list = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
        rows[key] = Math.max(1, list.length);
        list.forEach((item, i) => put(f.fields ?? [], item, `${key}.${i}.`));
      } else if (f.kind === 'numbers') values[key] = Array.isArray(v) ? v.map((n) => toText(n as number, f.unit)).join(', ') : '';
      else if (f.kind === 'number') values[key] = typeof v === 'number' ? toText(v, f.unit) : '';
      else values[key] = v === undefined ? (f.kind === 'choice' ? (f.choices?.[0] ?? '') : '') : String(v);
    }
  };
  put(form.inputs, input, '');
  return { values, rows };
}

/**
 * The form's text from a calculator address (`?fn=eachWay&backStake=10.00&placeFraction=1/5`, as
 * `advancedCalculatorPath` writes it): undefined when the address names another form (or none);
 * otherwise the worked example with every field the address names replaced by its text, as a
 * member would type it. A list's rows are as many as the address names (`legs.2.backOdds` is
 * the third leg).
 */
export function stateFromAddress(form: CalculatorForm, params: URLSearchParams): FormState | undefined {
  if (params.get('fn') !== form.function) return undefined;
  const example = stateFrom(form, form.example.args);
  const rows: Record<string, number> = { ...example.rows };
  const given = new Map<string, string>();
  // A list the address names (`legs.0.backOdds`) takes the address's rows instead of the example's.
  const lists = new Set<string>();
  for (const [key, text] of params) {
    if (key === 'fn') continue;
    const row = /^(.+)\.(\d+)\.[^.]+$/.exec(key);
    const list = row?.[1];
    if (list !== undefined && rows[list] !== undefined) {
      rows[list] = Math.max(lists.has(list) ? (rows[list] ?? 0) : 0, Number(row?.[2]) + 1);
      lists.add(list);
      given.set(key, text);
    } else if (key in example.values) given.set(key, text);
  }
  const kept = Object.entries(example.values).filter(([key]) => ![...lists].some((list) => key.startsWith(`${list}.`)));
  const values: Record<string, string> = { ...Object.fromEntries(kept), ...Object.fromEntries(given) };
  return { values, rows };
}

/** Reads the form into the function's arguments, with the fields that could not be read. */
export function readArgs(
  form: CalculatorForm,
  state: FormState,
): { readonly args: unknown[]; readonly unreadable: Record<string, string> } {
  const unreadable: Record<string, string> = {};
  const read = (fields: readonly CalculatorInputField[], prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const key = `${prefix}${f.name}`;
      const text = state.values[key] ?? '';
      let v: unknown;
      if (f.kind === 'object') {
        const inner = read(f.fields ?? [], `${key}.`);
        // An optional object left empty is left out (a refund on a bet that has none).
        v = f.optional && Object.keys(inner).length === 0 ? undefined : inner;
      } else if (f.kind === 'objects') {
        v = Array.from({ length: state.rows[key] ?? 1 }, (_, i) => read(f.fields ?? [], `${key}.${i}.`));
      } else if (f.kind === 'numbers') {
        const parts = text.split(/[,;\s]+/).filter((p) => p !== '');
        const nums = parts.map((p) => fromText(p, f.unit));
        const bad = nums.findIndex((n) => n === null);
        if (bad >= 0) unreadable[key] = `${f.label}: “${parts[bad] ?? ''}” is not a number`;
        v = bad >= 0 || (parts.length === 0 && f.optional) ? undefined : nums;
      } else if (f.kind === 'number') {
        const n = fromText(text, f.unit);
        if (n === null)
          unreadable[key] =
            f.unit === 'place-terms'
              ? `${f.label}: enter a fraction such as 1/5`
              : f.unit === 'money'
                ? `${f.label}: enter an amount in pounds, such as 10.50`
                : `${f.label}: enter a number`;
        v = n ?? undefined;
      } else v = text === '' && f.optional ? undefined : text;
      if (v !== undefined) out[f.name] = v;
    }
    return out;
  };
  const input = read(form.inputs, '');
  const args = form.arguments === 'object' ? [input] : form.inputs.map((f) => input[f.name]);
  // Trailing optional positional arguments left out take their defaults.
  while (form.arguments === 'positional' && args.length > 0 && args[args.length - 1] === undefined) args.pop();
  return { args, unreadable };
}

/** The input field a (dotted) path belongs to, with its state key. */
function fieldAt(form: CalculatorForm, path: string): { key: string; field: CalculatorInputField; index?: number } | undefined {
  const parts = path.split('.');
  let fields = form.inputs;
  let key = '';
  for (let i = 0; i < parts.length; i++) {
    const f = fields.find((x) => x.name === parts[i]);
    if (f === undefined) return undefined;
    key = key === '' ? f.name : `${key}.${f.name}`;
    const next = parts[i + 1];
    if (f.kind === 'numbers') return next === undefined ? { key, field: f } : { key, field: f, index: Number(next) };
    if (f.kind === 'objects' && next !== undefined) {
      key = `${key}.${next}`;
      i += 1;
      fields = f.fields ?? [];
      if (parts[i + 1] === undefined) return { key, field: f };
      continue;
    }
    if (f.kind === 'object' && next !== undefined) {
      fields = f.fields ?? [];
      continue;
    }
    return { key, field: f };
  }
  return undefined;
}

/** A label inside a sentence: "Back stake" is "back stake", but "American odds" and "Rule 4 deduction" keep their capital. */
const lower = (label: string) => (/^(American|Rule)\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** One sdk message in the member's words and units: "Back odds must be greater than 1". */
export function describeIssue(field: CalculatorInputField, message: string, index?: number): string {
  const who = index === undefined ? field.label : `${field.label}, value ${index + 1},`;
  if (message === 'is required') return index === undefined ? `Enter the ${lower(field.label)}` : `${who} is missing`;
  if (/is not a fraction/.test(message)) return `${who} must be less than 100%`;
  const inUnits = message.replace(
    /(at least|at most|greater than|less than) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/,
    (_, bound: string, n: string) => {
      const x = Number(n);
      if (field.unit === 'money') return `${bound} ${formatPence(x)}`;
      if (field.unit === 'share') return `${bound} ${trim(x * 100, 6)}%`;
      return `${bound} ${n}`;
    },
  );
  return `${who} ${inUnits}`;
}

/** Runs the form's function on what the member typed: its result, or each problem next to its field. */
export function run(form: CalculatorForm, state: FormState): Outcome {
  const { args, unreadable } = readArgs(form, state);
  const fn = calculators[form.function] as (...a: readonly unknown[]) => unknown;
  try {
    const result = fn(...args);
    return Object.keys(unreadable).length === 0 ? { ok: true, result } : { ok: false, errors: unreadable };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.issues) {
      const at =
        fieldAt(form, issue.path) ??
        (form.inputs.length === 1 && form.inputs[0] !== undefined ? { key: form.inputs[0].name, field: form.inputs[0] } : undefined);
      const key = at?.key ?? '';
      if (errors[key] !== undefined) continue;
      errors[key] =
        at === undefined
          ? issue.message.charAt(0).toUpperCase() + issue.message.slice(1)
          : describeIssue(at.field, issue.message, at.index);
    }
    return { ok: false, errors: { ...errors, ...unreadable } };
  }
}

/** Runs a call as the registry's worked example gives it. */
export function runExample(form: CalculatorForm): unknown {
  return (calculators[form.function] as (...a: readonly unknown[]) => unknown)(...form.example.args);
}

/** A worked example in words: what was entered, then what the sdk works out. */
export function exampleInWords(form: CalculatorForm): { readonly entered: string; readonly result: string } {
  const args = form.example.args;
  const input: Record<string, unknown> =
    form.arguments === 'object'
      ? ((args[0] ?? {}) as Record<string, unknown>)
      : Object.fromEntries(form.inputs.map((f, i) => [f.name, args[i]]));
  const describe = (fields: readonly CalculatorInputField[], value: Record<string, unknown>): string[] =>
    fields.flatMap((f) => {
      const v = value[f.name];
      if (v === undefined) return [];
      const name = lower(f.label);
      if (f.kind === 'object') return [`${name} (${describe(f.fields ?? [], v as Record<string, unknown>).join(', ')})`];
      if (f.kind === 'objects')
        return [`${name}: ${(v as Record<string, unknown>[]).map((o) => describe(f.fields ?? [], o).join(' and ')).join('; ')}`];
      if (f.kind === 'numbers') return [`${name} ${(v as number[]).map((n) => formatValue(n, f.unit)).join(', ')}`];
      if (f.kind === 'choice') return [`${name} ${choiceLabel(String(v)).toLowerCase()}`];
      return [`${name} ${typeof v === 'number' ? formatValue(v, f.unit) : String(v)}`];
    });
  const result = figures(form, runExample(form))
    .map((f) => `${lower(f.label)} ${f.value}`)
    .join(', ');
  return { entered: describe(form.inputs, input).join(', '), result };
}

const CHOICES: Readonly<Record<string, string>> = {
  qualifying: 'Qualifying (a cash bet)',
  snr: 'Free bet, stake not returned',
  sr: 'Free bet, stake returned',
  refund: 'Cash bet, refunded if it loses',
  normal: 'Normal (equal either way)',
  underlay: 'Underlay',
  overlay: 'Overlay',
  'deposit+bonus': 'Deposit and bonus',
  'odds-ratio': 'Odds ratio',
};

/** A choice as a member reads it. */
export function choiceLabel(choice: string): string {
  return CHOICES[choice] ?? choice.charAt(0).toUpperCase() + choice.slice(1);
}
