import * as v from 'valibot';
import { instantSchema, penceSchema } from '../model/schemas';
import { MAX_ODDS } from '../calculators/schema';
import * as s from '../internal/schemas';
import type { DeepReadonly } from '../internal/readonly';

// ---------------------------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------------------------

/**
 * Decimal odds: greater than 1 and at most 1e6, the calculators' own bounds (`oddsSchema` of
 * `@matchkit/sdk/calculators`), so every price of the model can be fed to a calculator.
 */
const decimalOddsSchema = v.pipe(s.number(), s.gt(1), s.lte(MAX_ODDS));

/**
 * An exchange commission: a fraction in [0, 1) of net winnings per market (`0.02` for 2%). A value
 * from 1 up to 100 is taken for a percentage and the message suggests the fraction.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { commissionFractionSchema } from '@matchkit/sdk/matching';
 * v.safeParse(commissionFractionSchema, 2).issues?.[0]?.message;
 * // 'commission 2 is not a fraction: did you mean 0.02?'
 * ```
 */
export const commissionFractionSchema = v.pipe(
  s.number(),
  s.gte(0, 'must be at least 0'),
  v.check(
    (x) => x < 1,
    (issue) => {
      // The same wording as the calculators' own validator.
      const x = Number(issue.input);
      return x < 100 ? `commission ${x} is not a fraction: did you mean ${+(x / 100).toPrecision(12)}?` : 'must be less than 1';
    },
  ),
);

/**
 * A lower-case key such as a sport (`football`), a market type (`match-odds`), a bookmaker
 * (`bet-co`) or an exchange (`smarkets`): lower-case letters, digits and single dashes.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { feedKeySchema } from '@matchkit/sdk/matching';
 * v.safeParse(feedKeySchema, 'horse-racing').success; // true
 * v.safeParse(feedKeySchema, 'Horse Racing').success; // false
 * ```
 */
