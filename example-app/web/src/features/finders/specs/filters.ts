// The page's fields: the stake and the tools' own filters read from the address, and the filter
// choices several tools share.
import { poundsToPence, readDecimal } from '../../../components/money';
import type { FilterValues, FinderFilter } from './types';

/** The message beside the stake when {@link readStake} cannot read it. */
export const STAKE_ERROR = 'Enter a stake in pounds, more than 0 with at most two decimals, such as 10 or 12.50.';

/** The stake as typed (pounds) in pence; undefined unless it is a positive amount with at most two decimals. */
export function readStake(text: string): number | undefined {
  const pence = poundsToPence(text);
  return pence === null || pence <= 0 ? undefined : pence;
}

/**
 * The tool's own filter values from the URL, parsed strictly (amounts by the app's pounds parser,
 * numbers and percents as plain decimals: no exponent, hex or sign), with a message per bad field.
 */
export function readFilterValues(
  filters: readonly FinderFilter[],
  params: URLSearchParams,
): { values: FilterValues; errors: Map<string, string> } {
  const values: Record<string, string | number | undefined> = {};
  const errors = new Map<string, string>();
  for (const f of filters) {
    const raw = (params.get(f.key) ?? f.initial).trim();
    if (f.kind === 'select') {
      values[f.key] = f.options?.some((o) => o.value === raw) === true ? raw : f.initial;
      continue;
    }
    if (raw === '') {
      values[f.key] = undefined;
      continue;
    }
    if (f.kind === 'money') {
      const pence = poundsToPence(raw);
      if (pence === null) errors.set(f.key, 'Enter an amount in pounds with at most two decimals, such as 10 or 12.50.');
      else values[f.key] = pence;
      continue;
    }
    const n = readDecimal(raw);
    if (n === null)
      errors.set(
        f.key,
        f.kind === 'percent' ? 'Enter a percentage as a plain number, such as 5 or 2.5.' : 'Enter a plain number, such as 2 or 1.5.',
      );
    else values[f.key] = f.kind === 'percent' ? n / 100 : n;
  }
  return { values, errors };
}

/** A filter with a fixed list of choices (the first is its value when the address has none). */
export function choice(
  key: string,
  label: string,
  options: readonly (readonly [value: string, label: string])[],
  paths: readonly string[],
  hint?: string,
): FinderFilter {
  return {
    key,
    label,
    kind: 'select',
    initial: options[0]?.[0] ?? '',
    options: options.map(([value, text]) => ({ value, label: text })),
    paths,
    ...(hint === undefined ? {} : { hint }),
  };
}

export const BET_TYPE: FinderFilter = choice(
  'type',
  'Bet type',
  [
    ['qualifying', 'Qualifying bet'],
    ['snr', 'Free bet (stake not returned)'],
    ['sr', 'Free bet (stake returned)'],
  ],
  ['betType', 'offer.betType'],
);

export const betType = (v: FilterValues) => (v['type'] === 'snr' || v['type'] === 'sr' ? v['type'] : 'qualifying');
export const optionalNumber = (v: FilterValues, key: string) => (typeof v[key] === 'number' ? v[key] : undefined);

export const freeOf = (v: FilterValues) => {
  const t = betType(v);
  return t === 'qualifying' ? null : t;
};
