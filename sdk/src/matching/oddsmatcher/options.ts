// The oddsmatcher's options: their schemas and public types, and how the engine resolves them
// (defaults filled in, cross-field checks) and compiles the filters into the form it tests pairs
// against. Also the internal tuning knob the tests use.
import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { MatchkitValidationError, type ValidationIssue } from '../../errors/errors';
import { enabledExchanges } from '../../exchanges/exchanges';
import { instantSchema, penceSchema } from '../../model/schemas';
import { validate } from '../../internal/validate';
import { commissionFractionSchema, feedKeySchema } from '../model';
import { MAX_MONEY } from '../../calculators/index';

/**
 * Schema of {@link OddsmatcherFilters}. Every filter is optional; an absent filter lets
 * everything through, except the exchanges, which default to the exchanges enabled by default.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { oddsmatcherFiltersSchema } from '@matchkit/sdk/matching';
 * v.safeParse(oddsmatcherFiltersSchema, { minOdds: 2, maxOdds: 1.5 }).success; // true (the range check is the matcher's)
 * ```
 */
export const oddsmatcherFiltersSchema = s.object({
  /** Lowest bookmaker back odds shown (inclusive). */
  minOdds: s.optional(v.pipe(s.number(), s.gte(1, 'must be at least 1'))),
  /** Highest bookmaker back odds shown (inclusive). */
  maxOdds: s.optional(v.pipe(s.number(), s.gte(1, 'must be at least 1'))),
  /** Lowest ranked figure shown, in percent (rating, or SNR retention when ranking by it). */
  minRating: s.optional(s.number()),
  /** Least money available at the lay price, in integer pence. */
  minLiquidity: s.optional(penceSchema),
  /** Earliest event start shown (inclusive instant). */
  startsFrom: s.optional(instantSchema),
  /** Latest event start shown (inclusive instant). */
  startsTo: s.optional(instantSchema),
  /** Sports shown (lower-case keys); absent: every sport. */
  sports: s.optional(s.array(feedKeySchema)),
  /** Market types shown (lower-case keys); absent: every market type. */
  marketTypes: s.optional(s.array(feedKeySchema)),
  /** Bookmakers shown (lower-case keys); absent: every bookmaker. */
  bookmakers: s.optional(s.array(feedKeySchema)),
  /** The member's exchange settings (exchange name to on/off), read with `enabledExchanges`. */
  exchangeSettings: s.optional(s.record(s.string(), s.boolean())),
  /** Whether boosted prices are ranked at their boosted odds; absent or false: at the odds before the boost. */
  includeBoosts: s.optional(s.boolean()),
});

/**
 * Schema of {@link OddsmatcherOptions}.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { oddsmatcherOptionsSchema } from '@matchkit/sdk/matching';
 * v.safeParse(oddsmatcherOptionsSchema, { limit: 0 }).success; // false
 * ```
 */
export const oddsmatcherOptionsSchema = s.strictObject({
  /** The filters. */
  filters: s.optional(oddsmatcherFiltersSchema),
  /** What to rank by: the qualifying `rating` or the free-bet `snrRetention`. */
  rankBy: s.optional(s.picklist(['rating', 'snrRetention'])),
  /** How many rows to keep (top-k), 1 to 10,000. */
  limit: s.optional(v.pipe(s.int(), s.gte(1, 'must be at least 1'), s.lte(10_000, 'must be at most 10000'))),
  /**
   * The stake the rows' money figures are worked out for (a cash qualifying stake, and a free bet
   * of the same amount), in integer pence, at most 1e9.
   */
  stake: s.optional(v.pipe(penceSchema, s.lte(MAX_MONEY, 'must be at most 1000000000'))),
  /** The member's own commission per exchange (a fraction), overriding the feed's. */
  commissions: s.optional(s.record(feedKeySchema, commissionFractionSchema)),
});

