// Shared pieces of the finder engines: the common input fields, exchange selection, fair
// probabilities from exchange prices, and ranking.
import * as v from 'valibot';
import * as s from '../../internal/schemas';
import { enabledExchanges, exchangeProviders, providerSupports } from '../../exchanges/exchanges';
import type { EntitledUser, ProviderFeature } from '../../model/schemas';
import { penceSchema } from '../../model/schemas';
import { validate } from '../../internal/validate';
import { removeMargin } from '../../calculators/index';
import { commissionFractionSchema, feedKeySchema, type BackPrice, type ExchangePrice } from '../model';
import { indexMarketSnapshot, type MarketIndex, type SelectionView } from '../snapshot';
import { layFactor } from '../rating';

/** Default number of rows a finder returns. */
export const DEFAULT_FINDER_LIMIT = 50;
/** Default stake of a finder, pence (£10). */
export const DEFAULT_FINDER_STAKE = 1000;

/**
 * The inputs every finder engine takes besides its own.
 *
 * @example
 * ```ts
 * import type { FinderInput } from '@matchkit/sdk/matching';
 * const common: FinderInput = { market: { events: [], markets: [], backPrices: [], exchangePrices: [] }, limit: 20 };
 * ```
 */
export interface FinderInput {
  /** The prices: a `MarketIndex` from `indexMarketSnapshot` (validated once), or a raw snapshot. */
  readonly market: unknown;
  /**
   * The member's exchange settings; only enabled exchanges are laid at.
   * @defaultValue `{}` (the exchanges enabled by default)
   */
  readonly exchangeSettings?: Readonly<Record<string, boolean>> | undefined;
  /**
   * The member's own commission per exchange, replacing the feed's.
   * @defaultValue `{}`
   */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
  /**
   * Bookmakers to consider (lower-case keys); absent: all.
   * @defaultValue every bookmaker
   */
  readonly bookmakers?: readonly string[] | undefined;
  /**
   * How many rows to return, 1 to 1,000.
   * @defaultValue 50
   */
  readonly limit?: number | undefined;
  /**
   * The stake the money figures are worked out for, integer pence (per part for each-way bets).
   * @defaultValue 1000 (£10)
   */
  readonly stake?: number | undefined;
  /**
   * The member, for tools that depend on exchange providers (2UP, extra places): an exchange takes
   * part only if its provider supports the tool for this member. Absent: the provider table alone
   * decides (a feature with no codes at a provider is never offered there).
   */
  readonly user?: EntitledUser | undefined;
}

/**
 * What a finder engine returns: the top rows, best first, and how many candidates it scored.
 *
 * @example
 * ```ts
 * import type { FinderResult } from '@matchkit/sdk/matching';
 * const best = <R>(r: FinderResult<R>) => r.rows[0];
 * ```
 */
export interface FinderResult<Row> {
  /** The best rows, at most `limit`, best first. */
  readonly rows: readonly Row[];
  /** How many candidates were scored (before the limit). */
  readonly considered: number;
}

/**
 * Where a finder row is: its event and market (the dutching finder's rows cover a whole market;
 * the others extend {@link FinderRowBase} with one selection and its price).
 *
 * @example
 * ```ts
 * import type { FinderMarketBase } from '@matchkit/sdk/matching';
 * const where = (r: FinderMarketBase) => `${r.eventName}, ${r.marketName} (${r.startsAt})`;
 * ```
 */
export interface FinderMarketBase {
  /** Event id. */
  readonly eventId: string;
  /** Event name. */
  readonly eventName: string;
  /** Sport key. */
  readonly sport: string;
  /** Event start (the instant as given). */
  readonly startsAt: string;
  /** Market id. */
  readonly marketId: string;
  /** Market name. */
  readonly marketName: string;
}

/**
 * The fields every selection's finder row carries: where the bet is and at what price.
 *
 * @example
 * ```ts
 * import type { FinderRowBase } from '@matchkit/sdk/matching';
 * const title = (r: FinderRowBase) => `${r.eventName}: ${r.selectionName} @ ${r.backOdds} (${r.bookmaker})`;
 * ```
 */
export interface FinderRowBase extends FinderMarketBase {
  /** Selection (runner) id. */
  readonly selectionId: string;
  /** Selection name. */
  readonly selectionName: string;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** Bookmaker decimal back odds. */
  readonly backOdds: number;
}

/** The valibot entries of {@link FinderInput}'s fields other than `market` and `user`. */
export const finderCommonShape = {
  exchangeSettings: s.optional(s.record(s.string(), s.boolean())),
  commissions: s.optional(s.record(feedKeySchema, commissionFractionSchema)),
  bookmakers: s.optional(s.array(feedKeySchema)),
  limit: s.optional(v.pipe(s.int(), s.gte(1, 'must be at least 1'), s.lte(1000, 'must be at most 1000'))),
  stake: s.optional(v.pipe(penceSchema, s.lte(1e9, 'must be at most 1000000000'))),
};