export const feedKeySchema = s.matching(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case key such as horse-racing');

/** A non-empty identifier. */
const idSchema = s.nonEmpty('must not be empty');

// ---------------------------------------------------------------------------------------------
// Events, markets, runners
// ---------------------------------------------------------------------------------------------

/**
 * A sporting event: a football match, a race, a golf tournament. `startsAt` is an instant with
 * an offset (the oddsmatcher's start-window filter compares instants).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { sportEventSchema } from '@matchkit/sdk/matching';
 * v.parse(sportEventSchema, {
 *   id: 'e1', sport: 'football', competition: 'Premier League',
 *   name: 'Arsenal v Spurs', startsAt: '2025-08-16T15:00:00+01:00',
 * });
 * ```
 */
export const sportEventSchema = s.object({
  /** Unique id of the event. */
  id: idSchema,
  /** The sport, as a lower-case key (`football`, `horse-racing`, `golf`, `tennis`). */
  sport: feedKeySchema,
  /** The competition or meeting (`Premier League`, `Ascot`), when known. */
  competition: s.optional(s.string()),
  /** Display name (`Arsenal v Spurs`, `14:30 Ascot`). */
  name: idSchema,
  /** When the event starts: an ISO 8601 instant with an offset. */
  startsAt: instantSchema,
});

/**
 * A runner (a selection) of a market: a team, a horse, a golfer, "the draw". Runner ids are unique
 * across all markets of a snapshot: prices refer to a runner by its id alone.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { runnerSchema } from '@matchkit/sdk/matching';
 * v.parse(runnerSchema, { id: 'e1/mo/home', name: 'Arsenal' });
 * ```
 */
export const runnerSchema = s.object({
  /** Unique id of the runner (selection), across every market. */
  id: idSchema,
  /** Display name. */
  name: idSchema,
});

/**
 * A market of an event with its runners. `type` is a lower-case key (`match-odds`, `win`,
 * `outright`, `correct-score`); the oddsmatcher's market filter compares it.
 * `exchangePlaces` is the number of places the exchanges' place market of a race settles on (the
 * each-way and extra-place tools compare it with a bookmaker's places).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { marketSchema } from '@matchkit/sdk/matching';
 * v.parse(marketSchema, {
 *   id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds',
 *   runners: [{ id: 'e1/mo/home', name: 'Arsenal' }, { id: 'e1/mo/draw', name: 'Draw' }, { id: 'e1/mo/away', name: 'Spurs' }],
 * });
 * ```
 */
export const marketSchema = s.object({
  /** Unique id of the market. */
  id: idSchema,
  /** Id of the event the market belongs to. */
  eventId: idSchema,
  /** The market type, a lower-case key (`match-odds`, `win`, `outright`). */
  type: feedKeySchema,
  /** Display name. */
  name: idSchema,
  /** The runners (selections); at least one. */
  runners: v.pipe(s.array(runnerSchema), s.minLength(1, 'must list at least one runner')),
  /** Places the exchanges' place market settles on (races, golf), when there is one. */
  exchangePlaces: s.optional(v.pipe(s.int(), s.gte(1, 'must be at least 1'))),
});

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/**
 * A bookmaker's each-way terms: the number of places paid and the fraction of the win odds the
 * place part is paid at (`0.2` for 1/5, `0.25` for 1/4). A bookmaker paying more places than the
 * exchange place market settles on is offering extra places.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { eachWayTermsSchema } from '@matchkit/sdk/matching';
 * v.parse(eachWayTermsSchema, { places: 4, placeFraction: 0.2 }); // { places: 4, placeFraction: 0.2 }: 4 places at 1/5 odds
 * ```
 */
export const eachWayTermsSchema = s.object({
  /** Places paid by the bookmaker (1 to N). */
  places: v.pipe(s.int(), s.gte(1, 'must be at least 1')),
  /** Fraction of the win odds paid on the place part, in (0, 1]. */
  placeFraction: v.pipe(s.number(), s.gt(0, 'must be greater than 0'), s.lte(1, 'must be at most 1')),
});

/**
 * An early-payout (2UP) concession: the bookmaker settles a back bet on a team as a winner once the
 * team leads by `goalsAhead` goals (2 for 2UP), whatever the final result.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { earlyPayoutSchema } from '@matchkit/sdk/matching';
 * v.parse(earlyPayoutSchema, { goalsAhead: 2 });
 * ```
 */
export const earlyPayoutSchema = s.object({
  /** The lead, in goals, at which the bet is paid as a winner (2 for 2UP). */
  goalsAhead: v.pipe(s.int(), s.gte(1, 'must be at least 1')),
});

/**
 * A bookmaker's back price on one runner, with the concessions that come with it: each-way terms,
 * a price boost (`boostedFrom` is the price before the boost), best odds guaranteed and an early
 * payout.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { backPriceSchema } from '@matchkit/sdk/matching';
 * v.parse(backPriceSchema, { bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.2, earlyPayout: { goalsAhead: 2 } });
 * ```
 */
export const backPriceSchema = s.object({
  /** The bookmaker, a lower-case key. */
  bookmaker: feedKeySchema,
  /** Id of the runner (selection) priced. */
  selectionId: idSchema,
  /** Decimal back odds offered (after any boost). */
  odds: decimalOddsSchema,
  /** Each-way terms when the bookmaker offers each-way on this runner. */
  eachWay: s.optional(eachWayTermsSchema),
  /** The odds before a price boost; present only on a boosted price. */
  boostedFrom: s.optional(decimalOddsSchema),
  /** The most the bookmaker takes at this price, integer pence (a boost's maximum stake). */
  maxStake: s.optional(penceSchema),
  /** True when the bookmaker guarantees to pay the starting price if it is bigger. */
  bestOddsGuaranteed: s.optional(s.boolean()),
  /** The early-payout (2UP) concession, when offered. */
  earlyPayout: s.optional(earlyPayoutSchema),
  /** The feed source the price came from (`odds-api`, `betfair`); absent for simulated prices. */
  source: s.optional(feedKeySchema),
  /** When the source last changed this price: an ISO 8601 instant. The age a member sees is now minus this. */
  updatedAt: s.optional(instantSchema),
});

/**
 * One side of an exchange's book at its best price: the odds and the money available at them, in
 * integer pence (for the lay side, the backers' stakes a layer can match).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { exchangeQuoteSchema } from '@matchkit/sdk/matching';
 * v.parse(exchangeQuoteSchema, { odds: 3.2, liquidity: 25_000 }); // £250 at 3.2
 * ```
 */
export const exchangeQuoteSchema = s.object({
  /** Best decimal odds on this side. */
  odds: decimalOddsSchema,
  /** Money available at those odds, in integer pence. */
  liquidity: penceSchema,
});

/**
 * An exchange's best back and lay on one runner in one market, with the commission the exchange
 * charges on net winnings in that market. `places` is absent for the win (or match) market and N
 * for the exchange's place or top-N market.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { exchangePriceSchema } from '@matchkit/sdk/matching';
 * v.parse(exchangePriceSchema, {
 *   exchange: 'smarkets', selectionId: 'e1/mo/home', commission: 0.02,
 *   back: { odds: 2.18, liquidity: 40_000 }, lay: { odds: 2.2, liquidity: 25_000 },
 * });
 * ```
 */
export const exchangePriceSchema = s.object({
  /** The exchange, a lower-case key (`smarkets`, `matchbook`, `betfair`). */
  exchange: feedKeySchema,
  /** Id of the runner (selection) priced. */
  selectionId: idSchema,
  /** Absent for the win market; N for the place (top-N) market settling on N places. */
  places: s.optional(v.pipe(s.int(), s.gte(1, 'must be at least 1'))),
  /** Best back price and its liquidity, or null when nobody offers one. */
  back: s.nullable(exchangeQuoteSchema),
  /** Best lay price and its liquidity, or null when nobody offers one. */
  lay: s.nullable(exchangeQuoteSchema),
  /** Commission on net winnings in this market, a fraction in [0, 1). */
  commission: commissionFractionSchema,
  /**
   * An each-way lay offered as one locked bet (a lock-bet exchange): win part at `odds`, place
   * part at `placeFraction` of them for `places` places. Absent when not offered.
   */
  eachWayLay: s.optional(
    s.object({
      /** Decimal lay odds of the win part. */
      odds: decimalOddsSchema,
      /** Money available, in integer pence. */
      liquidity: penceSchema,
      /** Places the lock's place part pays. */
      places: v.pipe(s.int(), s.gte(1, 'must be at least 1')),
      /** Fraction of the odds the place part is paid at, in (0, 1]. */
      placeFraction: v.pipe(s.number(), s.gt(0, 'must be greater than 0'), s.lte(1, 'must be at most 1')),
    }),
  ),
  /** The feed source the price came from (`odds-api`, `betfair`); absent for simulated prices. */
  source: s.optional(feedKeySchema),
  /** When the source last changed this price: an ISO 8601 instant. The age a member sees is now minus this. */
  updatedAt: s.optional(instantSchema),
});

/**
 * A bookmaker's bet-builder (same-game multiple) price: several runners of one event combined
 * at one price. The bet builder finder compares it with the exchanges' implied prices of its legs.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { betBuilderPriceSchema } from '@matchkit/sdk/matching';
 * v.parse(betBuilderPriceSchema, { id: 'bb1', bookmaker: 'bet-co', eventId: 'e1', odds: 7.5, legs: ['e1/mo/home', 'e1/btts/yes'] });
 * ```
 */
export const betBuilderPriceSchema = s.object({
  /** Unique id of the bet-builder price. */
  id: idSchema,
  /** The bookmaker, a lower-case key. */
  bookmaker: feedKeySchema,
  /** The event all legs belong to. */
  eventId: idSchema,
  /** Decimal odds of the combination. */
  odds: decimalOddsSchema,
  /** Runner ids of the legs (2 to 20, in different markets of the event). */
  legs: v.pipe(s.array(idSchema), s.minLength(2, 'must have at least 2 legs'), s.maxLength(20, 'must have at most 20 legs')),
});

/**
 * Everything the matching engines read at one moment: events, markets with their runners, and
 * bookmaker and exchange prices. Prices refer to runners by id; a price whose runner is not listed
 * is rejected by {@link parseMarketSnapshot}.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { marketSnapshotSchema } from '@matchkit/sdk/matching';
 * v.parse(marketSnapshotSchema, { events: [], markets: [], backPrices: [], exchangePrices: [] });
 * ```
 */
export const marketSnapshotSchema = s.object({
  /** The events. */
  events: s.array(sportEventSchema),
  /** The markets, each with its runners. */
  markets: s.array(marketSchema),
  /** Bookmaker back prices. */
  backPrices: s.array(backPriceSchema),
  /** Exchange prices. */
  exchangePrices: s.array(exchangePriceSchema),
  /** Bookmaker bet-builder prices (optional). */
  betBuilders: s.optional(s.array(betBuilderPriceSchema)),
});

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

/** A sporting event (see {@link sportEventSchema}). @example `const kickOff = (e: SportEvent) => Date.parse(e.startsAt);` */
export type SportEvent = DeepReadonly<v.InferOutput<typeof sportEventSchema>>;
/** A runner of a market (see {@link runnerSchema}). @example `const r: Runner = { id: 'e1/mo/draw', name: 'Draw' };` */
export type Runner = DeepReadonly<v.InferOutput<typeof runnerSchema>>;
/** A market with its runners (see {@link marketSchema}). @example `const size = (m: Market) => m.runners.length;` */
export type Market = DeepReadonly<v.InferOutput<typeof marketSchema>>;
/** Each-way terms (see {@link eachWayTermsSchema}). @example `const t: EachWayTerms = { places: 3, placeFraction: 0.2 };` */
export type EachWayTerms = DeepReadonly<v.InferOutput<typeof eachWayTermsSchema>>;
/** An early-payout concession (see {@link earlyPayoutSchema}). @example `const twoUp: EarlyPayout = { goalsAhead: 2 };` */
export type EarlyPayout = DeepReadonly<v.InferOutput<typeof earlyPayoutSchema>>;
/** A bookmaker back price (see {@link backPriceSchema}). @example `const boosted = (p: BackPrice) => p.boostedFrom !== undefined;` */
export type BackPrice = DeepReadonly<v.InferOutput<typeof backPriceSchema>>;
/** One side of an exchange book (see {@link exchangeQuoteSchema}). @example `const q: ExchangeQuote = { odds: 3.2, liquidity: 25_000 };` */
export type ExchangeQuote = DeepReadonly<v.InferOutput<typeof exchangeQuoteSchema>>;
/** An exchange price (see {@link exchangePriceSchema}). @example `const isWinMarket = (p: ExchangePrice) => p.places === undefined;` */
export type ExchangePrice = DeepReadonly<v.InferOutput<typeof exchangePriceSchema>>;
/** A bet-builder price (see {@link betBuilderPriceSchema}). @example `const size = (b: BetBuilderPrice) => b.legs.length;` */
export type BetBuilderPrice = DeepReadonly<v.InferOutput<typeof betBuilderPriceSchema>>;
/** A snapshot of events, markets and prices (see {@link marketSnapshotSchema}). @example `const empty: MarketSnapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };` */
export type MarketSnapshot = DeepReadonly<v.InferOutput<typeof marketSnapshotSchema>>;

/**
 * A part of a {@link MarketSnapshot} that only some tools read. Every tool reads the core: events,
 * markets with their runners, bookmaker back odds and the exchanges' win-market lay quotes with
 * their commission. The parts on top of it:
 *
 * - `exchangeBacks`: the exchanges' back quotes (`ExchangePrice.back`), read by the tools that
 *   work out fair probabilities from mid prices;
 * - `placeMarkets`: the exchanges' place (top-N) markets (`ExchangePrice` with `places`) and
 *   `Market.exchangePlaces`;
 * - `eachWay`: bookmakers' each-way terms (`BackPrice.eachWay`);
 * - `eachWayLay`: locked each-way lays (`ExchangePrice.eachWayLay`);
 * - `boosts`: the price before a boost (`BackPrice.boostedFrom`);
 * - `bestOddsGuaranteed`: `BackPrice.bestOddsGuaranteed`;
 * - `earlyPayout`: the 2UP concession (`BackPrice.earlyPayout`);
 * - `betBuilders`: bookmakers' bet-builder prices (`MarketSnapshot.betBuilders`).
 *
 * @example
 * ```ts
 * import { feedPartsFor, type FeedPart } from '@matchkit/sdk/matching';
 * const parts: readonly FeedPart[] = feedPartsFor(['priceBoostTracker']); // ['boosts']
 * ```
 */
export type FeedPart =
  'exchangeBacks' | 'placeMarkets' | 'eachWay' | 'eachWayLay' | 'boosts' | 'bestOddsGuaranteed' | 'earlyPayout' | 'betBuilders';
