import type { BackPrice, BetBuilderPrice, ExchangePrice, FeedPart, Market, MarketSnapshot } from './model';
import { finderTools } from './finders/registry';
import { standardPrice } from './finders/common';

/**
 * Every {@link FeedPart}, in a fixed order (the order {@link feedPartsFor} returns them in).
 *
 * @example
 * ```ts
 * import { feedParts, sliceMarketSnapshot } from '@matchkit/sdk/matching';
 * const snapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
 * sliceMarketSnapshot(snapshot, feedParts); // the whole snapshot
 * ```
 */
export const feedParts: readonly FeedPart[] = Object.freeze([
  'exchangeBacks',
  'placeMarkets',
  'eachWay',
  'eachWayLay',
  'boosts',
  'bestOddsGuaranteed',
  'earlyPayout',
  'betBuilders',
] satisfies FeedPart[]);

/**
 * The feed parts the given tools read between them (the union of their `reads` in
 * {@link finderTools}), in the order of {@link feedParts}. Tool keys that no engine of the
 * registry has (tools that do not read the feed) add nothing.
 *
 * @param toolKeys - tool keys of the catalogues (`availableTools(...).map((t) => t.key)`)
 * @returns the parts, each once, in canonical order
 *
 * @example
 * ```ts
 * import { feedPartsFor } from '@matchkit/sdk/matching';
 * feedPartsFor(['oddsmatcher']); // []
 * feedPartsFor(['twoUpMatcher', 'priceBoostTracker']); // ['exchangeBacks', 'boosts', 'earlyPayout']
 * ```
 */
export function feedPartsFor(toolKeys: Iterable<string>): FeedPart[] {
  const keys = new Set(toolKeys);
  const wanted = new Set<FeedPart>();
  for (const tool of finderTools) if (keys.has(tool.key)) for (const part of tool.reads) wanted.add(part);
  return feedParts.filter((p) => wanted.has(p));
}

/**
 * The part of a market snapshot (or of a patch's upserts: the same lists) that tools reading
 * `parts` see: the core always, each part only when listed. A field left out is absent (without
 * `boosts`, a boosted price is the bookmaker's standard price: its odds before the boost); a list
 * left out (place-market prices, bet builders) is empty. Records that lose nothing are the same
 * objects as the input's, so slicing for every part returns equal data at little cost. For every
 * finder tool, its engine gives the same rows on `sliceMarketSnapshot(s, feedPartsFor([tool.key]))`
 * as on `s` (a property test keeps this law).
 *
 * @param snapshot - a market snapshot (not validated here: validate it before or after)
 * @param parts - the parts to keep, e.g. from {@link feedPartsFor}
 * @returns the slice, with `betBuilders` always a list
 *
 * @example
 * ```ts
 * import { feedPartsFor, sliceMarketSnapshot } from '@matchkit/sdk/matching';
 * const slice = sliceMarketSnapshot(
 *   { events: [], markets: [], backPrices: [{ bookmaker: 'bet-co', selectionId: 'r1', odds: 3, boostedFrom: 2.5 }], exchangePrices: [] },
 *   feedPartsFor(['oddsmatcher']),
 * );
 * slice.backPrices[0]; // { bookmaker: 'bet-co', selectionId: 'r1', odds: 2.5 } (the price before the boost)
 * ```
 */
export function sliceMarketSnapshot(
  snapshot: MarketSnapshot,
  parts: Iterable<FeedPart>,
): MarketSnapshot & { readonly betBuilders: readonly BetBuilderPrice[] } {
  const has = new Set(parts);
  const places = has.has('placeMarkets');
  const backFields = (['eachWay', 'boosts', 'bestOddsGuaranteed', 'earlyPayout'] as const)
    .filter((p) => !has.has(p))
    .map((p) => BACK_FIELD[p]);
  const dropBack = !has.has('exchangeBacks');
  const dropLock = !has.has('eachWayLay');
  return {
    events: snapshot.events,
    markets: places ? snapshot.markets : snapshot.markets.map(withoutPlaces),
    backPrices: backFields.length === 0 ? snapshot.backPrices : snapshot.backPrices.map((p) => without(p, backFields)),
    exchangePrices:
      places && !dropBack && !dropLock
        ? snapshot.exchangePrices
        : snapshot.exchangePrices.filter((p) => places || p.places === undefined).map((p) => exchangeSlice(p, dropBack, dropLock)),
    betBuilders: has.has('betBuilders') ? (snapshot.betBuilders ?? []) : [],
  };
}

const BACK_FIELD = {
  eachWay: 'eachWay',
  boosts: 'boostedFrom',
  bestOddsGuaranteed: 'bestOddsGuaranteed',
  earlyPayout: 'earlyPayout',
} as const;

/** A back price without `fields`; without the boosts, a boosted price is the bookmaker's standard price. */
function without(p: BackPrice, fields: readonly (keyof BackPrice)[]): BackPrice {
  const q = fields.includes('boostedFrom') ? standardPrice(p) : p;
  if (!fields.some((f) => q[f] !== undefined)) return q;
  return Object.fromEntries(Object.entries(q).filter(([k]) => !fields.includes(k as keyof BackPrice))) as unknown as BackPrice;
}

function withoutPlaces(m: Market): Market {
  if (m.exchangePlaces === undefined) return m;
  const { exchangePlaces: _dropped, ...rest } = m;
  return rest;
}

function exchangeSlice(p: ExchangePrice, dropBack: boolean, dropLock: boolean): ExchangePrice {
  const back = dropBack && p.back !== null;
  const lock = dropLock && p.eachWayLay !== undefined;
  if (!back && !lock) return p;
  const copy: Record<string, unknown> = { ...p };
  if (back) copy['back'] = null;
  if (lock) delete copy['eachWayLay'];
  return copy as unknown as ExchangePrice;
}