/** A lay quote resolved for the member: exchange, odds, liquidity and the commission that applies. */
export interface Lay {
  readonly exchange: string;
  readonly odds: number;
  readonly liquidity: number;
  readonly commission: number;
}

/** Everything a finder reads besides its own fields, resolved once. */
export interface FinderContext {
  readonly index: MarketIndex;
  readonly exchanges: ReadonlySet<string>;
  readonly commissions: Readonly<Record<string, number>>;
  readonly bookmakers: ReadonlySet<string> | null;
  readonly limit: number;
  readonly stake: number;
  readonly user: EntitledUser | undefined;
}

/**
 * Validates a finder's input with its schema (every bad field at once), then the market snapshot,
 * and resolves the common fields.
 */
export function openFinder<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  subject: string,
): { ctx: FinderContext; input: v.InferOutput<S> } {
  const o = validate(schema, input, subject) as v.InferOutput<S> & {
    exchangeSettings?: Record<string, boolean>;
    commissions?: Record<string, number>;
    bookmakers?: string[];
    limit?: number;
    stake?: number;
  };
  const raw = input as { market?: unknown; user?: EntitledUser };
  const index = indexMarketSnapshot(raw.market);
  return {
    input: o,
    ctx: {
      index,
      exchanges: new Set(enabledExchanges(o.exchangeSettings ?? {}).map((e) => e.name)),
      commissions: o.commissions ?? {},
      bookmakers: o.bookmakers === undefined ? null : new Set(o.bookmakers),
      limit: o.limit ?? DEFAULT_FINDER_LIMIT,
      stake: o.stake ?? DEFAULT_FINDER_STAKE,
      user: raw.user,
    },
  };
}

/** The market field and the user field of every finder schema (checked loosely here; the market is validated by `indexMarketSnapshot`). */
export const marketField = {
  market: s.unknown(),
  user: s.optional(
    s.object({
      capabilities: s.array(s.string()),
      additionalCapabilities: s.array(s.string()),
      subscription: s.optional(s.unknown()),
    }),
  ),
};

/** True when the exchange's provider takes part in `feature` (for the member, when one is given). */
export function providerOffers(exchange: string, feature: ProviderFeature, user: EntitledUser | undefined): boolean {
  const provider = (exchangeProviders as Record<string, (typeof exchangeProviders)[keyof typeof exchangeProviders] | undefined>)[exchange];
  if (provider === undefined) return false;
  const codes = provider.capabilities[feature];
  if (codes === undefined || codes.length === 0) return false;
  return user === undefined || providerSupports(provider, feature, user);
}

/** True when the exchange's provider offers a lay-the-place market (or a lock bet) for `feature`. */
export function providerHedge(exchange: string, feature: ProviderFeature, kind: 'layThePlace' | 'lock'): boolean {
  const provider = (exchangeProviders as Record<string, (typeof exchangeProviders)[keyof typeof exchangeProviders] | undefined>)[exchange];
  if (provider === undefined) return false;
  const list = kind === 'layThePlace' ? provider.isLayThePlaceBetProvided : provider.isLockBetProvided;
  return list.includes(feature);
}

/**
 * A boosted price as the bookmaker's standard price: the odds before the boost, without the
 * boost's fields (the same object when not boosted).
 */
export function standardPrice(p: BackPrice): BackPrice {
  if (p.boostedFrom === undefined) return p;
  const { boostedFrom, maxStake: _maxStake, ...rest } = p;
  return { ...rest, odds: boostedFrom };
}

/**
 * The bookmaker prices of a selection the member considers. A boost belongs to the price boost
 * tracker (`boosts`): every other finder sees a boosted price at the bookmaker's standard price.
 */
export function backsOf(view: SelectionView, ctx: FinderContext, boosts = false): readonly BackPrice[] {
  const list = ctx.bookmakers === null ? view.backPrices : view.backPrices.filter((p) => ctx.bookmakers?.has(p.bookmaker) === true);
  return boosts || list.every((p) => p.boostedFrom === undefined) ? list : list.map(standardPrice);
}

/** The commission that applies at an exchange: the member's own rate, else the feed's. */
export function commissionAt(ctx: Pick<FinderContext, 'commissions'>, price: ExchangePrice): number {
  return ctx.commissions[price.exchange] ?? price.commission;
}

/**
 * The lay quotes on a selection at enabled exchanges, in one market (`places` absent: the win
 * market; N: the N-place market), optionally only where `accept(exchange)` holds.
 */
export function laysOf(
  view: SelectionView,
  ctx: Pick<FinderContext, 'exchanges' | 'commissions'>,
  places?: number,
  accept?: (exchange: string) => boolean,
): Lay[] {
  const out: Lay[] = [];
  for (const p of view.exchangePrices) {
    if (p.lay === null || p.places !== places || !ctx.exchanges.has(p.exchange)) continue;
    if (accept !== undefined && !accept(p.exchange)) continue;
    out.push({ exchange: p.exchange, odds: p.lay.odds, liquidity: p.lay.liquidity, commission: commissionAt(ctx, p) });
  }
  return out;
}

