/**
 * What one engine of `@matchkit/sdk/matching` ranks and on what assumptions: the text the app
 * shows beside each tool's figures, and the docs' table.
 *
 * @example
 * ```ts
 * import { finderTools, type FinderTool } from '@matchkit/sdk/matching';
 * const assumptionsOf = (key: string): readonly string[] => finderTools.find((t: FinderTool) => t.key === key)?.assumptions ?? [];
 * ```
 */
export interface FinderTool {
  /** The brand-independent tool key of the catalogues (`getBrand(...).tools[].key`). */
  readonly key: string;
  /** The capability code that unlocks the tool (spec section 6). */
  readonly capability: string;
  /** The engine's function. */
  readonly engine: string;
  /** The exchange-provider feature the tool lays under, if the provider table applies. */
  readonly providerFeature: '2upStandard' | '2upMaster' | 'extraPlaceCatcher' | 'extraPlaceMaster' | null;
  /** What the candidates are. */
  readonly candidates: string;
  /** What the rows are ranked by, best first. */
  readonly rankedBy: string;
  /** Whether the ranking figure is exact (no probability model) or an expectation. */
  readonly figure: 'exact' | 'expected value' | 'approximate';
  /** The assumptions behind the figure (empty when exact). */
  readonly assumptions: readonly string[];
  /**
   * The parts of the feed the engine reads beyond the core (events, markets, bookmaker odds and
   * win-market lays): what a member of this tool must receive, and all it needs (see `feedPartsFor`).
   */
  readonly reads: readonly FeedPart[];
}

import type { FeedPart } from '../model';

const FAIR =
  'Fair probabilities are the exchanges\u2019 mid prices (mean of the best back and best lay implied probabilities) with the margin removed multiplicatively (removeMargin).';

/**
 * Every ranking engine of the matching module, one per tool of both brands (the tool keys of the
 * catalogues; the secondary brand's acca finder, 2UP EV and lucky finder EV are the same tools).
 *
 * @example
 * ```ts
 * import { finderTools } from '@matchkit/sdk/matching';
 * finderTools.find((t) => t.key === 'twoUpMaster')?.rankedBy; // 'expected profit ...'
 * ```
 */
