// The extra place catcher's alerts: findExtraPlaces itself over the touched races, its rows'
// expected profit (the figure the tool ranks by) on the alert's stake per part, as a qualifying
// each-way bet (the page's default bet type), at the alert's commissions. The chance of an extra
// place reads every runner's prices, so every runner of a touched race is ranked. The exchanges
// taking part are those of the provider table (the finder without a member), as the 2UP alerts'.
import { extraPlaceAlertRow, findExtraPlaces } from '@matchkit/sdk/matching';
import { hedgeLiquidity, moneySource, type FinderFeedParts } from './money-source';
import type { AlertSource } from './evaluate';

/** The extra place catcher's alert source (`feed`: evaluate.ts's part of the feed and limits). */
export function extraPlaceSource(feed: FinderFeedParts): AlertSource {
  return moneySource(
    {
      wanted: (p) => p.eachWay !== undefined,
      readsWholeRace: true,
      rank: (market, stake, commissions, exchangeSettings, limit) =>
        findExtraPlaces({ market, stake, commissions, exchangeSettings, limit }).rows.flatMap((r) =>
          // The catcher hedges with the each-way lay only (win and exchange place market).
          r.winLayOdds === undefined
            ? []
            : [
                {
                  ...extraPlaceAlertRow(r, stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
                  layOdds: r.winLayOdds,
                },
              ],
        ),
    },
    feed,
  );
}