/**
 * The best lay for a backer: the highest lay factor (1 − c)/(l − c), ties to the exchange name
 * first in code-unit order; undefined when none.
 */
export function bestLay(lays: readonly Lay[]): Lay | undefined {
  let best: Lay | undefined;
  let bestFactor = -Infinity;
  for (const l of lays) {
    const f = layFactor(l.odds, l.commission);
    if (f > bestFactor || (f === bestFactor && best !== undefined && l.exchange < best.exchange)) {
      best = l;
      bestFactor = f;
    }
  }
  return best;
}

/**
 * An exchange's implied probability of one selection in one market: the mean of the implied
 * probabilities of the best back (highest odds) and best lay (lowest odds) over every exchange,
 * or the one side quoted; undefined when neither is.
 */
export function exchangeMidProbability(view: SelectionView, places?: number): number | undefined {
  let back = 0;
  let lay = Infinity;
  for (const p of view.exchangePrices) {
    if (p.places !== places) continue;
    if (p.back !== null && p.back.odds > back) back = p.back.odds;
    if (p.lay !== null && p.lay.odds < lay) lay = p.lay.odds;
  }
  if (back === 0 && lay === Infinity) return undefined;
  if (back === 0) return 1 / lay;
  if (lay === Infinity) return 1 / back;
  return (1 / back + 1 / lay) / 2;
}

/**
 * Fair win probabilities of every runner of a market, from the exchanges' prices with the margin
 * removed: each runner's mid probability (see {@link exchangeMidProbability}) taken as odds
 * 1/mid, then the calculators' `removeMargin(odds, 'multiplicative')`. Null when the market has
 * fewer than two runners or a runner without an exchange price.
 */
export function fairWinProbabilities(index: MarketIndex, marketId: string): Map<string, number> | null {
  const views = index.selectionsOf(marketId);
  if (views.length < 2) return null;
  const odds: number[] = [];
  for (const v of views) {
    const mid = exchangeMidProbability(v);
    if (mid === undefined || mid <= 0 || mid >= 1) return null;
    odds.push(1 / mid);
  }
  const fair = removeMargin(odds, 'multiplicative');
  return new Map(views.map((v, i) => [v.runner.id, fair[i] as number]));
}

/**
 * Fair probabilities of a top-N finish for every runner, from the exchanges' N-place markets:
 * each runner's mid probability, scaled so the field adds up to N (each at most 1). Null when a
 * runner has no N-place price.
 */
export function fairPlaceProbabilities(index: MarketIndex, marketId: string, places: number): Map<string, number> | null {
  const views = index.selectionsOf(marketId);
  if (views.length <= places) return null;
  const mids: number[] = [];
  for (const v of views) {
    const mid = exchangeMidProbability(v, places);
    if (mid === undefined) return null;
    mids.push(mid);
  }
  const total = mids.reduce((a, b) => a + b, 0);
  return new Map(views.map((v, i) => [v.runner.id, Math.min(1, ((mids[i] as number) * places) / total)]));
}

/** The event and market fields of a row. */
export function marketBase(view: SelectionView): FinderMarketBase {
  return {
    eventId: view.event.id,
    eventName: view.event.name,
    sport: view.event.sport,
    startsAt: view.event.startsAt,
    marketId: view.market.id,
    marketName: view.market.name,
  };
}

/** The common fields of a selection's row. */
export function rowBase(view: SelectionView, bookmaker: string, backOdds: number): FinderRowBase {
  return {
    ...marketBase(view),
    selectionId: view.runner.id,
    selectionName: view.runner.name,
    bookmaker,
    backOdds,
  };
}

/**
 * Sorts rows best first by `score` (higher is better), ties by `tie` in code-unit order, keeps
 * `limit`, and freezes them.
 */
export function rankRows<Row>(rows: Row[], score: (r: Row) => number, tie: (r: Row) => string, limit: number): FinderResult<Row> {
  const keyed = rows.map((row) => ({ row, s: score(row), t: tie(row) }));
  keyed.sort((a, b) => b.s - a.s || (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
  return Object.freeze({
    rows: Object.freeze(keyed.slice(0, limit).map((k) => Object.freeze(k.row))),
    considered: rows.length,
  });
}

/** Every k-element combination of `items`, in lexicographic order of indices (each a fresh array). */
export function* combinations<T>(items: readonly T[], k: number, start = 0, chosen: T[] = []): Generator<T[]> {
  if (chosen.length === k) {
    yield chosen.slice();
    return;
  }
  for (let i = start; i <= items.length - (k - chosen.length); i++) {
    chosen.push(items[i] as T);
    yield* combinations(items, k, i + 1, chosen);
    chosen.pop();
  }
}
