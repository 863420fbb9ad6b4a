// The engine of the alerts of a finder that ranks by money (the each-way catcher, the extra place
// catcher): the sdk finder itself over the races a patch touched, never a second ranking.
//
// Candidates: the finder at commission 0 on every exchange (all switched on), at one stake. Both
// finders' figures
// fall as a commission rises (every outcome's profit does: a lay stake S·b/(l − c) grows with c and
// its winnings S·b(1 − c)/(l − c) shrink; the extra place chance reads mid prices, no commission),
// and are linear in the stake (every lay stake is proportional to it, nothing is rounded), so a
// candidate's profit per penny staked (the sdk's alertFigure) is the highest any alert's row of
// that bet can reach, whatever its stake and commissions; both finders' rows are one per
// (selection, bookmaker, exchange), their figure read off that exchange's lays alone (the extra
// place chance reads every exchange's prices, whatever is switched on), so a member switching
// exchanges off only takes rows away. Each alert is rated at its RateAs (its stake, commissions
// and the exchanges its member switched on) by the finder's own row: the finder is run again over
// the same part once per settings (commissions, exchanges) per patch, at the first stake asked, and
// another stake's figure is that row's (profit per penny, the evaluator's scale, is the same at any
// stake); only where the profit scaled to a stake lies within a rounding of a half penny (where the
// whole pence the page compares could differ), and for the row an alert is then checked against
// and its member shown, is the finder run at that stake itself (once per RateAs per patch).
import type { FeedPatch } from '@matchkit/sdk/feed';
import { indexMarketSnapshot, type MarketIndex, type MarketSnapshot, type MoneyAlertRow, type OddsmatchRow } from '@matchkit/sdk/matching';
import type { AlertSource, Candidates, Commissions, RateAs, WatchedRow } from './evaluate';

/** The stake the candidates are ranked at, pence: any stake gives the same figure per penny. */
export const CANDIDATE_STAKE = 1000;
/** How far below the lowest threshold a candidate may figure and still be checked exactly (float rounding, as evaluate.ts's SLACK). */
const FIGURE_SLACK = 1e-9;

/** What evaluate.ts lends a finder's source (its values: importing them would make a cycle). */
export interface FinderFeedParts {
  /** The feed's part holding the markets of the touched selections (evaluate.ts's touchedPart). */
  readonly part: (market: MarketSnapshot, touched: ReadonlySet<string>) => MarketSnapshot;
  /** Commission 0 at every exchange of a part (evaluate.ts's zeroCommissions). */
  readonly zeros: (market: Pick<MarketSnapshot, 'exchangePrices'>) => Commissions;
  /** Every exchange of the sdk's list switched on (evaluate.ts's EVERY_EXCHANGE). */
  readonly everyExchange: Readonly<Record<string, boolean>>;
  /** The rows a finder keeps at most (evaluate.ts's FINDER_ROW_LIMIT). */
  readonly limit: number;
}

/** A money finder's row as an alert reads it and a member is shown it. */
export type MoneyWatchedRow = MoneyAlertRow &
  Pick<OddsmatchRow, 'eventName' | 'marketName' | 'selectionName' | 'selectionId' | 'exchange' | 'backOdds' | 'layOdds'> & {
    /** The place market's lay odds, when the hedge lays one. */
    readonly placeLayOdds?: number | undefined;
  };

/** How one money finder is run. */
export interface MoneyFinder {
  /** Whether a bookmaker price is one the finder makes rows of (each-way terms). */
  readonly wanted: (price: MarketSnapshot['backPrices'][number]) => boolean;
  /**
   * Whether a row of a selection depends on its whole race (the extra place chance reads every
   * runner's prices): then every runner of a touched race is evaluated, not only those touched.
   */
  readonly readsWholeRace: boolean;
  /** The finder over `market` (an index of the part) at `stake`, `commissions` and `exchangeSettings`, as watched rows. */
  readonly rank: (
    market: MarketIndex,
    stake: number,
    commissions: Commissions,
    exchangeSettings: Readonly<Record<string, boolean>>,
    limit: number,
  ) => readonly MoneyWatchedRow[];
}

/** The money to lay a win and place hedge has: the smaller of its two lays' liquidity, pence. */
export function hedgeLiquidity(
  prices: MarketSnapshot['exchangePrices'],
  row: { readonly selectionId: string; readonly exchange: string },
  places: number,
): number | undefined {
  let win: number | undefined;
  let place: number | undefined;
  for (const p of prices) {
    if (p.selectionId !== row.selectionId || p.exchange !== row.exchange || p.lay === null) continue;
    if (p.places === undefined) win = p.lay.liquidity;
    else if (p.places === places) place = p.lay.liquidity;
  }
  return win === undefined || place === undefined ? undefined : Math.min(win, place);
}

/**
 * The part split by race (each market with its event and its runners' prices): a row reads its
 * race alone, and one race's rows always fit in a finder's limit where many races' may not. Each
 * race is validated and indexed once.
 */
export function racesOf(part: MarketSnapshot): MarketIndex[] {
  const raceOf = new Map<string, number>();
  const races = part.markets.map((m, i) => {
    for (const r of m.runners) raceOf.set(r.id, i);
    return {
      events: part.events.filter((e) => e.id === m.eventId),
      markets: [m],
      backPrices: [] as MarketSnapshot['backPrices'][number][],
      exchangePrices: [] as MarketSnapshot['exchangePrices'][number][],
    };
  });
  for (const p of part.backPrices) races[raceOf.get(p.selectionId) ?? -1]?.backPrices.push(p);
  for (const p of part.exchangePrices) races[raceOf.get(p.selectionId) ?? -1]?.exchangePrices.push(p);
  return races.map((race) => indexMarketSnapshot(race));
}

