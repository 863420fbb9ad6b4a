// The calculator's address, read back: `readCalculatorLink` is the inverse of app/paths.ts's
// `calculatorPath` (reading the path of any link gives the link back), and the form's text fields
// are built from a link and turned into the sdk's backLay input here. A member reads and types
// pounds and percent; the link and the sdk input hold pence and fractions.
import type { BackLayInput } from '@matchkit/sdk/calculators';
import type { CalculatorLink } from '../../app/paths';
import { poundsText, poundsToPence } from '../../components/money';

type BetType = NonNullable<CalculatorLink['betType']>;
type Strategy = NonNullable<CalculatorLink['strategy']>;

export const BET_TYPES: readonly BetType[] = ['qualifying', 'snr', 'sr', 'refund'];
export const STRATEGIES: readonly Strategy[] = ['normal', 'underlay', 'overlay'];

const TEXT_PARAMS = [
  ['event', 'event'],
  ['market', 'market'],
  ['selection', 'sel'],
  ['bookmaker', 'bm'],
  ['exchange', 'ex'],
  ['source', 'src'],
] as const;

/** A decimal number as typed (`10`, `10.5`, `.5`), or NaN: no exponents, signs or spaces inside. */
export function parseDecimal(text: string): number {
  const t = text.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

/**
 * Pounds as typed to whole pence by the app's one reader (`10.5` is 1050); NaN when it does not
 * read, so that the sdk reports it against its field. A minus reads, for the sdk to refuse in the
 * field's own words.
 */
export function readPence(text: string): number {
  return poundsToPence(text, { signed: true }) ?? NaN;
}

/** Percent as typed to a fraction (`2.5` is 0.025), rounded to six decimals so that no binary noise is kept; NaN when not a number. */
export function percentToFraction(text: string): number {
  const percent = parseDecimal(text);
  return Number.isFinite(percent) ? Number((percent / 100).toFixed(6)) : NaN;
}

/** A fraction as the percent a member reads (0.02 is `2`, at most four decimals). */
export function fractionToPercent(fraction: number): string {
  return String(Number((fraction * 100).toFixed(4)));
}

/**
 * The link a calculator address carries (the query of `calculatorPath`'s path, with or without
 * the path and `?`). A value that is missing or unreadable is left out, so the calculator keeps
 * its default for it.
 */
export function readCalculatorLink(address: string | URLSearchParams): CalculatorLink {
  const params =
    typeof address === 'string' ? new URLSearchParams(address.includes('?') ? address.slice(address.indexOf('?') + 1) : address) : address;
  const link: { -readonly [K in keyof CalculatorLink]: CalculatorLink[K] } = {};
  const type = params.get('type');
  if (type !== null && (BET_TYPES as readonly string[]).includes(type)) link.betType = type as BetType;
  const strategy = params.get('strategy');
  if (strategy !== null && (STRATEGIES as readonly string[]).includes(strategy)) link.strategy = strategy as Strategy;
  const number = (param: string, read: (text: string) => number): number | undefined => {
    const text = params.get(param);
    if (text === null) return undefined;
    const value = read(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const set = <K extends keyof CalculatorLink>(key: K, value: CalculatorLink[K] | undefined) => {
    if (value !== undefined) link[key] = value;
  };
  set('stake', number('stake', readPence));
  set('backOdds', number('back', parseDecimal));
  set('layOdds', number('lay', parseDecimal));
  set('backCommission', number('bc', percentToFraction));
  set('layCommission', number('lc', percentToFraction));
  set('refund', number('refund', readPence));
  set('retention', number('ret', percentToFraction));
  for (const [field, param] of TEXT_PARAMS) {
    const value = params.get(param);
    if (value !== null && value !== '') link[field] = value;
  }
  return link;
}

/** The calculator's form: every field as the member reads and types it (pounds, percent, text). */
export interface CalculatorForm {
  readonly betType: BetType;
  readonly strategy: Strategy;
  /** Pounds. */
  readonly stake: string;
  readonly backOdds: string;
  readonly layOdds: string;
  /** Percent. */
  readonly backCommission: string;
  readonly layCommission: string;
  /** Pounds. */
  readonly refund: string;
  /** Percent. */
  readonly retention: string;
  readonly event: string;
  readonly market: string;
  readonly selection: string;
  readonly bookmaker: string;
  readonly exchange: string;
  /** Not a field: where the link came from (the tracker source), kept as it is. */
  readonly source: string;
}

/** What the calculator shows before anything is typed (a £10 qualifying bet, 2% exchange commission). */
export const DEFAULT_FORM: CalculatorForm = {
  betType: 'qualifying',
  strategy: 'normal',
  stake: '10.00',
  backOdds: '',
  layOdds: '',
  backCommission: '0',
  layCommission: '2',
  refund: '',
  retention: '70',
  event: '',
  market: '',
  selection: '',
  bookmaker: '',
  exchange: '',
  source: '',
};

/** The form a link opens: its values as the member reads them, the defaults for the rest. */
export function formFromLink(link: CalculatorLink, defaults: CalculatorForm = DEFAULT_FORM): CalculatorForm {
  return {
    betType: link.betType ?? defaults.betType,
    strategy: link.strategy ?? defaults.strategy,
    stake: link.stake === undefined ? defaults.stake : poundsText(link.stake),
    backOdds: link.backOdds === undefined ? defaults.backOdds : String(link.backOdds),
    layOdds: link.layOdds === undefined ? defaults.layOdds : String(link.layOdds),
    backCommission: link.backCommission === undefined ? defaults.backCommission : fractionToPercent(link.backCommission),
    layCommission: link.layCommission === undefined ? defaults.layCommission : fractionToPercent(link.layCommission),
    refund: link.refund === undefined ? defaults.refund : poundsText(link.refund),
    retention: link.retention === undefined ? defaults.retention : fractionToPercent(link.retention),
    event: link.event ?? defaults.event,
    market: link.market ?? defaults.market,
    selection: link.selection ?? defaults.selection,
    bookmaker: link.bookmaker ?? defaults.bookmaker,
    exchange: link.exchange ?? defaults.exchange,
    source: link.source ?? defaults.source,
  };
}

/** The link of a form: every number that reads, every text that is not empty (what the address keeps). */
export function linkFromForm(form: CalculatorForm): CalculatorLink {
  const link: { -readonly [K in keyof CalculatorLink]: CalculatorLink[K] } = { betType: form.betType, strategy: form.strategy };
  const put = <K extends keyof CalculatorLink>(key: K, value: CalculatorLink[K]) => {
    if (typeof value === 'number' ? Number.isFinite(value) : value !== '') link[key] = value;
  };
  put('stake', readPence(form.stake));
  put('backOdds', parseDecimal(form.backOdds));
  put('layOdds', parseDecimal(form.layOdds));
  put('backCommission', percentToFraction(form.backCommission));
  put('layCommission', percentToFraction(form.layCommission));
  if (form.betType === 'refund') {
    put('refund', readPence(form.refund));
    put('retention', percentToFraction(form.retention));
  }
  for (const [field] of TEXT_PARAMS) put(field, form[field]);
  return link;
}

/**
 * The sdk's backLay input for a form, in pence (the sdk validates it: an unreadable number is
 * passed as NaN and reported by the sdk against its field).
 */
export function backLayInput(form: CalculatorForm): BackLayInput {
  return {
    betType: form.betType,
    strategy: form.strategy,
    backStake: readPence(form.stake),
    backOdds: parseDecimal(form.backOdds),
    layOdds: parseDecimal(form.layOdds),
    backCommission: percentToFraction(form.backCommission),
    layCommission: percentToFraction(form.layCommission),
    ...(form.betType === 'refund' ? { refund: { amount: readPence(form.refund), retention: percentToFraction(form.retention) } } : {}),
  };
}
