// The each-way catcher's alerts: findEachWayCatches itself over the touched races, its rows' guaranteed
// profit (the worst of win, place and lose: the figure the tool ranks by) on the alert's stake per
// part, as a qualifying each-way bet (the page's default bet type), at the alert's commissions. A
// row reads only its own selection's win and place lays, so only touched selections are ranked.
import { eachWayAlertRow, findEachWayCatches } from '@matchkit/sdk/matching';
import { hedgeLiquidity, moneySource, type FinderFeedParts } from './money-source';
import type { AlertSource } from './evaluate';

/** The each-way catcher's alert source (`feed`: evaluate.ts's part of the feed and limits). */
export function eachWaySource(feed: FinderFeedParts): AlertSource {
  return moneySource(
    {
      wanted: (p) => p.eachWay !== undefined,
      readsWholeRace: false,
      rank: (market, stake, commissions, exchangeSettings, limit) =>
        findEachWayCatches({ market, stake, commissions, exchangeSettings, limit }).rows.map((r) => ({
          ...eachWayAlertRow(r, stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
          layOdds: r.winLayOdds,
        })),
    },
    feed,
  );
}
