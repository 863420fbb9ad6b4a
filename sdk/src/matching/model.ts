import * as z from 'zod/mini';
import { instantSchema, penceSchema } from '../model/schemas';
import { MAX_ODDS } from '../calculators/schema';
import type { DeepReadonly } from '../internal/readonly';

// ---------------------------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------------------------

/**
 * Decimal odds: greater than 1 and at most 1e6, the calculators' own bounds (`oddsSchema` of
 * `@matchkit/sdk/calculators`), so every price of the model can be fed to a calculator.
 */
const decimalOddsSchema = z.number().check(z.gt(1), z.lte(MAX_ODDS));

/**
 * An exchange commission: a fraction in [0, 1) of net winnings per market (`0.02` for 2%). A value
 * from 1 up to 100 is taken for a percentage and the message suggests the fraction.
 *
 * @example
 * ```ts
 * import { commissionFractionSchema } from '@matchkit/sdk/matching';
 * commissionFractionSchema.safeParse(2).error?.issues[0]?.message;
 * // 'commission 2 is not a fraction: did you mean 0.02?'
 * ```
 */
export const commissionFractionSchema = z.number().check(
  z.gte(0, 'must be at least 0'),
  z.refine((x) => x < 1, {
    // The same wording as the calculators' commission rule.
    error: (issue) => {
      const x = Number(issue.input);
      return x < 100 ? `commission ${x} is not a fraction: did you mean ${+(x / 100).toPrecision(12)}?` : 'must be less than 1';
    },
  }),
);

/**
 * A lower-case key such as a sport (`football`), a market type (`match-odds`), a bookmaker
 * (`bet-co`) or an exchange (`smarkets`): lower-case letters, digits and single dashes.
 *
 * @example
 * ```ts
 * import { feedKeySchema } from '@matchkit/sdk/matching';
 * feedKeySchema.safeParse('horse-racing').success; // true
 * feedKeySchema.safeParse('Horse Racing').success; // false
 * ```
 */
export const feedKeySchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case key such as horse-racing'));

/** A non-empty identifier. */
const idSchema = z.string().check(z.minLength(1, 'must not be empty'));

// ---------------------------------------------------------------------------------------------
// Events, markets, runners
// ---------------------------------------------------------------------------------------------

/**
 * A sporting event: a football match, a race, a golf tournament. `startsAt` is an instant with
 * an offset (the oddsmatcher's start-window filter compares instants).
 *
 * @example
 * ```ts
 * import { sportEventSchema } from '@matchkit/sdk/matching';
 * sportEventSchema.parse({
 *   id: 'e1', sport: 'football', competition: 'Premier League',
 *   name: 'Arsenal v Spurs', startsAt: '2025-08-16T15:00:00+01:00',
 * });
 * ```
 */