export const finderTools: readonly FinderTool[] = Object.freeze(
  (
    [
      {
        key: 'oddsmatcher',
        reads: [],
        capability: 'PA-CAP-006',
        engine: 'createOddsmatcher',
        providerFeature: null,
        candidates: 'every bookmaker back / exchange lay pair on the same selection, at exchanges enabled in the member\u2019s settings',
        rankedBy:
          'rating b(1\u2212c)/(l\u2212c) (or SNR retention (b\u22121)(1\u2212c)/(l\u2212c)), with the qualifying loss for the stake',
        figure: 'exact',
        assumptions: [],
      },
      {
        key: 'matchCatcher',
        reads: [],
        capability: 'PA-CAP-007',
        engine: 'findMatchCatches',
        providerFeature: null,
        candidates: 'the oddsmatcher narrowed to one offer\u2019s bookmaker, odds range, markets, sports and dates',
        rankedBy: 'the offer\u2019s profit of the balanced lay: rating for qualifying and SR bets, SNR retention for SNR free bets',
        figure: 'exact',
        assumptions: [],
      },
      {
        key: 'dutching',
        reads: [],
        capability: 'PA-CAP-008',
        engine: 'findDutches',
        providerFeature: null,
        candidates:
          'every market whose runners (taken as all its outcomes) all have a bookmaker back price, each at the best price among the member\u2019s bookmakers',
        rankedBy:
          'return on total stake: the profit, the same whichever outcome wins, over the budget (dutch), 100 \u00d7 (1/\u03a3 1/b \u2212 1) %',
        figure: 'exact',
        assumptions: [],
      },
      {
        key: 'eachWayCatcher',
        reads: ['placeMarkets', 'eachWay'],
        capability: 'PA-CAP-009',
        engine: 'findEachWayCatches',
        providerFeature: null,
        candidates: 'each-way prices on races with an exchange place market, laid in the win and place markets of one exchange',
        rankedBy: 'guaranteed profit: the worst of the win, place and lose outcomes (eachWay)',
        figure: 'exact',
        assumptions: [],
      },
      {
        key: 'accaCatcher',
        reads: [],
        capability: 'PA-CAP-003',
        engine: 'findAccas',
        providerFeature: null,
        candidates:
          'accas of the offer\u2019s size from the best-rated legs (one per event) in the offer\u2019s odds range, laid at one exchange',
        rankedBy: 'profit equal on every path (accaInsuranceLockIn or accaSequentialLay)',
        figure: 'exact',
        assumptions: ['A refund paid as a free bet is worth amount \u00d7 retention (the retention is the member\u2019s estimate).'],
      },
      {
        key: 'twoUpMatcher',
        reads: ['exchangeBacks', 'earlyPayout'],
        capability: 'PA-CAP-067',
        engine: 'findTwoUpMatches',
        providerFeature: '2upStandard',
        candidates: 'football match-odds backs with an early-payout (2UP) concession, laid at the best eligible exchange',
        rankedBy: 'rating (the smallest qualifying loss), with the expected profit beside it',
        figure: 'exact',
        assumptions: [
          FAIR,
          'Goals are independent Poisson processes fitted to the fair home/draw/away probabilities.',
          'The early payout is worth P(the side leads by the margin and then fails to win) under that model; the lay is left to run.',
          'Match-odds runners are listed home, draw, away.',
        ],
      },
      {
        key: 'twoUpMaster',
        reads: ['exchangeBacks', 'earlyPayout'],
        capability: 'PA-CAP-040',
        engine: 'findTwoUpValue',
        providerFeature: '2upMaster',
        candidates: 'the 2UP matcher\u2019s candidates at exchanges taking part in 2UP master',
        rankedBy: 'expected profit p \u00d7 profitIfPaidEarly + (1 \u2212 p) \u00d7 qualifyingLoss (twoUpExpectedValue)',
        figure: 'expected value',
        assumptions: [
          FAIR,
          'Goals are independent Poisson processes fitted to the fair home/draw/away probabilities.',
          'p is P(the side leads by the margin and then fails to win) under that model; the lay is left to run.',
          'Match-odds runners are listed home, draw, away.',
        ],
      },
      {
        key: 'extraPlaceCatcher',
        reads: ['exchangeBacks', 'placeMarkets', 'eachWay'],
        capability: 'PA-CAP-061',
        engine: 'findExtraPlaces',
        providerFeature: 'extraPlaceCatcher',
        candidates: 'each-way prices paying more places than the exchange place market, laid win + place at an eligible exchange',
        rankedBy:
          'expected profit p \u00d7 profitIfExtraPlace + (1 \u2212 p) \u00d7 qualifyingLoss (extraPlace), with the break-even count of bets',
        figure: 'expected value',
        assumptions: [
          'p, the chance of finishing exactly in the extra places, is P(top M) \u2212 P(top N) from the exchanges\u2019 M- and N-place markets when both are priced.',
          `Otherwise from the Harville model on fair win probabilities. ${FAIR}`,
        ],
      },
      {
        key: 'extraPlaceMaster',
        reads: ['exchangeBacks', 'placeMarkets', 'eachWay', 'eachWayLay'],
        capability: 'PA-CAP-039',
        engine: 'findExtraPlacesMaster',
        providerFeature: 'extraPlaceMaster',
        candidates: 'the extra place catcher\u2019s candidates plus lay-the-place and lock-bet hedges where the provider offers them',
        rankedBy: 'expected profit with the best hedge at each exchange (a locked profit is its own expectation)',
        figure: 'expected value',
        assumptions: [
          'For the each-way lay: as the extra place catcher.',
          'Lay-the-place and lock-bet hedges lock in a profit: no probability enters.',
        ],
      },
      {
        key: 'bogCatcher',
        reads: ['exchangeBacks', 'bestOddsGuaranteed'],
        capability: 'PA-CAP-051',
        engine: 'findBogValue',
        providerFeature: null,
        candidates: 'prices with best odds guaranteed, laid at the best enabled exchange',
        rankedBy: 'expected profit: the qualifying loss plus stake \u00d7 p \u00d7 E[max(SP \u2212 b, 0)]',
        figure: 'expected value',
        assumptions: [
          FAIR,
          'The starting price is log-normal with mean the fair odds and log-volatility 0.2 (configurable).',
          'The starting price is independent of the result once the win probability is fixed; the lay is not adjusted.',
        ],
      },
      {
        key: 'priceBoostTracker',
        reads: ['boosts'],
        capability: 'PA-CAP-044',
        engine: 'findPriceBoosts',
        providerFeature: null,
        candidates: 'boosted prices against every enabled exchange lay',
        rankedBy: 'rating (matchRating); over 100% is a guaranteed profit',
        figure: 'exact',
        assumptions: [],
      },
      {
        key: 'luckyFinder',
        reads: ['exchangeBacks'],
        capability: 'PA-CAP-045',
        engine: 'findLuckyBets',
        providerFeature: null,
        candidates:
          'Lucky 15/31/63 bets from the best selection (p \u00d7 b) of each event at the offer\u2019s bookmaker that can be laid at an enabled exchange',
        rankedBy:
          'expected profit after laying: the bonus value, less the bookmaker\u2019s margin on the lines and the cost of the single lays (expectedValue, balanced lays)',
        figure: 'expected value',
        assumptions: [
          FAIR,
          'Selections in different events are independent.',
          'Each selection is laid as a single at its best enabled exchange with the balanced lay of the bet\u2019s exposure to it: (E[profit | it wins] \u2212 E[profit | it loses]) / (l \u2212 c), the set of single lays that minimises the variance of the whole position.',
          'No Rule 4, dead heats or non-runners; lays are matched in full at the quoted price.',
        ],
      },
      {
        key: 'steamChaser',
        reads: ['exchangeBacks'],
        capability: 'PA-CAP-046',
        engine: 'findSteamers',
        providerFeature: null,
        candidates: 'bookmaker prices on selections whose fair exchange probability has risen by the threshold since an earlier moment',
        rankedBy: 'expected profit of backing at the bookmaker\u2019s odds at today\u2019s fair probability (expectedValue), no lay',
        figure: 'expected value',
        assumptions: [FAIR, 'The exchange\u2019s current fair price is the true probability.'],
      },
      {
        key: 'betBuilderFinder',
        reads: ['exchangeBacks', 'betBuilders'],
        capability: 'PA-CAP-049',
        engine: 'findBetBuilderValue',
        providerFeature: null,
        candidates: 'bookmaker bet-builder prices whose legs all have a full exchange book',
        rankedBy: 'value ratio odds \u00d7 \u03a0 p(leg)',
        figure: 'approximate',
        assumptions: [FAIR, 'Legs are treated as independent although they are correlated: the ratio is approximate and flagged so.'],
      },
      {
        key: 'golfMaster',
        reads: ['exchangeBacks', 'placeMarkets', 'eachWay'],
        capability: 'PA-CAP-060',
        engine: 'findGolfValue',
        providerFeature: null,
        candidates: 'each-way golf outright prices',
        rankedBy: 'expected profit of the each-way bet without a lay (noLay)',
        figure: 'expected value',
        assumptions: [
          FAIR,
          'P(top M) is the exchanges\u2019 top-M market (mid prices scaled so the field adds up to M), or interpolated linearly between the nearest top-N markets.',
          'Dead heats are ignored.',
        ],
      },
    ] satisfies FinderTool[]
  ).map((t) => Object.freeze({ ...t, assumptions: Object.freeze([...t.assumptions]), reads: Object.freeze([...t.reads]) })),
);