/**
 * The oddsmatcher's filters. A pair is shown when all hold. Bounds are inclusive. An absent filter
 * lets everything through, except the exchanges: only those enabled by `exchangeSettings` (read
 * with `enabledExchanges`, so the defaults apply to exchanges the member has not set) take part.
 *
 * @example
 * ```ts
 * import type { OddsmatcherFilters } from '@matchkit/sdk/matching';
 * const filters: OddsmatcherFilters = { minOdds: 1.5, maxOdds: 8, minRating: 95, sports: ['football'] };
 * ```
 */
export interface OddsmatcherFilters {
  /** Lowest bookmaker back odds shown (inclusive). */
  readonly minOdds?: number | undefined;
  /** Highest bookmaker back odds shown (inclusive). */
  readonly maxOdds?: number | undefined;
  /**
   * Lowest ranked figure shown, in percent: the rating, or the SNR retention when ranking by it.
   * A pair passes when its score (a fraction) is at least `minRating / 100`.
   */
  readonly minRating?: number | undefined;
  /** Least money available at the lay price, in integer pence. */
  readonly minLiquidity?: number | undefined;
  /** Earliest event start shown: an instant with an offset (inclusive). */
  readonly startsFrom?: string | undefined;
  /** Latest event start shown: an instant with an offset (inclusive). */
  readonly startsTo?: string | undefined;
  /** Sports shown (lower-case keys); absent: every sport. */
  readonly sports?: readonly string[] | undefined;
  /** Market types shown (lower-case keys); absent: every market type. */
  readonly marketTypes?: readonly string[] | undefined;
  /** Bookmakers shown (lower-case keys); absent: every bookmaker. */
  readonly bookmakers?: readonly string[] | undefined;
  /** The member's exchange settings (exchange name to on/off); absent: the default exchanges. */
  readonly exchangeSettings?: Readonly<Record<string, boolean>> | undefined;
  /**
   * Whether boosted bookmaker prices (`BackPrice.boostedFrom` set) are ranked at their boosted
   * odds. A boost is a short-lived offer with a small maximum stake (the price boost tracker's
   * business), so by default a boosted price is ranked at the bookmaker's standard price, the odds
   * before the boost, as an unmarked row. With `includeBoosts`, it is ranked at the boosted odds
   * and its row carries `boostedFrom` and the boost's `maxStake`.
   * @defaultValue false
   */
  readonly includeBoosts?: boolean | undefined;
}

/**
 * The oddsmatcher's options.
 *
 * @example
 * ```ts
 * import type { OddsmatcherOptions } from '@matchkit/sdk/matching';
 * const options: OddsmatcherOptions = { rankBy: 'snrRetention', limit: 50, commissions: { smarkets: 0 } };
 * ```
 */
export interface OddsmatcherOptions {
  /**
   * The filters.
   * @defaultValue `{}` (every pair at an exchange enabled by default)
   */
  readonly filters?: OddsmatcherFilters | undefined;
  /**
   * What to rank by: the qualifying `rating` or the free-bet `snrRetention`.
   * @defaultValue 'rating'
   */
  readonly rankBy?: 'rating' | 'snrRetention' | undefined;
  /**
   * How many rows to keep (the k of top-k), 1 to 10,000.
   * @defaultValue 100
   */
  readonly limit?: number | undefined;
  /**
   * The stake the rows' money figures are worked out for, integer pence (at most 1e9).
   * @defaultValue 1000 (£10)
   */
  readonly stake?: number | undefined;
  /**
   * The member's own commission per exchange (a fraction), replacing the feed's.
   * @defaultValue `{}` (the feed's commissions)
   */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
}

/** Default number of rows. */
export const DEFAULT_LIMIT = 100;
/** Default stake, pence (£10). */
const DEFAULT_STAKE = 1000;

