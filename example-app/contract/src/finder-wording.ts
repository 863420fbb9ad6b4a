// What a finder page tells a member about its tool, in plain English: what it looks at, what it
// ranks by and what it assumes. The sdk's finderTools registry says the same for developers (with
// its function names and formulas); a member reads this, and this brand's tool names, on the tool's
// page (the web app) and in the tool's guide (the server's seed).
import type { Brand } from '@matchkit/sdk/brands';

/** A finder tool's description for members. */
export interface FinderWording {
  readonly candidates: string;
  readonly rankedBy: string;
  readonly assumptions: readonly string[];
}

const FAIR =
  'A selection’s fair chance is read from the exchanges: the middle of the best back and lay prices, with the exchange’s margin taken out.';
const GOALS = 'Goals are modelled as arriving at random, at rates that match the fair chances of a home win, a draw and an away win.';
const RUNNERS = 'A match’s runners are listed home, draw, away.';

/** The title this brand gives a tool (the catalogue's display name), or a plain fallback. */
const titleOf = (brand: Brand, key: string, fallback: string) => brand.tools.find((t) => t.key === key)?.title ?? fallback;

/** The plain description of the finder tool `key` on `brand`, or undefined for a tool without one. */
export function finderWording(brand: Brand, key: string): FinderWording | undefined {
  switch (key) {
    case 'oddsmatcher':
      return {
        candidates: 'every bookmaker back and exchange lay on the same selection, at the exchanges enabled in your settings',
        rankedBy:
          'the rating (what a qualifying bet returns for each pound staked), or the share kept for free bets, with the qualifying loss for the stake',
        assumptions: [],
      };
    case 'dutching':
      return {
        candidates: 'every market whose outcomes all have a bookmaker price, each at the best price among your bookmakers',
        rankedBy: 'the return on the total stake: the profit, the same whichever outcome wins, over the budget',
        assumptions: [],
      };
    case 'matchCatcher':
      return {
        candidates: 'the oddsmatcher’s bets narrowed to one offer’s bookmaker, odds range, markets, sports and dates',
        rankedBy:
          'the offer’s profit with the lay that evens out both outcomes: the rating for qualifying bets, the share kept for free bets',
        assumptions: [],
      };
    case 'eachWayCatcher':
      return {
        candidates: 'each-way prices on races with an exchange place market, laid in the win and place markets of one exchange',
        rankedBy: 'the profit in the worst of the three outcomes: the horse wins, only places, or loses',
        assumptions: [],
      };
    case 'accaCatcher':
      return {
        candidates: 'accas of the offer’s size from the best-rated legs (one per event) in the offer’s odds range, laid at one exchange',
        rankedBy: 'the profit, the same whichever way the legs go',
        assumptions: ['A refund paid as a free bet is worth its amount times the share of it you expect to keep.'],
      };
    case 'twoUpMatcher':
      return {
        candidates: 'football match result bets with an early payout when your side goes two goals up, laid at the best exchange',
        rankedBy: 'the rating (the smallest qualifying loss), with the expected profit beside it',
        assumptions: [
          FAIR,
          GOALS,
          'The early payout is worth the chance that your side goes ahead by the margin and then fails to win; the lay is left to run.',
          RUNNERS,
        ],
      };
    case 'twoUpMaster':
      return {
        candidates: `the bets ${titleOf(brand, 'twoUpMatcher', 'the early payout finder')} finds, at exchanges taking part in ${titleOf(brand, 'twoUpMaster', 'this tool')}`,
        rankedBy: 'the expected profit: the profit when the early payout comes, weighed by its chance, and the qualifying loss otherwise',
        assumptions: [
          FAIR,
          GOALS,
          'The chance of the early payout is the chance that your side goes ahead by the margin and then fails to win; the lay is left to run.',
          RUNNERS,
        ],
      };
    case 'extraPlaceCatcher':
      return {
        candidates:
          'each-way prices paying more places than the exchange’s place market, laid in the win and place markets of one exchange',
        rankedBy:
          'the expected profit: the profit when the horse finishes in an extra place, weighed by its chance, and the qualifying result otherwise; with how many bets one extra place pays for',
        assumptions: [
          'The chance of finishing in an extra place comes from the exchanges’ place markets for both numbers of places when both are priced.',
          `Otherwise it is worked out from the fair chances of winning. ${FAIR}`,
        ],
      };
    case 'extraPlaceMaster':
      return {
        candidates: `the bets ${titleOf(brand, 'extraPlaceCatcher', 'the extra place finder')} finds, plus lay-the-place and lock bet hedges where the exchange offers them`,
        rankedBy: 'the expected profit with the best hedge at each exchange (a locked-in profit is its own expectation)',
        assumptions: [
          `For the each-way lay: as ${titleOf(brand, 'extraPlaceCatcher', 'the extra place finder')}.`,
          'Lay-the-place and lock bet hedges lock in a profit: no chance enters.',
        ],
      };
    case 'bogCatcher':
      return {
        candidates: 'prices with best odds guaranteed, laid at the best exchange',
        rankedBy:
          'the expected profit: the qualifying loss plus what best odds guaranteed is expected to add when the starting price beats your odds',
        assumptions: [
          FAIR,
          'The starting price varies around the fair odds by about 20%.',
          'The starting price does not depend on the result once the chance of winning is fixed; the lay is not changed.',
        ],
      };
    case 'priceBoostTracker':
      return {
        candidates: 'boosted prices against every exchange lay you use',
        rankedBy: 'the rating; over 100% is a profit whatever the result',
        assumptions: [],
      };
    case 'luckyFinder':
      return {
        candidates:
          'Lucky 15, 31 and 63 bets from the best selection of each event at the offer’s bookmaker that can be laid at an exchange you use',
        rankedBy: 'the expected profit after laying: the bonus’s value, less the bookmaker’s margin on the lines and the cost of the lays',
        assumptions: [
          FAIR,
          'Selections in different events are independent.',
          'Each selection is laid on its own at its best exchange, by the amount that makes the whole bet vary the least.',
          'No Rule 4, dead heats or non-runners; lays are matched in full at the quoted price.',
        ],
      };
    case 'steamChaser':
      return {
        candidates: 'bookmaker prices on selections whose fair chance at the exchanges has risen by the threshold since an earlier moment',
        rankedBy: 'the expected profit of backing at the bookmaker’s odds at today’s fair chance, with no lay',
        assumptions: [FAIR, 'The exchanges’ current fair price is the true chance.'],
      };
    case 'betBuilderFinder':
      return {
        candidates: 'bookmaker bet builder prices whose legs all have a full exchange market',
        rankedBy: 'the value ratio: the odds times the chance that every leg comes in',
        assumptions: [FAIR, 'The legs are treated as independent although they are linked: the ratio is approximate, and marked so.'],
      };
    case 'golfMaster':
      return {
        candidates: 'each-way golf outright prices',
        rankedBy: 'the expected profit of the each-way bet, with no lay',
        assumptions: [
          FAIR,
          'The chance of a top finish comes from the exchanges’ top-finish market for those places, or lies between the nearest ones.',
          'Dead heats are ignored.',
        ],
      };
    default:
      return undefined;
  }
}
