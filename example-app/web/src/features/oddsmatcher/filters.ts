// The oddsmatcher's filters and sort as they live in the address (so a search can be shared,
// reloaded and saved as a preset), read into the sdk engine's options. A value the member cannot
// mean is explained next to its field and left out of the search, never turned into NaN.
import type { OddsmatcherFilters } from '@matchkit/sdk/matching';
import { poundsToPence, readDecimal } from '../../components/money';

/** The address parameters, and what each holds as the member types it. */
export const PARAMS = {
  /** What to rank by: `rating` (default) or `snr` (SNR retention). */
  sort: 'sort',
  /** The stake the money figures are for, in pounds (default 10). */
  stake: 'stake',
  /** Rows kept: 100, 500 (default), 1000 or 5000. */
  rows: 'rows',
  /** Lowest and highest back odds. */
  minOdds: 'min',
  maxOdds: 'max',
  /** Lowest figure the table is ranked by (the rating, or the SNR retention when sorting by it), percent. */
  minRating: 'rating',
  /** Least money available to lay, pounds. */
  minLiquidity: 'liq',
  /** One sport, market type or bookmaker key (absent: all). */
  sport: 'sport',
  market: 'market',
  bookmaker: 'bm',
  /** Events starting within this many hours. */
  hours: 'hours',
  /** `hide` hides arbitrage rows (rating over 100%). */
  arbs: 'arbs',
  /** `show` ranks price boosts at their boosted odds (off by default: standard prices only). */
  boosts: 'boosts',
  /** The key of one match (selection, bookmaker and exchange) to show: an odds alert's link opens the page at it. */
  match: 'match',
} as const;

/**
 * The label of the lowest-figure filter (`rating` in the address). The engine compares it with the
 * figure the table is ranked by, the rating or the SNR retention, so the label names that figure.
 */
export function minFigureLabel(rankBy: ReadFilters['options']['rankBy']): string {
  return rankBy === 'snrRetention' ? 'Lowest SNR retention (%)' : 'Lowest rating (%)';
}

export type FilterField = 'stake' | 'minOdds' | 'maxOdds' | 'minRating' | 'minLiquidity' | 'hours';

export const ROW_CHOICES = ['100', '500', '1000', '5000'] as const;
export const DEFAULT_ROWS = '500';
export const DEFAULT_STAKE = '10';

/** What the address asks for: the engine's options (without the member's exchanges and commissions), the arbitrage toggle, and the message for each field it cannot use. */
export interface ReadFilters {
  readonly options: {
    readonly rankBy: 'rating' | 'snrRetention';
    readonly limit: number;
    readonly stake: number;
    readonly filters: OddsmatcherFilters;
  };
  readonly hideArbs: boolean;
  /** Events starting within this many hours (the engine's `startsTo`, anchored by {@link startsWithin}). */
  readonly withinHours: number | undefined;
  readonly errors: ReadonlyMap<FilterField, string>;
}

function number(text: string | null): number | null | undefined {
  if (text === null || text.trim() === '') return undefined;
  return readDecimal(text);
}

/**
 * Reads the filters and sort from the address.
 */
export function readFilters(search: URLSearchParams): ReadFilters {
  const errors = new Map<FilterField, string>();
  const filters: { -readonly [K in keyof OddsmatcherFilters]: OddsmatcherFilters[K] } = {};

  const stake = poundsToPence(search.get(PARAMS.stake) ?? DEFAULT_STAKE);
  if (stake === null || stake <= 0 || stake > 1_000_000_00)
    errors.set('stake', 'Enter a stake in pounds, from 0.01 to 1,000,000, such as 10 or 12.50.');

  const rowsText = search.get(PARAMS.rows) ?? DEFAULT_ROWS;
  const limit = (ROW_CHOICES as readonly string[]).includes(rowsText) ? Number(rowsText) : Number(DEFAULT_ROWS);

  const minOdds = number(search.get(PARAMS.minOdds));
  if (minOdds === null || (minOdds !== undefined && minOdds < 1)) errors.set('minOdds', 'Enter decimal odds of at least 1, such as 1.5.');
  else if (minOdds !== undefined) filters.minOdds = minOdds;
  const maxOdds = number(search.get(PARAMS.maxOdds));
  if (maxOdds === null || (maxOdds !== undefined && maxOdds < 1)) errors.set('maxOdds', 'Enter decimal odds of at least 1, such as 8.');
  else if (maxOdds !== undefined && minOdds !== undefined && minOdds !== null && maxOdds < minOdds)
    errors.set('maxOdds', 'The highest odds must not be below the lowest.');
  else if (maxOdds !== undefined) filters.maxOdds = maxOdds;

  const minRating = number(search.get(PARAMS.minRating));
  if (minRating === null || (minRating !== undefined && minRating > 200))
    errors.set('minRating', 'Enter a percentage from 0 to 200, such as 95.');
  else if (minRating !== undefined) filters.minRating = minRating;

  const liqText = search.get(PARAMS.minLiquidity);
  if (liqText !== null && liqText.trim() !== '') {
    const liq = poundsToPence(liqText);
    if (liq === null) errors.set('minLiquidity', 'Enter an amount in pounds, such as 50.');
    else filters.minLiquidity = liq;
  }

  const hours = number(search.get(PARAMS.hours));
  if (hours === null || (hours !== undefined && (hours <= 0 || hours > 24 * 14)))
    errors.set('hours', 'Enter a number of hours from 1 to 336.');

  const sport = search.get(PARAMS.sport);
  if (sport !== null && sport !== '') filters.sports = [sport];
  const market = search.get(PARAMS.market);
  if (market !== null && market !== '') filters.marketTypes = [market];
  const bookmaker = search.get(PARAMS.bookmaker);
  if (bookmaker !== null && bookmaker !== '') filters.bookmakers = [bookmaker];
  if (search.get(PARAMS.boosts) === 'show') filters.includeBoosts = true;

  return {
    options: { rankBy: search.get(PARAMS.sort) === 'snr' ? 'snrRetention' : 'rating', limit, stake: stake ?? 1000, filters },
    hideArbs: search.get(PARAMS.arbs) === 'hide',
    withinHours: hours === null || errors.has('hours') ? undefined : hours,
    errors,
  };
}

/** The filters with "starting within" anchored at `now` (epoch ms): the engine's `startsTo`. */
export function startsWithin(filters: OddsmatcherFilters, hours: number | undefined, now: number): OddsmatcherFilters {
  return hours === undefined ? filters : { ...filters, startsTo: new Date(now + hours * 3_600_000).toISOString() };
}

/**
 * The address with `key` set to `value` (removed when empty or equal to `fallback`), other
 * parameters kept.
 */
export function withParam(search: URLSearchParams, key: string, value: string, fallback = ''): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === '' || value === fallback) next.delete(key);
  else next.set(key, value);
  return next;
}