export const sportEventSchema = z.object({
  /** Unique id of the event. */
  id: idSchema,
  /** The sport, as a lower-case key (`football`, `horse-racing`, `golf`, `tennis`). */
  sport: feedKeySchema,
  /** The competition or meeting (`Premier League`, `Ascot`), when known. */
  competition: z.optional(z.string()),
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
 * import { runnerSchema } from '@matchkit/sdk/matching';
 * runnerSchema.parse({ id: 'e1/mo/home', name: 'Arsenal' });
 * ```
 */
export const runnerSchema = z.object({
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
 * import { marketSchema } from '@matchkit/sdk/matching';
 * marketSchema.parse({
 *   id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds',
 *   runners: [{ id: 'e1/mo/home', name: 'Arsenal' }, { id: 'e1/mo/draw', name: 'Draw' }, { id: 'e1/mo/away', name: 'Spurs' }],
 * });
 * ```
 */
export const marketSchema = z.object({
  /** Unique id of the market. */
  id: idSchema,
  /** Id of the event the market belongs to. */
  eventId: idSchema,
  /** The market type, a lower-case key (`match-odds`, `win`, `outright`). */
  type: feedKeySchema,
  /** Display name. */
  name: idSchema,
  /** The runners (selections); at least one. */
  runners: z.array(runnerSchema).check(z.minLength(1, 'must list at least one runner')),
  /** Places the exchanges' place market settles on (races, golf), when there is one. */
  exchangePlaces: z.optional(z.int().check(z.gte(1, 'must be at least 1'))),
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
 * import { eachWayTermsSchema } from '@matchkit/sdk/matching';
 * eachWayTermsSchema.parse({ places: 4, placeFraction: 0.2 }); // 4 places at 1/5 odds
 * ```
 */
export const eachWayTermsSchema = z.object({
  /** Places paid by the bookmaker (1 to N). */
  places: z.int().check(z.gte(1, 'must be at least 1')),
  /** Fraction of the win odds paid on the place part, in (0, 1]. */
  placeFraction: z.number().check(z.gt(0, 'must be greater than 0'), z.lte(1, 'must be at most 1')),
});

/**
 * An early-payout (2UP) concession: the bookmaker settles a back bet on a team as a winner once the
 * team leads by `goalsAhead` goals (2 for 2UP), whatever the final result.
 *
 * @example
 * ```ts
 * import { earlyPayoutSchema } from '@matchkit/sdk/matching';
 * earlyPayoutSchema.parse({ goalsAhead: 2 });
 * ```
 */
export const earlyPayoutSchema = z.object({
  /** The lead, in goals, at which the bet is paid as a winner (2 for 2UP). */
  goalsAhead: z.int().check(z.gte(1, 'must be at least 1')),
});

/**
 * A bookmaker's back price on one runner, with the concessions that come with it: each-way terms,
 * a price boost (`boostedFrom` is the price before the boost), best odds guaranteed and an early
 * payout.
 *
 * @example
 * ```ts
 * import { backPriceSchema } from '@matchkit/sdk/matching';
 * backPriceSchema.parse({ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.2, earlyPayout: { goalsAhead: 2 } });
 * ```
 */
export const backPriceSchema = z.object({
  /** The bookmaker, a lower-case key. */
  bookmaker: feedKeySchema,
  /** Id of the runner (selection) priced. */
  selectionId: idSchema,
  /** Decimal back odds offered (after any boost). */
  odds: decimalOddsSchema,
  /** Each-way terms when the bookmaker offers each-way on this runner. */
  eachWay: z.optional(eachWayTermsSchema),
  /** The odds before a price boost; present only on a boosted price. */
  boostedFrom: z.optional(decimalOddsSchema),
  /** True when the bookmaker guarantees to pay the starting price if it is bigger. */
  bestOddsGuaranteed: z.optional(z.boolean()),
  /** The early-payout (2UP) concession, when offered. */
  earlyPayout: z.optional(earlyPayoutSchema),
});

/**
 * One side of an exchange's book at its best price: the odds and the money available at them, in
 * integer pence (for the lay side, the backers' stakes a layer can match).
 *
 * @example
 * ```ts
 * import { exchangeQuoteSchema } from '@matchkit/sdk/matching';
 * exchangeQuoteSchema.parse({ odds: 3.2, liquidity: 25_000 }); // £250 at 3.2
 * ```
 */
export const exchangeQuoteSchema = z.object({
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
 * import { exchangePriceSchema } from '@matchkit/sdk/matching';
 * exchangePriceSchema.parse({
 *   exchange: 'smarkets', selectionId: 'e1/mo/home', commission: 0.02,
 *   back: { odds: 2.18, liquidity: 40_000 }, lay: { odds: 2.2, liquidity: 25_000 },
 * });
 * ```
 */
export const exchangePriceSchema = z.object({
  /** The exchange, a lower-case key (`smarkets`, `matchbook`, `betfair`). */
  exchange: feedKeySchema,
  /** Id of the runner (selection) priced. */
  selectionId: idSchema,
  /** Absent for the win market; N for the place (top-N) market settling on N places. */
  places: z.optional(z.int().check(z.gte(1, 'must be at least 1'))),
  /** Best back price and its liquidity, or null when nobody offers one. */
  back: z.nullable(exchangeQuoteSchema),
  /** Best lay price and its liquidity, or null when nobody offers one. */
  lay: z.nullable(exchangeQuoteSchema),
  /** Commission on net winnings in this market, a fraction in [0, 1). */
  commission: commissionFractionSchema,
  /**
   * An each-way lay offered as one locked bet (a lock-bet exchange): win part at `odds`, place
   * part at `placeFraction` of them for `places` places. Absent when not offered.
   */
  eachWayLay: z.optional(
    z.object({
      /** Decimal lay odds of the win part. */
      odds: decimalOddsSchema,
      /** Money available, in integer pence. */
      liquidity: penceSchema,
      /** Places the lock's place part pays. */
      places: z.int().check(z.gte(1, 'must be at least 1')),
      /** Fraction of the odds the place part is paid at, in (0, 1]. */
      placeFraction: z.number().check(z.gt(0, 'must be greater than 0'), z.lte(1, 'must be at most 1')),
    }),
  ),
});

/**
 * A bookmaker's bet-builder (same-game multiple) price: several runners of one event combined
 * at one price. The bet builder finder compares it with the exchanges' implied prices of its legs.
 *
 * @example
 * ```ts
 * import { betBuilderPriceSchema } from '@matchkit/sdk/matching';
 * betBuilderPriceSchema.parse({ id: 'bb1', bookmaker: 'bet-co', eventId: 'e1', odds: 7.5, legs: ['e1/mo/home', 'e1/btts/yes'] });
 * ```
 */
export const betBuilderPriceSchema = z.object({
  /** Unique id of the bet-builder price. */
  id: idSchema,
  /** The bookmaker, a lower-case key. */
  bookmaker: feedKeySchema,
  /** The event all legs belong to. */
  eventId: idSchema,
  /** Decimal odds of the combination. */
  odds: decimalOddsSchema,
  /** Runner ids of the legs (2 to 20, in different markets of the event). */
  legs: z.array(idSchema).check(z.minLength(2, 'must have at least 2 legs'), z.maxLength(20, 'must have at most 20 legs')),
});

/**
 * Everything the matching engines read at one moment: events, markets with their runners, and
 * bookmaker and exchange prices. Prices refer to runners by id; a price whose runner is not listed
 * is rejected by {@link parseMarketSnapshot}.
 *
 * @example
 * ```ts
 * import { marketSnapshotSchema } from '@matchkit/sdk/matching';
 * marketSnapshotSchema.parse({ events: [], markets: [], backPrices: [], exchangePrices: [] });
 * ```
 */
export const marketSnapshotSchema = z.object({
  /** The events. */
  events: z.array(sportEventSchema),
  /** The markets, each with its runners. */
  markets: z.array(marketSchema),
  /** Bookmaker back prices. */
  backPrices: z.array(backPriceSchema),
  /** Exchange prices. */
  exchangePrices: z.array(exchangePriceSchema),
  /** Bookmaker bet-builder prices (optional). */
  betBuilders: z.optional(z.array(betBuilderPriceSchema)),
});

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

/** A sporting event (see {@link sportEventSchema}). @example `const kickOff = (e: SportEvent) => Date.parse(e.startsAt);` */
export type SportEvent = DeepReadonly<z.output<typeof sportEventSchema>>;
/** A runner of a market (see {@link runnerSchema}). @example `const r: Runner = { id: 'e1/mo/draw', name: 'Draw' };` */
export type Runner = DeepReadonly<z.output<typeof runnerSchema>>;
/** A market with its runners (see {@link marketSchema}). @example `const size = (m: Market) => m.runners.length;` */
export type Market = DeepReadonly<z.output<typeof marketSchema>>;
/** Each-way terms (see {@link eachWayTermsSchema}). @example `const t: EachWayTerms = { places: 3, placeFraction: 0.2 };` */
export type EachWayTerms = DeepReadonly<z.output<typeof eachWayTermsSchema>>;
/** An early-payout concession (see {@link earlyPayoutSchema}). @example `const twoUp: EarlyPayout = { goalsAhead: 2 };` */
export type EarlyPayout = DeepReadonly<z.output<typeof earlyPayoutSchema>>;
/** A bookmaker back price (see {@link backPriceSchema}). @example `const boosted = (p: BackPrice) => p.boostedFrom !== undefined;` */
export type BackPrice = DeepReadonly<z.output<typeof backPriceSchema>>;
/** One side of an exchange book (see {@link exchangeQuoteSchema}). @example `const q: ExchangeQuote = { odds: 3.2, liquidity: 25_000 };` */
export type ExchangeQuote = DeepReadonly<z.output<typeof exchangeQuoteSchema>>;
/** An exchange price (see {@link exchangePriceSchema}). @example `const isWinMarket = (p: ExchangePrice) => p.places === undefined;` */
export type ExchangePrice = DeepReadonly<z.output<typeof exchangePriceSchema>>;
/** A bet-builder price (see {@link betBuilderPriceSchema}). @example `const size = (b: BetBuilderPrice) => b.legs.length;` */
export type BetBuilderPrice = DeepReadonly<z.output<typeof betBuilderPriceSchema>>;
/** A snapshot of events, markets and prices (see {@link marketSnapshotSchema}). @example `const empty: MarketSnapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };` */
export type MarketSnapshot = DeepReadonly<z.output<typeof marketSnapshotSchema>>;

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