export interface CompiledFilters {
  minOdds: number;
  maxOdds: number;
  minScore: number;
  minLiquidity: number;
  fromMs: number;
  toMs: number;
  sports: ReadonlySet<string> | null;
  marketTypes: ReadonlySet<string> | null;
  bookmakers: ReadonlySet<string> | null;
  exchanges: ReadonlySet<string>;
  includeBoosts: boolean;
}

/** The options in force, defaults filled in. */
export interface ResolvedOptions {
  filters: OddsmatcherFilters;
  rankBy: 'rating' | 'snrRetention';
  limit: number;
  stake: number;
  commissions: Readonly<Record<string, number>>;
}

/** The filters in the form the engine tests pairs against (absent bounds open, lists as sets). */
export function compile(filters: OddsmatcherFilters): CompiledFilters {
  return {
    minOdds: filters.minOdds ?? 1,
    maxOdds: filters.maxOdds ?? Infinity,
    minScore: filters.minRating === undefined ? -Infinity : filters.minRating / 100,
    minLiquidity: filters.minLiquidity ?? 0,
    fromMs: filters.startsFrom === undefined ? -Infinity : Date.parse(filters.startsFrom),
    toMs: filters.startsTo === undefined ? Infinity : Date.parse(filters.startsTo),
    sports: filters.sports === undefined ? null : new Set(filters.sports),
    marketTypes: filters.marketTypes === undefined ? null : new Set(filters.marketTypes),
    bookmakers: filters.bookmakers === undefined ? null : new Set(filters.bookmakers),
    exchanges: new Set(enabledExchanges(filters.exchangeSettings ?? {}).map((e) => e.name)),
    includeBoosts: filters.includeBoosts === true,
  };
}

/**
 * Validates options and fills in what they leave out from `previous` (or the defaults).
 *
 * @throws MatchkitValidationError naming the field when an option is invalid
 */
export function resolveOptions(input: unknown, previous: ResolvedOptions | null): ResolvedOptions {
  const o = validate(oddsmatcherOptionsSchema, input, 'oddsmatcher options');
  const filters = o.filters ?? previous?.filters ?? {};
  const issues: ValidationIssue[] = [];
  if (filters.minOdds !== undefined && filters.maxOdds !== undefined && filters.minOdds > filters.maxOdds) {
    issues.push({ path: 'filters.maxOdds', message: `must be at least minOdds (${filters.minOdds})` });
  }
  if (filters.startsFrom !== undefined && filters.startsTo !== undefined && Date.parse(filters.startsFrom) > Date.parse(filters.startsTo)) {
    issues.push({ path: 'filters.startsTo', message: 'must not be before startsFrom' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('oddsmatcher options', issues);
  return {
    filters,
    rankBy: o.rankBy ?? previous?.rankBy ?? 'rating',
    limit: o.limit ?? previous?.limit ?? DEFAULT_LIMIT,
    stake: o.stake ?? previous?.stake ?? DEFAULT_STAKE,
    commissions: o.commissions ?? previous?.commissions ?? {},
  };
}

/** Whether two commission records hold the same rates. */
export function sameRecord(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/**
 * Internal tuning of the oddsmatcher (not part of the public API): tests use it to make the
 * index small, so that its cut and its rebuilds are exercised on small data.
 *
 * @internal
 * @example
 * ```ts
 * const tuning: OddsmatcherTuning = { indexTarget: (k) => k };
 * ```
 */
export interface OddsmatcherTuning {
  /** How many pairs a full ranking keeps in the index for k rows (at least k are kept). */
  readonly indexTarget?: (limit: number) => number;
}

/**
 * Default index size for k rows: 2k + 64 pairs, so k + 64 spare pairs behind the top k. A full
 * ranking costs more the larger the index (each pair kept costs about ln(P/M) filter checks on
 * the way), and the index is rebuilt (one full ranking) only when ticks have pushed more than
 * the spare out of it, net.
 */
export function defaultIndexTarget(limit: number): number {
  return 2 * limit + 64;
}