/** How near a half penny (relative to the profit) a scaled profit must be for the finder to be run at its stake. */
const HALF_PENNY_SLACK = 1e-9;

const rowKey = (row: Pick<MoneyWatchedRow, 'selectionId' | 'bookmaker' | 'exchange'>) =>
  `${row.selectionId}|${row.bookmaker}|${row.exchange}`;

const NONE: Candidates = { rows: [], rating: () => undefined, at: () => undefined };

/**
 * A money finder's alert source. Touched: the evaluator's selections plus those whose place-market
 * price the patch changed (a place lay is half an each-way hedge). It keeps nothing between patches.
 */
export function moneySource(finder: MoneyFinder, feed: FinderFeedParts): AlertSource {
  return {
    load() {},
    rows(patch: FeedPatch, market, touched, lowest) {
      const all = new Set(touched);
      for (const p of patch.upserts.exchangePrices) if (p.places !== undefined) all.add(p.selectionId);
      if (finder.readsWholeRace)
        for (const m of market.markets) if (m.runners.some((r) => all.has(r.id))) for (const r of m.runners) all.add(r.id);
      const ranked = new Set<string>();
      for (const p of market.backPrices) if (all.has(p.selectionId) && finder.wanted(p)) ranked.add(p.selectionId);
      if (ranked.size === 0) return NONE;
      const whole = feed.part(market, ranked);
      // A finder that reads a selection's own prices alone is given only the ranked selections'.
      const part = finder.readsWholeRace
        ? whole
        : {
            ...whole,
            backPrices: whole.backPrices.filter((p) => ranked.has(p.selectionId)),
            exchangePrices: whole.exchangePrices.filter((p) => ranked.has(p.selectionId)),
          };
      const races = racesOf(part);
      const zeros = feed.zeros(part);
      const rank = (stake: number, commissions: Commissions, exchangeSettings: Readonly<Record<string, boolean>>) =>
        races.flatMap((race) => finder.rank(race, stake, commissions, exchangeSettings, feed.limit));
      const figure = (r: MoneyWatchedRow) => r.profitOnStake / r.stake;
      // FIGURE_SLACK: the figure at CANDIDATE_STAKE and at a rule's stake agree only to a rounding.
      const rows = rank(CANDIDATE_STAKE, zeros, feed.everyExchange).filter(
        (r) => ranked.has(r.selectionId) && figure(r) >= lowest - FIGURE_SLACK,
      );
      if (rows.length === 0) return NONE;
      const byKey = (found: readonly MoneyWatchedRow[]) => new Map(found.map((r) => [rowKey(r), r]));
      /** The finder's rows at each RateAs asked for (its stake, commissions, exchanges), by (selection, bookmaker, exchange). */
      const byAs = new Map<string, Map<string, MoneyWatchedRow>>();
      const at = (row: WatchedRow, as: RateAs): MoneyWatchedRow | undefined => {
        // A rating alert's RateAs has no stake: a money finder's rows are never its.
        if (as.stake === undefined || !as.exchanges.has(row.exchange)) return undefined;
        let found = byAs.get(as.key);
        if (found === undefined) byAs.set(as.key, (found = byKey(rank(as.stake, as.commissions, as.exchangeSettings))));
        return found.get(rowKey(row));
      };
      /**
       * The finder's rows per settings (commissions, exchanges), run once at the first stake asked:
       * another stake's figure is that row's (profit per penny is the same at any stake, the rows
       * the same), unless its profit scaled to the stake lies within a rounding of a half penny,
       * where the whole pence compared could differ: then the finder's row at that stake is read.
       */
      const bySettings = new Map<string, { stake: number; rows: Map<string, MoneyWatchedRow> }>();
      const figureOf = (r: MoneyWatchedRow | undefined) => (r === undefined ? undefined : figure(r));
      const rating = (row: WatchedRow, as: RateAs): number | undefined => {
        const stake = as.stake;
        if (stake === undefined || !as.exchanges.has(row.exchange)) return undefined;
        const key = rowKey(row);
        // The finder already run at this RateAs (its stake): its own row.
        const exact = byAs.get(as.key);
        if (exact !== undefined) return figureOf(exact.get(key));
        const base = bySettings.get(as.settings);
        if (base === undefined) {
          // The first stake asked at these settings: the finder runs at it, for this RateAs too.
          const rows = byKey(rank(stake, as.commissions, as.exchangeSettings));
          bySettings.set(as.settings, { stake, rows });
          byAs.set(as.key, rows);
          return figureOf(rows.get(key));
        }
        // Another stake at the same settings (the same stake would be the same RateAs, run above).
        const r = base.rows.get(key);
        if (r === undefined) return undefined;
        const profit = (r.profitOnStake * stake) / base.stake;
        if (Math.abs(profit - Math.floor(profit) - 0.5) <= HALF_PENNY_SLACK * Math.max(1, Math.abs(profit))) return figureOf(at(row, as));
        return figure(r);
      };
      return { rows, rating, at };
    },
  };
}
